// The Solana side of a send on the shared devnet's Solana RPC (litesvm): the unsigned transfer
// built for SOL, classic SPL and Token-2022 mints, signed and sent by the Solana test wallet; the fee
// quote against what the cluster charges; and confirmation by polling. Each test funds fresh keys
// with an airdrop, so nothing here depends on the other files' use of the devnet. The send and fee
// verbs over this module (amount parsing, balances, the wallet through the connector) are in
// features/send/sendToken.devnet.test.ts; its loading with the network's RPC in chainAccess.test.ts.
import {
  type Address,
  createDefaultRpcTransport,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpcFromTransport,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  type RpcTransport,
} from '@solana/kit'
import { parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { WalletAccount } from '@wallet-standard/base'
import { expect, inject, test } from 'vitest'
import { createSolanaMint, mintToOwner, token2022ProgramAddress } from '../../../test/solana.js'
import { type CreateTestSolanaWalletReturnType, createTestSolanaWallet } from '../../../testing/solanaWallet.js'
import { TransactionConfirmationTimeoutError, TransactionFailedError } from '../../errors/transaction.js'
import type { SolanaRpc } from '../../rpc/solanaClient.js'
import { buildSolanaTransfer, confirmSolanaSignature, estimateSolanaTransfer } from './solanaTransfer.js'

const devnet = inject('devnet')
const sol = 1_000_000_000n

type JsonRpcAnswer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: unknown }
/** Changes one answer of the devnet: `n` counts the calls of the method, from 1. */
type Hook = (answer: () => Promise<JsonRpcAnswer>, n: number) => Promise<JsonRpcAnswer>

/**
 * The devnet's RPC, through kit's own HTTP transport; `hooks` change what one method answers (a
 * node that drops a poll, or has not confirmed yet), the rest is the devnet's. Records each method.
 */
function devnetRpc(hooks: Record<string, Hook> = {}): { rpc: SolanaRpc; methods: string[] } {
  const http = createDefaultRpcTransport({ url: devnet.solanaRpcUrl })
  const methods: string[] = []
  const transport = (async (request: Parameters<RpcTransport>[0]) => {
    const { method } = request.payload as { method: string }
    methods.push(method)
    const answer = () => http<JsonRpcAnswer>(request)
    const hook = hooks[method]
    return hook ? hook(answer, methods.filter((m) => m === method).length) : answer()
  }) as RpcTransport
  return { rpc: createSolanaRpcFromTransport(transport), methods }
}

const { rpc } = devnetRpc()

/** A fresh key with `amount` lamports: the Solana test wallet (connected) and a kit signer of it. */
async function fundedKey(amount = 10n * sol) {
  const seed = crypto.getRandomValues(new Uint8Array(32))
  const solana = await createTestSolanaWallet({ seeds: [seed], rpcUrl: devnet.solanaRpcUrl })
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed)
  await rpc.requestAirdrop(signer.address, lamports(amount)).send()
  const [account] = (await solana.wallet.features['standard:connect'].connect()).accounts
  return { solana, account: account as WalletAccount, signer, address: signer.address }
}

/** A new mint of `tokenProgram` (authority `owner`) with `supply` in the owner's associated account. */
async function createMint(owner: KeyPairSigner, tokenProgram: Address, decimals: number, supply: bigint) {
  const mint = await createSolanaMint(rpc, owner, tokenProgram, decimals)
  await mintToOwner(rpc, owner, { mint, tokenProgram, owner: owner.address, amount: supply })
  return mint
}

/** What the wallet does with the built transaction in a send: sign it and send it to the devnet. */
async function signAndSend(
  { solana, account }: { solana: CreateTestSolanaWalletReturnType; account: WalletAccount },
  transaction: string,
  options?: { skipPreflight?: boolean },
) {
  const [output] = await solana.wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
    account,
    chain: 'solana:localnet',
    transaction: Uint8Array.from(getBase64Encoder().encode(transaction)),
    ...(options ? { options } : {}),
  })
  return getBase58Decoder().decode(output?.signature as Uint8Array)
}

/** The built transaction read back: its signature slots and its message's instructions. */
function decode(transaction: string) {
  const { messageBytes, signatures } = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
  const message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(messageBytes))
  return {
    messageBytes,
    signatures,
    feePayer: message.feePayer.address,
    instructions: message.instructions as readonly Instruction[],
  }
}

const balance = async (owner: Address) => (await rpc.getBalance(owner).send()).value

/** Base units in `owner`'s associated account of `mint`, `undefined` when it has none. */
async function tokenBalance(owner: Address, mint: Address, tokenProgram: Address) {
  const [account] = await findAssociatedTokenPda({ owner, mint, tokenProgram })
  const { value } = await rpc.getAccountInfo(account, { encoding: 'base64' }).send()
  if (!value) return undefined
  expect(value.owner).toBe(tokenProgram)
  return BigInt((await rpc.getTokenAccountBalance(account).send()).value.amount)
}

/** The signature of a SOL transfer built here, sent by a fresh sender (rent-exempt at the receiver). */
async function sentTransfer() {
  const sender = await fundedKey()
  const to = (await generateKeyPairSigner()).address
  const transfer = await buildSolanaTransfer({ rpc, from: sender.address, to, amount: 1_000_000n, decimals: 9 })
  return signAndSend(sender, transfer.transaction)
}

const randomSignature = () => getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(64)))

test('behavior: a SOL transfer is one unsigned System transfer paid by the sender; signed and sent, exactly `amount` lamports move', async () => {
  const sender = await fundedKey()
  const receiver = (await generateKeyPairSigner()).address
  const transfer = await buildSolanaTransfer({
    rpc,
    from: sender.address,
    to: receiver,
    amount: 1_234_567n,
    decimals: 9,
  })
  expect(transfer.createsAccount).toBe(false)
  const { messageBytes, signatures, feePayer, instructions } = decode(transfer.transaction)
  // The wallet signs later: one slot, the sender's, still empty; `message` is the same message.
  expect(signatures).toEqual({ [sender.address]: null })
  expect(transfer.message).toBe(Buffer.from(messageBytes).toString('base64'))
  expect(feePayer).toBe(sender.address)
  expect(instructions.map((i) => i.programAddress)).toEqual([SYSTEM_PROGRAM_ADDRESS])
  const { accounts, data } = parseTransferSolInstruction(instructions[0] as never)
  expect([accounts.source.address, accounts.destination.address, data.amount]).toEqual([
    sender.address,
    receiver,
    1_234_567n,
  ])

  const before = await balance(sender.address)
  const { fee } = await estimateSolanaTransfer({
    rpc,
    from: sender.address,
    to: receiver,
    amount: 1_234_567n,
    decimals: 9,
  })
  await signAndSend(sender, transfer.transaction)
  expect(await balance(receiver)).toBe(1_234_567n)
  // The quote is what the cluster charged for it.
  expect(before - (await balance(sender.address))).toBe(1_234_567n + (fee as bigint))
})

test('default: the estimate of a SOL transfer is the signature fee alone, with no account to create', async () => {
  const sender = await fundedKey()
  const receiver = (await generateKeyPairSigner()).address
  expect(await estimateSolanaTransfer({ rpc, from: sender.address, to: receiver, amount: sol, decimals: 9 })).toEqual({
    fee: 5_000n,
    createsAccount: false,
    accountRent: undefined,
  })
})

test("behavior: SPL creates the receiver's associated account (quoted with its 165-byte rent) then transferChecked; a second send reuses it", async () => {
  const sender = await fundedKey()
  const mint = await createMint(sender.signer, TOKEN_PROGRAM_ADDRESS, 6, 10_000_000n)
  const receiver = (await generateKeyPairSigner()).address
  const parameters = { rpc, from: sender.address, to: receiver, amount: 1_500_000n, mint, decimals: 6 }

  const first = await buildSolanaTransfer(parameters)
  expect(first.createsAccount).toBe(true)
  const { instructions } = decode(first.transaction)
  expect(instructions.map((i) => i.programAddress)).toEqual([ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS])
  const [senderAccount] = await findAssociatedTokenPda({
    owner: sender.address,
    mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const [receiverAccount] = await findAssociatedTokenPda({ owner: receiver, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const { accounts, data } = parseTransferCheckedInstruction(instructions[1] as never)
  expect({
    source: accounts.source.address,
    mint: accounts.mint.address,
    destination: accounts.destination.address,
    authority: accounts.authority.address,
    amount: data.amount,
    decimals: data.decimals,
  }).toEqual({
    source: senderAccount,
    mint,
    destination: receiverAccount,
    authority: sender.address,
    amount: 1_500_000n,
    decimals: 6,
  })
  const rent = await rpc.getMinimumBalanceForRentExemption(165n).send()
  expect(await estimateSolanaTransfer(parameters)).toEqual({ fee: 5_000n, createsAccount: true, accountRent: rent })

  const solBefore = await balance(sender.address)
  await signAndSend(sender, first.transaction)
  expect(await tokenBalance(receiver, mint, TOKEN_PROGRAM_ADDRESS)).toBe(1_500_000n)
  expect(await tokenBalance(sender.address, mint, TOKEN_PROGRAM_ADDRESS)).toBe(8_500_000n)
  // The sender paid the fee and the new account's deposit, as quoted.
  expect(solBefore - (await balance(sender.address))).toBe(5_000n + rent)

  const second = await buildSolanaTransfer({ ...parameters, amount: 250_000n })
  expect(second.createsAccount).toBe(false)
  expect(decode(second.transaction).instructions.map((i) => i.programAddress)).toEqual([TOKEN_PROGRAM_ADDRESS])
  expect(await estimateSolanaTransfer(parameters)).toMatchObject({ createsAccount: false, accountRent: undefined })
  await signAndSend(sender, second.transaction)
  expect(await tokenBalance(receiver, mint, TOKEN_PROGRAM_ADDRESS)).toBe(1_750_000n)
})

test("behavior: a Token-2022 mint is sent through the Token-2022 program and its associated accounts, the mint owner's choice", async () => {
  const sender = await fundedKey()
  const mint = await createMint(sender.signer, token2022ProgramAddress, 2, 1_000n)
  const receiver = (await generateKeyPairSigner()).address
  const transfer = await buildSolanaTransfer({
    rpc,
    from: sender.address,
    to: receiver,
    amount: 125n,
    mint,
    decimals: 2,
  })
  expect(transfer.createsAccount).toBe(true)
  const { instructions } = decode(transfer.transaction)
  expect(instructions.map((i) => i.programAddress)).toEqual([ASSOCIATED_TOKEN_PROGRAM_ADDRESS, token2022ProgramAddress])
  // The account-creation instruction names the Token-2022 program too.
  expect(instructions[0]?.accounts?.map((a) => a.address)).toContain(token2022ProgramAddress)
  await signAndSend(sender, transfer.transaction)
  expect(await tokenBalance(receiver, mint, token2022ProgramAddress)).toBe(125n)
  expect(await tokenBalance(sender.address, mint, token2022ProgramAddress)).toBe(875n)
  expect(await tokenBalance(receiver, mint, TOKEN_PROGRAM_ADDRESS)).toBeUndefined()
})

test('edge: a blockhash the cluster no longer knows has no fee: `fee` is undefined, the rest is still answered', async () => {
  const sender = await fundedKey()
  const mint = await createMint(sender.signer, TOKEN_PROGRAM_ADDRESS, 6, 1n)
  // The blockhash expires between building and quoting: the node answers an old one it has dropped.
  const { rpc: stale, methods } = devnetRpc({
    getLatestBlockhash: async (answer) => {
      const latest = (await answer()) as JsonRpcAnswer & { result: { value: { blockhash: string } } }
      latest.result.value.blockhash = getBase58Decoder().decode(new Uint8Array(32).fill(7))
      return latest
    },
  })
  const receiver = (await generateKeyPairSigner()).address
  const estimate = await estimateSolanaTransfer({
    rpc: stale,
    from: sender.address,
    to: receiver,
    amount: 1n,
    mint,
    decimals: 6,
  })
  expect(estimate).toEqual({
    fee: undefined,
    createsAccount: true,
    accountRent: await rpc.getMinimumBalanceForRentExemption(165n).send(),
  })
  expect(methods).toContain('getFeeForMessage')
})

test('behavior: confirmation resolves once the cluster reports the signature confirmed or finalized', async () => {
  const signature = await sentTransfer()
  // The devnet finalizes on send.
  const finalized = devnetRpc()
  await expect(confirmSolanaSignature(finalized.rpc, signature)).resolves.toBeUndefined()
  expect(finalized.methods).toEqual(['getSignatureStatuses'])
  // A node that has only processed it is polled again; confirmed is enough.
  const statuses = ['processed', 'confirmed']
  const slow = devnetRpc({
    getSignatureStatuses: async (answer, n) => {
      const response = (await answer()) as JsonRpcAnswer & { result: { value: { confirmationStatus: string }[] } }
      ;(response.result.value[0] as { confirmationStatus: string }).confirmationStatus = statuses[n - 1] as string
      return response
    },
  })
  await expect(confirmSolanaSignature(slow.rpc, signature)).resolves.toBeUndefined()
  expect(slow.methods).toEqual(['getSignatureStatuses', 'getSignatureStatuses'])
})

test('behavior: a poll that fails (a dropped connection) is retried: the transaction is already out', async () => {
  const signature = await sentTransfer()
  const flaky = devnetRpc({
    getSignatureStatuses: (answer, n) => (n === 1 ? Promise.reject(new TypeError('fetch failed')) : answer()),
  })
  await expect(confirmSolanaSignature(flaky.rpc, signature)).resolves.toBeUndefined()
  expect(flaky.methods).toEqual(['getSignatureStatuses', 'getSignatureStatuses'])
})

test('error: a transaction that landed and failed is TransactionFailedError with its instruction error, at once', async () => {
  const sender = await fundedKey(sol)
  const receiver = (await generateKeyPairSigner()).address
  // More than the sender holds: the fee is charged, the transfer instruction fails.
  const transfer = await buildSolanaTransfer({ rpc, from: sender.address, to: receiver, amount: 5n * sol, decimals: 9 })
  const signature = await signAndSend(sender, transfer.transaction, { skipPreflight: true })
  // No time to poll again: a failure must be told by the first answer, not waited out.
  const error = await confirmSolanaSignature(rpc, signature, { timeoutMs: 0 }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TransactionFailedError)
  // The status's error as JSON (kit reads its integers as bigints, written as strings): instruction 0,
  // the System Program's custom error 1 (insufficient lamports).
  expect(error).toMatchObject({
    hash: signature,
    details: expect.stringMatching(
      new RegExp(`^${signature}: \\{"InstructionError":\\["?0"?,\\{"Custom":"?1"?\\}\\]\\}$`),
    ),
  })
  expect(await balance(receiver)).toBe(0n)
})

test('error: no confirmation before the deadline is TransactionConfirmationTimeoutError with the hash and the last poll error', async () => {
  const unknown = randomSignature()
  const unseen = await confirmSolanaSignature(rpc, unknown, { timeoutMs: 0 }).catch((e: unknown) => e)
  expect(unseen).toBeInstanceOf(TransactionConfirmationTimeoutError)
  expect(unseen).toMatchObject({ hash: unknown, details: `${unknown} was not confirmed within 0 s.` })
  expect((unseen as Error).cause).toBeUndefined()

  const reset = new TypeError('fetch failed')
  const down = devnetRpc({ getSignatureStatuses: () => Promise.reject(reset) })
  const error = await confirmSolanaSignature(down.rpc, unknown, { timeoutMs: 0 }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TransactionConfirmationTimeoutError)
  expect((error as Error).cause).toBe(reset)
})
