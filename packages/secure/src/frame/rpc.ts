import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import {
  bytesToHex,
  createWalletClient,
  type Hex,
  hexToBigInt,
  hexToString,
  http,
  isHex,
  type TransactionRequest,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { frameTexts, rpcMethodKind } from '../protocol.js'
import { type ApprovalRequest, requestApproval } from './approval.js'
import type { Namespace } from './keys.js'
import {
  describeTransaction,
  InvalidTransactionError,
  parseTransaction,
  signTransactionBytes,
} from './solanaTransaction.js'

/** What the RPC handler needs from the frame. */
export type RpcContext = {
  hostOrigin: string
  chainId: number | string
  rpcUrl: string | undefined
  addresses: Record<Namespace, string>
  /** Runs `use` with the rebuilt key of `namespace` (wiped afterwards). */
  withSecret<T>(namespace: Namespace, use: (secret: Uint8Array) => Promise<T> | T): Promise<T>
  /** Throws when this device cannot sign in `namespace` (checked before the user is asked). */
  assertCanSign(namespace: Namespace): Promise<void>
  setVisible(visible: boolean): void
  log(...args: unknown[]): void
}

/** An RPC failure with the EIP-1193 code the kit maps (4001 rejected, 4200 unsupported). */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
    this.name = 'RpcError'
  }
}

const callsById = new Map<string, { chainId: Hex; receipts: Hex[] }>()

async function forward(context: RpcContext, method: string, params: unknown): Promise<unknown> {
  if (!context.rpcUrl) throw new RpcError('No RPC URL for this network', -32603)
  const response = await fetch(context.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  })
  const json = (await response.json()) as { result?: unknown; error?: { message?: string; code?: number } }
  if (json.error) throw new RpcError(json.error.message ?? 'RPC error', json.error.code ?? -32603)
  return json.result
}

function list(params: unknown): unknown[] {
  return Array.isArray(params) ? params : []
}

function toTransaction(raw: unknown): TransactionRequest {
  const tx = (raw ?? {}) as Record<string, unknown>
  const big = (v: unknown) => (typeof v === 'string' && isHex(v) ? hexToBigInt(v) : undefined)
  const out: Record<string, unknown> = {}
  if (typeof tx.to === 'string') out.to = tx.to
  if (typeof tx.data === 'string') out.data = tx.data
  for (const key of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const value = big(tx[key])
    if (value !== undefined) out[key] = value
  }
  if (typeof tx.nonce === 'string' && isHex(tx.nonce)) out.nonce = Number(hexToBigInt(tx.nonce))
  return out as TransactionRequest
}

function describeMessage(hex: string): string {
  if (!isHex(hex)) return hex
  try {
    const text = hexToString(hex as Hex)
    // Show text when it is text; raw bytes stay hex.
    return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : hex
  } catch {
    return hex
  }
}

function sameAddress(a: unknown, b: string) {
  return typeof a === 'string' && a.toLowerCase() === b.toLowerCase()
}

/**
 * Answers one RPC request. Safe methods go to the chain's RPC; unsafe ones ask the user in this
 * origin first; anything off the lists is refused with the spec's texts.
 */
export async function handleRpc(context: RpcContext, method: string, params: unknown): Promise<unknown> {
  const kind = rpcMethodKind(method)
  if (!kind) {
    console.error(frameTexts.notAllowedLog, method)
    throw new RpcError(frameTexts.notAllowed, 4200)
  }
  const evm = context.addresses.eip155
  const chainHex = `0x${typeof context.chainId === 'number' ? context.chainId.toString(16) : '0'}` as Hex
  if (kind === 'local') {
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [evm]
      case 'eth_chainId':
        return chainHex
      case 'wallet_getCapabilities':
        return { [chainHex]: { atomic: { status: 'unsupported' } } }
      case 'wallet_getCallsStatus': {
        const id = list(params)[0]
        const calls = typeof id === 'string' ? callsById.get(id) : undefined
        if (!calls) throw new RpcError('Unknown bundle id', 5730)
        const receipts = await Promise.all(
          calls.receipts.map((hash) => forward(context, 'eth_getTransactionReceipt', [hash])),
        )
        const done = receipts.every(Boolean)
        return { version: '2.0.0', id, chainId: calls.chainId, atomic: false, status: done ? 200 : 100, receipts }
      }
      case 'wallet_getAssets': {
        // EIP-7811, the native balance of the frame's current chain (token lists need an indexer).
        const request = (list(params)[0] ?? {}) as { account?: unknown; chainFilter?: unknown }
        if (!sameAddress(request.account, evm)) throw new RpcError('Invalid params', -32602)
        if (Array.isArray(request.chainFilter) && !request.chainFilter.includes(chainHex)) return {}
        const balance = await forward(context, 'eth_getBalance', [evm, 'latest'])
        return { [chainHex]: [{ address: '0x0', balance, type: 'native' }] }
      }
    }
  }
  if (kind === 'safe') return forward(context, method, params)

  const args = list(params)
  // Never ask the user to approve what this device cannot sign.
  await context.assertCanSign(method.startsWith('solana_') ? 'solana' : 'eip155')
  const ask = (request: Omit<ApprovalRequest, 'origin'>) =>
    requestApproval({ ...request, origin: context.hostOrigin }, context.setVisible)
  const approveOrThrow = async (request: Omit<ApprovalRequest, 'origin'>) => {
    if (!(await ask(request))) throw new RpcError(frameTexts.rejected, 4001)
  }
  const evmAccount = <T>(use: (account: ReturnType<typeof privateKeyToAccount>) => Promise<T>) =>
    context.withSecret('eip155', (secret) => use(privateKeyToAccount(bytesToHex(secret))))
  const walletClient = (account: ReturnType<typeof privateKeyToAccount>) => {
    if (!context.rpcUrl) throw new RpcError('No RPC URL for this network', -32603)
    return createWalletClient({ account, transport: http(context.rpcUrl) })
  }

  switch (method) {
    case 'personal_sign': {
      const [message, address] = args
      if (typeof message !== 'string' || !sameAddress(address, evm)) throw new RpcError('Invalid params', -32602)
      await approveOrThrow({ title: 'Sign message', rows: [{ label: 'Message', value: describeMessage(message) }] })
      return evmAccount((account) => account.signMessage({ message: isHex(message) ? { raw: message } : message }))
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = args
      if (!sameAddress(address, evm)) throw new RpcError('Invalid params', -32602)
      const typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition
      await approveOrThrow({
        title: 'Sign typed data',
        rows: [
          { label: 'Primary type', value: String(typed.primaryType) },
          { label: 'Message', value: JSON.stringify(typed.message, null, 2) },
        ],
      })
      const { EIP712Domain: _, ...types } = (typed.types ?? {}) as Record<string, unknown>
      return evmAccount((account) => account.signTypedData({ ...typed, types } as TypedDataDefinition))
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const raw = args[0] as Record<string, unknown> | undefined
      if (raw?.from !== undefined && !sameAddress(raw.from, evm)) throw new RpcError('Invalid params', -32602)
      const tx = toTransaction(raw)
      await approveOrThrow({
        title: method === 'eth_sendTransaction' ? 'Send transaction' : 'Sign transaction',
        rows: [
          { label: 'To', value: String(tx.to ?? 'contract creation') },
          { label: 'Value (wei)', value: String(tx.value ?? 0n) },
          ...(tx.data ? [{ label: 'Data', value: String(tx.data) }] : []),
        ],
      })
      return evmAccount(async (account) => {
        const client = walletClient(account)
        if (method === 'eth_sendTransaction') return client.sendTransaction({ ...tx, chain: null } as never)
        const prepared = await client.prepareTransactionRequest({ ...tx, chain: null } as never)
        return account.signTransaction(prepared as never)
      })
    }
    case 'wallet_sendCalls': {
      const request = (args[0] ?? {}) as { calls?: unknown[]; chainId?: Hex; from?: string }
      if (!Array.isArray(request.calls) || request.calls.length === 0) throw new RpcError('Invalid params', -32602)
      const calls = request.calls.map(toTransaction)
      await approveOrThrow({
        title: 'Send calls',
        rows: calls.map((call, index) => ({
          label: `Call ${index + 1}`,
          value: `${call.to ?? 'contract creation'} · ${call.value ?? 0n} wei${call.data ? ` · ${call.data}` : ''}`,
        })),
      })
      const receipts = await evmAccount(async (account) => {
        const client = walletClient(account)
        const hashes: Hex[] = []
        for (const call of calls) hashes.push(await client.sendTransaction({ ...call, chain: null } as never))
        return hashes
      })
      const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
      callsById.set(id, { chainId: request.chainId ?? chainHex, receipts })
      return { id }
    }
    case 'solana_signMessage': {
      const request = (Array.isArray(params) ? params[0] : params) as { message?: unknown; pubkey?: unknown }
      if (typeof request?.message !== 'string' || request.pubkey !== context.addresses.solana)
        throw new RpcError('Invalid params', -32602)
      const bytes = base58.decode(request.message)
      await approveOrThrow({
        title: 'Sign message',
        rows: [{ label: 'Message', value: new TextDecoder().decode(bytes) }],
      })
      const signature = await context.withSecret('solana', (secret) => ed25519.sign(bytes, secret))
      return { signature: base58.encode(signature) }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction':
    case 'solana_signAllTransactions': {
      // WalletConnect's Solana format: base64 transactions in, base58 signatures out.
      const request = (Array.isArray(params) ? params[0] : params) as {
        transaction?: unknown
        transactions?: unknown
        options?: Record<string, unknown>
        sendOptions?: Record<string, unknown>
      }
      const encoded =
        method === 'solana_signAllTransactions' ? request?.transactions : [request?.transaction].filter(Boolean)
      if (!Array.isArray(encoded) || encoded.length === 0 || !encoded.every((t) => typeof t === 'string'))
        throw new RpcError('Invalid params', -32602)
      const solana = context.addresses.solana
      let transactions: Uint8Array[]
      try {
        transactions = (encoded as string[]).map((t) => base64.decode(t))
        for (const bytes of transactions)
          if (!parseTransaction(bytes).signers.includes(solana))
            throw new InvalidTransactionError('the wallet is not a signer of this transaction')
      } catch (error) {
        throw new RpcError(error instanceof InvalidTransactionError ? error.message : 'Invalid transaction', -32602)
      }
      const send = method === 'solana_signAndSendTransaction'
      if (send && !context.rpcUrl) throw new RpcError('No RPC URL for this network', -32603)
      await approveOrThrow({
        title: send
          ? 'Send transaction'
          : transactions.length > 1
            ? `Sign ${transactions.length} transactions`
            : 'Sign transaction',
        rows: transactions.flatMap((bytes, index) =>
          describeTransaction(parseTransaction(bytes)).map((row) => ({
            label: transactions.length > 1 ? `#${index + 1} ${row.label}` : row.label,
            value: row.value,
          })),
        ),
      })
      const signed = await context.withSecret('solana', (secret) =>
        transactions.map((bytes) => signTransactionBytes(bytes, solana, (message) => ed25519.sign(message, secret))),
      )
      if (method === 'solana_signAllTransactions')
        return { transactions: signed.map((s) => base64.encode(s.transaction)) }
      const [first] = signed as [(typeof signed)[number]]
      if (!send) return { signature: base58.encode(first.signature), transaction: base64.encode(first.transaction) }
      const options = request.options ?? request.sendOptions ?? {}
      const config: Record<string, unknown> = { encoding: 'base64' }
      for (const key of ['skipPreflight', 'preflightCommitment', 'maxRetries', 'minContextSlot'] as const)
        if (options[key] !== undefined) config[key] = options[key]
      const signature = await forward(context, 'sendTransaction', [base64.encode(first.transaction), config])
      return { signature }
    }
    default:
      // On the unsafe list (so the kit routes it here) but not served by this version of the frame.
      throw new RpcError(`${method} is not supported by the embedded wallet`, 4200)
  }
}
