import * as z from 'zod/mini'
import { fetchJson } from '../../kernel/api/http.js'
import { blockchainApiUrl } from '../../kernel/api/urls.js'
import { BaseError } from '../../kernel/errors/base.js'
import type { Portico } from '../../kernel/portico.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { lazy } from '../../kernel/utils/lazy.js'

// Built on first use (see lazy): this module is reachable from the main entry.
const schemas = lazy(() => {
  const transfer = z.object({
    fungible_info: z.optional(
      z.nullable(
        z.object({
          name: z.optional(z.string()),
          symbol: z.optional(z.string()),
          icon: z.optional(z.nullable(z.object({ url: z.optional(z.string()) }))),
        }),
      ),
    ),
    nft_info: z.optional(z.nullable(z.object({ flags: z.optional(z.object({ is_spam: z.optional(z.boolean()) })) }))),
    direction: z.optional(z.string()),
    quantity: z.optional(z.object({ numeric: z.string() })),
    value: z.optional(z.nullable(z.number())),
    price: z.optional(z.nullable(z.number())),
  })
  const transaction = z.object({
    id: z.string(),
    metadata: z.object({
      operationType: z.optional(z.string()),
      hash: z.optional(z.string()),
      minedAt: z.string(),
      sentFrom: z.optional(z.string()),
      sentTo: z.optional(z.string()),
      status: z.optional(z.string()),
      chain: z.optional(z.nullable(z.string())),
    }),
    transfers: z.optional(z.nullable(z.array(transfer))),
  })
  const page = z.object({ data: z.array(z.unknown()), next: z.optional(z.nullable(z.string())) })
  return { transaction, page }
})

/** A transaction history entry (the spec). */
export type Transaction = z.infer<ReturnType<typeof schemas>['transaction']>

export type FetchTransactionsReturnType = { data: Transaction[]; next: string | undefined }

export type TransactionHistoryErrorType = TransactionHistoryError & { name: 'TransactionHistoryError' }
/** The history could not be fetched (spec: 'Failed to fetch transactions'). */
export class TransactionHistoryError extends BaseError {
  override name = 'TransactionHistoryError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to fetch transactions', { cause })
  }
}

/** Spec: a transaction is hidden as spam only when every one of its transfers is flagged spam. */
export function isSpamTransaction(transaction: Transaction): boolean {
  const transfers = transaction.transfers ?? []
  return transfers.length > 0 && transfers.every((t) => t.nft_info?.flags?.is_spam === true)
}

/**
 * One page of an account's history on one network (`GET {blockchain}/v1/account/{address}/history`,
 * `cursor` for the next page). Entries of other networks and spam are dropped (the spec);
 * malformed entries are dropped one by one; any other failure is a {@link TransactionHistoryError}.
 * Needs an address (spec: transactions cannot be fetched without one) and the blockchain API: with
 * `blockchainApi: false` it fails before any request.
 *
 * @example
 * const { data, next } = await fetchTransactions(portico, { address, caipNetworkId: 'eip155:1' })
 */
export async function fetchTransactions(
  portico: Portico,
  { address, caipNetworkId, cursor }: { address: string; caipNetworkId: CaipNetworkId; cursor?: string | undefined },
): Promise<FetchTransactionsReturnType> {
  if (!address) throw new TransactionHistoryError({ cause: new Error('An account address is required') })
  // `blockchainApi: false` keeps the account's address off the blockchain API: no history then.
  if (!portico.options.blockchainApi)
    throw new TransactionHistoryError({ cause: new Error('The blockchain API is off (blockchainApi: false)') })
  const url = blockchainApiUrl(portico, `/v1/account/${encodeURIComponent(address)}/history`)
  url.searchParams.set('chainId', caipNetworkId)
  if (cursor) url.searchParams.set('cursor', cursor)
  let page: z.infer<ReturnType<typeof schemas>['page']>
  try {
    page = schemas().page.parse(await fetchJson(portico, url))
  } catch (error) {
    throw new TransactionHistoryError({ cause: error })
  }
  const data: Transaction[] = []
  for (const entry of page.data) {
    const parsed = schemas().transaction.safeParse(entry)
    if (!parsed.success) continue
    const chain = parsed.data.metadata.chain
    // Only the active network's transactions (the spec).
    if (chain && chain !== caipNetworkId) continue
    if (isSpamTransaction(parsed.data)) continue
    data.push(parsed.data)
  }
  return { data, next: page.next ?? undefined }
}
