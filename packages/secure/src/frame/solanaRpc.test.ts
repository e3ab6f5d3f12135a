// The frame's Solana requests against the devnet's Solana RPC (litesvm behind a JSON-RPC server):
// keys are real ed25519 keys, transfers land on the devnet's ledger. The user's answer to the
// approval prompt is the test's input here; the prompt itself, clicked in the frame's own document,
// is covered by tests/e2e/embeddedWallet.test.ts.
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import { beforeAll, describe, expect, inject, test, vi } from 'vitest'
// The devnet the root vitest globalSetup starts; its module types what `inject('devnet')` returns.
import type {} from '../../../headless/src/test/globalDevnet.js'
import { solanaRpc, transferTransaction } from '../test/solanaTransfer.js'
import type { ApprovalRequest } from './approval.js'
import { RpcError } from './rpcError.js'
import { handleSolanaRpc, type SolanaRpcContext } from './solanaRpc.js'
import { parseTransaction } from './solanaTransaction.js'

const { solanaRpcUrl } = inject('devnet')
const rpc = <T>(method: string, params: unknown[] = []) => solanaRpc<T>(solanaRpcUrl, method, params)
const lamportsOf = async (address: Uint8Array) =>
  (await rpc<{ value: number }>('getBalance', [base58.encode(address), { commitment: 'confirmed' }])).value

const secret = ed25519.utils.randomSecretKey()
const wallet = ed25519.getPublicKey(secret)
const SOL = 1_000_000_000

/** The frame's side, with the user answering `answer` and every prompt and key use recorded. */
function frame({ answer = true, rpcUrl = solanaRpcUrl }: { answer?: boolean; rpcUrl?: string } = {}) {
  const prompts: Omit<ApprovalRequest, 'origin'>[] = []
  let keyUses = 0
  const context: SolanaRpcContext = {
    address: base58.encode(wallet),
    rpcUrl,
    withSecret: async (use) => {
      keyUses++
      return use(secret.slice())
    },
    approve: async (request) => {
      prompts.push(request)
      if (!answer) throw new RpcError('User rejected the request.', 4001)
    },
  }
  return { context, prompts, keyUses: () => keyUses }
}

let blockhash: Uint8Array
/** A fresh recipient, so each test reads its own balance. */
const newRecipient = () => ed25519.getPublicKey(ed25519.utils.randomSecretKey())
const transfer = (recipient: Uint8Array, lamports: bigint, payer = wallet) =>
  base64.encode(transferTransaction({ payer, recipient, blockhash, lamports }))

beforeAll(async () => {
  await rpc('requestAirdrop', [base58.encode(wallet), 10 * SOL])
  await vi.waitFor(async () => expect(await lamportsOf(wallet)).toBe(10 * SOL), { timeout: 30_000, interval: 100 })
  const latest = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash', [])
  blockhash = base58.decode(latest.value.blockhash)
})

describe('handleSolanaRpc', () => {
  test('default: solana_signAndSendTransaction sends the approved transfer to the network', async () => {
    const recipient = newRecipient()
    const { context, prompts } = frame()
    const result = (await handleSolanaRpc(context, 'solana_signAndSendTransaction', {
      transaction: transfer(recipient, 25_000_000n),
      options: { preflightCommitment: 'confirmed' },
    })) as { signature: string }
    expect(prompts).toEqual([
      {
        title: 'Send transaction',
        rows: [
          { label: 'Fee payer', value: base58.encode(wallet) },
          { label: 'Instruction 1', value: `Transfer 0.025 SOL to ${base58.encode(recipient)}` },
        ],
      },
    ])
    expect(base58.decode(result.signature)).toHaveLength(64)
    await expect.poll(() => lamportsOf(recipient), { timeout: 30_000 }).toBe(25_000_000)
  })

  test('behavior: solana_signTransaction returns the signed transaction and sends nothing', async () => {
    const recipient = newRecipient()
    const { context, prompts } = frame()
    const unsigned = transfer(recipient, 10_000_000n)
    const result = (await handleSolanaRpc(context, 'solana_signTransaction', [{ transaction: unsigned }])) as {
      signature: string
      transaction: string
    }
    expect(prompts.map((p) => p.title)).toEqual(['Sign transaction'])
    const signed = base64.decode(result.transaction)
    const { message } = parseTransaction(signed)
    expect(ed25519.verify(base58.decode(result.signature), message, wallet)).toBe(true)
    expect(await lamportsOf(recipient)).toBe(0)
    // The signed bytes are a transaction the network accepts as they are.
    await rpc('sendTransaction', [result.transaction, { encoding: 'base64' }])
    await expect.poll(() => lamportsOf(recipient), { timeout: 30_000 }).toBe(10_000_000)
  })

  test('behavior: solana_signAllTransactions asks once, numbering each transaction’s rows', async () => {
    const [first, second] = [newRecipient(), newRecipient()]
    const { context, prompts, keyUses } = frame()
    const result = (await handleSolanaRpc(context, 'solana_signAllTransactions', {
      transactions: [transfer(first, 1_000_000n), transfer(second, 2_000_000n)],
    })) as { transactions: string[] }
    expect(prompts).toHaveLength(1)
    expect(prompts[0]?.title).toBe('Sign 2 transactions')
    expect(prompts[0]?.rows.map((row) => row.label)).toEqual([
      '#1 Fee payer',
      '#1 Instruction 1',
      '#2 Fee payer',
      '#2 Instruction 1',
    ])
    expect(keyUses()).toBe(1)
    expect(result.transactions).toHaveLength(2)
    for (const transaction of result.transactions) {
      const bytes = base64.decode(transaction)
      expect(ed25519.verify(bytes.subarray(1, 65), parseTransaction(bytes).message, wallet)).toBe(true)
    }
  })

  test('behavior: solana_signMessage shows the base58 message as text and signs its bytes', async () => {
    const { context, prompts } = frame()
    const bytes = new TextEncoder().encode('Sign in to example.com')
    const result = (await handleSolanaRpc(context, 'solana_signMessage', {
      message: base58.encode(bytes),
      pubkey: base58.encode(wallet),
    })) as { signature: string }
    expect(prompts).toEqual([{ title: 'Sign message', rows: [{ label: 'Message', value: 'Sign in to example.com' }] }])
    expect(ed25519.verify(base58.decode(result.signature), bytes, wallet)).toBe(true)
  })

  test('error: a rejected request uses no key and sends nothing', async () => {
    const recipient = newRecipient()
    const { context, prompts, keyUses } = frame({ answer: false })
    await expect(
      handleSolanaRpc(context, 'solana_signAndSendTransaction', { transaction: transfer(recipient, 5_000_000n) }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(prompts).toHaveLength(1)
    expect(keyUses()).toBe(0)
    expect(await lamportsOf(recipient)).toBe(0)
  })

  test('error: a transaction the wallet does not sign is refused before the user is asked', async () => {
    const { context, prompts } = frame()
    const someoneElse = newRecipient()
    await expect(
      handleSolanaRpc(context, 'solana_signTransaction', { transaction: transfer(newRecipient(), 1n, someoneElse) }),
    ).rejects.toThrow(
      expect.objectContaining({
        code: -32602,
        message: 'Invalid transaction: the wallet is not a signer of this transaction',
      }),
    )
    await expect(
      handleSolanaRpc(context, 'solana_signTransaction', { transaction: base64.encode(new Uint8Array([1, 2, 3])) }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(prompts).toEqual([])
  })

  test.each([
    [
      'a message for another pubkey',
      'solana_signMessage',
      { message: '3yZe7d', pubkey: base58.encode(newRecipient()) },
    ],
    ['no transaction', 'solana_signTransaction', {}],
    ['transactions that are not strings', 'solana_signAllTransactions', { transactions: [1] }],
  ] as const)('error: %s is refused as invalid params', async (_, method, params) => {
    const { context, prompts } = frame()
    await expect(handleSolanaRpc(context, method, params)).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid params',
    })
    expect(prompts).toEqual([])
  })

  test('error: sending without the network’s RPC URL is refused before the user is asked', async () => {
    const { context, prompts } = frame({ rpcUrl: '' })
    await expect(
      handleSolanaRpc(context, 'solana_signAndSendTransaction', { transaction: transfer(newRecipient(), 1n) }),
    ).rejects.toMatchObject({ code: -32603, message: 'No RPC URL for this network' })
    expect(prompts).toEqual([])
  })

  test('error: the network’s refusal comes back with its code', async () => {
    // A payer the devnet never funded: preflight fails on the node, after the user approved.
    const payerSecret = ed25519.utils.randomSecretKey()
    const payer = ed25519.getPublicKey(payerSecret)
    const context: SolanaRpcContext = {
      ...frame().context,
      address: base58.encode(payer),
      withSecret: async (use) => use(payerSecret.slice()),
    }
    const error = await handleSolanaRpc(context, 'solana_signAndSendTransaction', {
      transaction: transfer(newRecipient(), 1_000_000n, payer),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ code: -32002 })
  })
})
