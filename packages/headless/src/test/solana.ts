// Solana pieces the adapter's tests share: the transfer an app hands a wallet to sign, and sending
// instructions (mints, token accounts) to the devnet cluster with kit's signers.
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type Rpc,
  type SolanaRpcApi,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
} from '@solana-program/token'

/** The Token-2022 program (its kit client is not a dependency here). */
export const token2022ProgramAddress = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

/**
 * An unsigned System Program transfer of `amount` lamports from `from` to `to`, as base64 wire
 * bytes (what an app hands a wallet). Its blockhash is a placeholder: signed, never sent.
 */
export function unsignedSolanaTransfer(from: Address, to: Address, amount = 1n): string {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true) // SystemInstruction::Transfer
  view.setBigUint64(4, amount, true)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 0n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: address('11111111111111111111111111111111'),
          accounts: [
            { address: from, role: AccountRole.WRITABLE_SIGNER },
            { address: to, role: AccountRole.WRITABLE },
          ],
          data,
        },
        m,
      ),
  )
  return Buffer.from(getTransactionEncoder().encode(compileTransaction(message))).toString('base64')
}

/** Signs `instructions` with their signers, `payer` paying, and sends them; answers the signature. */
export async function submitSolana(rpc: Rpc<SolanaRpcApi>, payer: KeyPairSigner, instructions: Instruction[]) {
  const { value: latest } = await rpc.getLatestBlockhash().send()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

/** A new mint of `tokenProgram` with `decimals`, `payer` paying and its mint authority. */
export async function createSolanaMint(
  rpc: Rpc<SolanaRpcApi>,
  payer: KeyPairSigner,
  tokenProgram: Address,
  decimals: number,
): Promise<Address> {
  const mint = await generateKeyPairSigner()
  const space = BigInt(getMintSize())
  await submitSolana(rpc, payer, [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: await rpc.getMinimumBalanceForRentExemption(space).send(),
      space,
      programAddress: tokenProgram,
    }),
    getInitializeMint2Instruction(
      { mint: mint.address, decimals, mintAuthority: payer.address },
      { programAddress: tokenProgram },
    ),
  ])
  return mint.address
}

/** Mints `amount` of `mint` (authority `payer`) to `owner`'s associated account, made if needed. */
export async function mintToOwner(
  rpc: Rpc<SolanaRpcApi>,
  payer: KeyPairSigner,
  { mint, tokenProgram, owner, amount }: { mint: Address; tokenProgram: Address; owner: Address; amount: bigint },
) {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram })
  await submitSolana(rpc, payer, [
    getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner, mint, tokenProgram }),
    getMintToInstruction({ mint, token: ata, mintAuthority: payer, amount }, { programAddress: tokenProgram }),
  ])
}
