// Node environment on purpose: @portico/devnet is Node-only, and under a DOM environment vitest
// serves its source with an http: `import.meta.url`, which breaks its state-file lookup.
import { type SolanaRpcServer, solanaAccounts, solanaCaipNetworkId, startSolanaRpc } from '@portico/devnet'
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getStructEncoder,
  getTransactionEncoder,
  getU32Encoder,
  getU64Encoder,
  pipe,
  type Signature,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestSolanaWallet } from './solanaWallet.js'

// The devnet's litesvm-backed RPC (funded solanaAccounts) on a free loopback port.
let server: SolanaRpcServer
beforeAll(async () => {
  server = await startSolanaRpc()
})
afterAll(async () => {
  await server?.stop()
})

const transferData = getStructEncoder([
  ['instruction', getU32Encoder()],
  ['lamports', getU64Encoder()],
])

test('behavior: signAndSendTransaction sends a SOL transfer that lands', async () => {
  const solana = await createTestSolanaWallet({
    seeds: solanaAccounts.map((a) => a.seed),
    rpcUrl: server.rpcUrl,
    chains: [solanaCaipNetworkId],
  })
  const account = (await solana.wallet.features['standard:connect'].connect()).accounts[0]!
  expect(account.address).toBe(solanaAccounts[0].address)
  const from = account.address as Address
  const to = address(solanaAccounts[1].address)
  const rpc = createSolanaRpc(server.rpcUrl)
  const before = (await rpc.getBalance(to).send()).value
  const { value: lifetime } = await rpc.getLatestBlockhash().send()

  // What an app hands the wallet: an unsigned System Program transfer in wire format.
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: address('11111111111111111111111111111111'),
          accounts: [
            { address: from, role: AccountRole.WRITABLE_SIGNER },
            { address: to, role: AccountRole.WRITABLE },
          ],
          data: transferData.encode({ instruction: 2, lamports: 1_000_000n }),
        },
        m,
      ),
  )
  const [output] = await solana.wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
    account,
    chain: solanaCaipNetworkId,
    transaction: new Uint8Array(getTransactionEncoder().encode(compileTransaction(message))),
    options: { commitment: 'confirmed' },
  })

  expect(output?.signature).toHaveLength(64)
  const signature = getBase58Decoder().decode(output!.signature) as Signature
  const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
  expect(statuses[0]).toMatchObject({ err: null })
  expect((await rpc.getBalance(to).send()).value).toBe(before + 1_000_000n)
})
