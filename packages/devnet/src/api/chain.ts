/**
 * Live reads from the devnet chains for the blockchain-API emulator: balances, gas price and
 * transaction history, all over plain JSON-RPC (no client library) so the emulator has the same
 * view of the chains as any wallet.
 */
import { formatUnits } from 'viem'
import { evmChainId, solanaCaipNetworkId } from '../accounts.js'
import { HttpError } from '../emulator/app.js'
import { evmTokens, solanaTokens } from '../tokens.js'

/**
 * USD prices the emulator quotes, by symbol (balances, history and `/v1/fungible/price`).
 *
 * @example
 * ```ts
 * expect(balance.value).toBe(Number(balance.quantity.numeric) * fixturePrices.ETH)
 * ```
 */
export const fixturePrices: Readonly<Record<string, number>> = Object.freeze({ ETH: 3000, SOL: 150, USDC: 1, PTK: 0.5 })

export const evmCaip2 = `eip155:${evmChainId}` as const
export const solanaCaip2 = solanaCaipNetworkId

/** The address in an indexed 32-byte log topic (the last 20 bytes), lower case. */
const topicAddress = (topic: string | undefined): string | undefined =>
  topic && topic.length === 66 ? `0x${topic.slice(26).toLowerCase()}` : undefined

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const SPL_TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

/** A devnet chain the route reads from failed or is unreachable: 502 with its reason. */
export class UpstreamError extends HttpError {
  constructor(message: string) {
    super(502, message)
  }
}

let nextId = 1
/** One JSON-RPC call; throws {@link UpstreamError} on transport or RPC errors. */
export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const [result] = await rpcBatch<T>(url, [[method, params]])
  return result as T
}

/** A JSON-RPC batch; results in request order. */
export async function rpcBatch<T>(url: string, calls: [string, unknown[]][]): Promise<T[]> {
  if (calls.length === 0) return []
  const body = calls.map(([method, params]) => ({ jsonrpc: '2.0', id: nextId++, method, params }))
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  } catch (error) {
    throw new UpstreamError(`chain RPC ${url} unreachable: ${(error as Error).message}`)
  }
  if (!response.ok) throw new UpstreamError(`chain RPC ${url} answered HTTP ${response.status}`)
  // A body that is no JSON-RPC batch (a proxy's HTML page, one error object) is the chain failing too.
  let replies: { id: number; result?: T; error?: { message: string } }[]
  try {
    replies = await response.json()
  } catch {
    throw new UpstreamError(`chain RPC ${url} answered a body that is not JSON`)
  }
  if (!Array.isArray(replies)) throw new UpstreamError(`chain RPC ${url} answered no batch`)
  const byId = new Map(replies.map((r) => [r?.id, r]))
  return body.map(({ id, method }) => {
    const reply = byId.get(id)
    if (!reply || reply.error) throw new UpstreamError(`${method}: ${reply?.error?.message ?? 'no reply'}`)
    return reply.result as T
  })
}

/** A balance as `GET /v1/account/{address}/balance` returns it. */
export interface ApiBalance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

export type IconUrl = (symbol: string) => string

function balance(
  token: { name: string; symbol: string; decimals: number },
  chainId: string,
  amount: bigint,
  iconUrl: IconUrl,
  address?: string,
): ApiBalance {
  const numeric = formatUnits(amount, token.decimals)
  const price = fixturePrices[token.symbol] ?? 0
  return {
    name: token.name,
    symbol: token.symbol,
    chainId,
    ...(address ? { address } : {}),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(token.decimals), numeric },
    iconUrl: iconUrl(token.symbol),
  }
}

const pad32 = (hex: string) => hex.toLowerCase().replace(/^0x/, '').padStart(64, '0')

/** Native ETH plus every devnet ERC20 with a non-zero balance. */
export async function evmBalances(rpcUrl: string, owner: string, iconUrl: IconUrl): Promise<ApiBalance[]> {
  const calls: [string, unknown[]][] = [
    ['eth_getBalance', [owner, 'latest']],
    ...evmTokens.map((t): [string, unknown[]] => [
      'eth_call',
      [{ to: t.address, data: `0x70a08231${pad32(owner)}` }, 'latest'],
    ]),
  ]
  const [native, ...tokens] = await rpcBatch<string>(rpcUrl, calls)
  const out = [balance({ name: 'Ether', symbol: 'ETH', decimals: 18 }, evmCaip2, BigInt(native ?? '0x0'), iconUrl)]
  evmTokens.forEach((token, i) => {
    const amount = BigInt(tokens[i] === '0x' ? '0x0' : (tokens[i] ?? '0x0'))
    if (amount > 0n) out.push(balance(token, evmCaip2, amount, iconUrl, `${evmCaip2}:${token.address}`))
  })
  return out
}

interface ParsedTokenAccount {
  account: { data: { parsed: { info: { mint: string; tokenAmount: { amount: string; decimals: number } } } } }
}

/** Native SOL plus every SPL token account (classic Token program) with a non-zero balance. */
export async function solanaBalances(rpcUrl: string, owner: string, iconUrl: IconUrl): Promise<ApiBalance[]> {
  const [lamports, accounts] = await Promise.all([
    rpc<{ value: number }>(rpcUrl, 'getBalance', [owner]),
    rpc<{ value: ParsedTokenAccount[] }>(rpcUrl, 'getTokenAccountsByOwner', [
      owner,
      { programId: SPL_TOKEN_PROGRAM },
      { encoding: 'jsonParsed' },
    ]),
  ])
  const out = [balance({ name: 'Solana', symbol: 'SOL', decimals: 9 }, solanaCaip2, BigInt(lamports.value), iconUrl)]
  const byMint = new Map<string, bigint>()
  for (const { account } of accounts.value) {
    const { mint, tokenAmount } = account.data.parsed.info
    byMint.set(mint, (byMint.get(mint) ?? 0n) + BigInt(tokenAmount.amount))
  }
  for (const [mint, amount] of byMint) {
    if (amount === 0n) continue
    const known = solanaTokens.find((t) => t.mint === mint)
    const token = known ?? { name: 'Unknown token', symbol: 'UNKNOWN', decimals: 0 }
    out.push(balance(token, solanaCaip2, amount, iconUrl, `${solanaCaip2}:${mint}`))
  }
  return out
}

/** Gas price tiers in wei (decimal strings): standard = eth_gasPrice, fast ×1.25, instant ×1.5. */
export async function gasPrice(rpcUrl: string): Promise<{ standard: string; fast: string; instant: string }> {
  const standard = BigInt(await rpc<string>(rpcUrl, 'eth_gasPrice'))
  return { standard: String(standard), fast: String((standard * 5n) / 4n), instant: String((standard * 3n) / 2n) }
}

/** One history entry as `GET /v1/account/{address}/history` returns it. */
export interface ApiTransaction {
  id: string
  metadata: {
    /** As the hosted history names them: what happened for the owner, not what the transaction called. */
    operationType: 'send' | 'receive' | 'trade' | 'approve' | 'mint' | 'execute'
    hash: string
    minedAt: string
    sentFrom: string
    sentTo: string
    status: 'confirmed' | 'failed'
    nonce: number
    chain: string
  }
  transfers: {
    fungible_info: { name: string; symbol: string; icon: { url: string } }
    direction: 'in' | 'out'
    quantity: { numeric: string }
    value: number
    price: number
    nft_info: null
  }[]
}

interface RpcTx {
  hash: string
  from: string
  to: string | null
  value: string
  input?: string
  nonce: string
  blockNumber: string
}
interface RpcBlock {
  number: string
  timestamp: string
  transactions: RpcTx[]
}
interface RpcLog {
  address: string
  topics: string[]
  data: string
  transactionHash: string
  logIndex: string
  blockNumber: string
}

/** Blocks scanned back from the head; the devnet is short-lived, so this covers it in practice. */
const MAX_SCAN_BLOCKS = 5000
const BATCH = 200

/**
 * Every devnet EVM transaction touching `owner`, newest first: native transfers found by scanning
 * blocks (full transactions), ERC20 transfers of the devnet tokens from `Transfer` logs, and any
 * other transaction `owner` sent (as `execute`).
 */
export async function evmHistory(rpcUrl: string, owner: string, iconUrl: IconUrl): Promise<ApiTransaction[]> {
  const me = owner.toLowerCase()
  const head = Number(BigInt(await rpc<string>(rpcUrl, 'eth_blockNumber')))
  const from = Math.max(0, head - MAX_SCAN_BLOCKS + 1)
  const blocks: RpcBlock[] = []
  for (let start = from; start <= head; start += BATCH) {
    const calls: [string, unknown[]][] = []
    for (let n = start; n <= Math.min(head, start + BATCH - 1); n++)
      calls.push(['eth_getBlockByNumber', [`0x${n.toString(16)}`, true]])
    blocks.push(...(await rpcBatch<RpcBlock | null>(rpcUrl, calls)).filter((b): b is RpcBlock => b !== null))
  }
  const topicMe = `0x${pad32(me)}`
  const range = {
    fromBlock: `0x${from.toString(16)}`,
    toBlock: `0x${head.toString(16)}`,
    address: evmTokens.map((t) => t.address),
  }
  const [outLogs, inLogs] = await rpcBatch<RpcLog[]>(rpcUrl, [
    ['eth_getLogs', [{ ...range, topics: [TRANSFER_TOPIC, topicMe] }]],
    ['eth_getLogs', [{ ...range, topics: [TRANSFER_TOPIC, null, topicMe] }]],
  ])

  const txs = new Map<string, { tx: RpcTx; block: RpcBlock }>()
  for (const block of blocks) for (const tx of block.transactions) txs.set(tx.hash, { tx, block })

  const entries = new Map<
    string,
    {
      tx: RpcTx
      block: RpcBlock
      transfers: ApiTransaction['transfers']
      order: number
      /** The first token transfer's parties: who really sent and received, not the token contract. */
      tokenFrom?: string
      tokenTo?: string
      /** A devnet token came to the owner from the zero address. */
      minted?: boolean
    }
  >()
  const entry = (hash: string) => {
    const found = txs.get(hash)
    if (!found) return undefined
    let e = entries.get(hash)
    if (!e) {
      e = { ...found, transfers: [], order: found.block.transactions.indexOf(found.tx) }
      entries.set(hash, e)
    }
    return e
  }
  const transfer = (
    token: { name: string; symbol: string; decimals: number },
    direction: 'in' | 'out',
    amount: bigint,
  ): ApiTransaction['transfers'][number] => {
    const numeric = formatUnits(amount, token.decimals)
    const price = fixturePrices[token.symbol] ?? 0
    return {
      fungible_info: { name: token.name, symbol: token.symbol, icon: { url: iconUrl(token.symbol) } },
      direction,
      quantity: { numeric },
      value: Number(numeric) * price,
      price,
      nft_info: null,
    }
  }

  for (const { tx } of txs.values()) {
    const sent = tx.from.toLowerCase() === me
    const received = tx.to?.toLowerCase() === me
    if (!sent && !received) continue
    const e = entry(tx.hash)
    const value = BigInt(tx.value)
    if (e && value > 0n) {
      const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }
      if (sent) e.transfers.push(transfer(eth, 'out', value))
      if (received) e.transfers.push(transfer(eth, 'in', value))
    }
  }
  const seenLogs = new Set<string>()
  for (const log of [...(outLogs ?? []), ...(inLogs ?? [])]) {
    const key = `${log.transactionHash}:${log.logIndex}`
    if (seenLogs.has(key)) continue
    seenLogs.add(key)
    const token = evmTokens.find((t) => t.address.toLowerCase() === log.address.toLowerCase())
    const e = entry(log.transactionHash)
    if (!token || !e) continue
    const amount = BigInt(log.data === '0x' ? '0x0' : log.data)
    const fromMe = log.topics[1]?.toLowerCase() === topicMe
    const toMe = log.topics[2]?.toLowerCase() === topicMe
    e.tokenFrom ??= topicAddress(log.topics[1])
    e.tokenTo ??= topicAddress(log.topics[2])
    if (fromMe) e.transfers.push(transfer(token, 'out', amount))
    if (toMe) e.transfers.push(transfer(token, 'in', amount))
    if (toMe && BigInt(log.topics[1] ?? '0x1') === 0n) e.minted = true
  }

  // Ether a contract paid the owner inside a transaction the owner sent (a token sold for ETH on
  // the router): no log and no top-level value shows it, the call trace does.
  const paidInside = [...entries.values()].filter(
    (e) => e.tx.from.toLowerCase() === me && !e.transfers.some((t) => t.direction === 'in'),
  )
  if (paidInside.length > 0) {
    const traces = await rpcBatch<CallFrame | null>(
      rpcUrl,
      paidInside.map((e): [string, unknown[]] => ['debug_traceTransaction', [e.tx.hash, { tracer: 'callTracer' }]]),
    ).catch(() => [] as (CallFrame | null)[])
    paidInside.forEach((e, i) => {
      const paid = etherPaidTo(me, traces[i]?.calls ?? [])
      if (paid > 0n) e.transfers.push(transfer({ name: 'Ether', symbol: 'ETH', decimals: 18 }, 'in', paid))
    })
  }

  const sorted = [...entries.values()].sort(
    (a, b) => Number(BigInt(b.block.number) - BigInt(a.block.number)) || b.order - a.order,
  )
  const receipts = await rpcBatch<{ status: string } | null>(
    rpcUrl,
    sorted.map((e): [string, unknown[]] => ['eth_getTransactionReceipt', [e.tx.hash]]),
  )
  return sorted.map((e, i) => {
    const sent = e.tx.from.toLowerCase() === me
    const operationType = operationOf(e, sent)
    return {
      id: e.tx.hash,
      metadata: {
        operationType,
        hash: e.tx.hash,
        minedAt: new Date(Number(BigInt(e.block.timestamp)) * 1000).toISOString(),
        // A token transfer's transaction goes to the token contract; the history names the
        // parties of the transfer itself, as the hosted API does, unless ether moved too.
        sentFrom: BigInt(e.tx.value) === 0n && e.tokenFrom ? e.tokenFrom : e.tx.from,
        sentTo: BigInt(e.tx.value) === 0n && e.tokenTo ? e.tokenTo : (e.tx.to ?? ''),
        status: receipts[i]?.status === '0x0' ? 'failed' : 'confirmed',
        nonce: Number(BigInt(e.tx.nonce)),
        chain: evmCaip2,
      },
      transfers: e.transfers,
    }
  })
}

/** One frame of anvil's `callTracer` output. */
interface CallFrame {
  to?: string
  value?: string
  calls?: CallFrame[]
}

/** Ether moved to `me` by the inner calls of a trace. */
function etherPaidTo(me: string, calls: CallFrame[]): bigint {
  let paid = 0n
  for (const call of calls) {
    if (call.to?.toLowerCase() === me && call.value) paid += BigInt(call.value)
    paid += etherPaidTo(me, call.calls ?? [])
  }
  return paid
}

/** ERC-20 `approve(address,uint256)`. */
const APPROVE_SELECTOR = '0x095ea7b3'

/**
 * What the transaction was for its owner: assets out and others in is a trade, a token from the
 * zero address a mint, an ERC-20 approve with nothing moved an approval; otherwise the direction
 * of what moved (or `execute` when nothing did).
 */
function operationOf(
  e: { tx: RpcTx; transfers: ApiTransaction['transfers']; minted?: boolean },
  sent: boolean,
): ApiTransaction['metadata']['operationType'] {
  const out = e.transfers.filter((t) => t.direction === 'out')
  const inn = e.transfers.filter((t) => t.direction === 'in')
  if (out.length > 0 && inn.some((t) => !out.some((o) => o.fungible_info.symbol === t.fungible_info.symbol)))
    return 'trade'
  if (e.minted) return 'mint'
  if (e.transfers.length === 0) return sent && e.tx.input?.startsWith(APPROVE_SELECTOR) ? 'approve' : 'execute'
  return sent && out.length > 0 ? 'send' : 'receive'
}
