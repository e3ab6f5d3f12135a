import { type RequestErrorType, request, WalletRequestError } from '../../kernel/actions/request.js'
import type { Portico } from '../../kernel/portico.js'
import {
  type CallsRejectedErrorType,
  CallsStatusNotApprovedError,
  type CallsStatusNotApprovedErrorType,
  toCallsError,
} from './errors.js'

export type GetCallsStatusParameters = {
  /** The id `sendCalls` resolved with. */
  id: string
}
/** One transaction receipt of a batch. */
export type CallsReceipt = {
  transactionHash: `0x${string}`
  status: 'success' | 'reverted'
  blockHash?: `0x${string}` | undefined
  blockNumber?: bigint | undefined
  gasUsed?: bigint | undefined
}
export type GetCallsStatusReturnType = {
  id: string
  /** `pending` (100), `success` (200), `failure` (400 off chain, 500 reverted, 600 partly reverted). */
  status: 'pending' | 'success' | 'failure'
  /** The EIP-5792 status code (100-699). */
  statusCode: number
  /** Whether the wallet ran the calls atomically. */
  atomic: boolean
  chainId?: number | undefined
  receipts: CallsReceipt[]
}
export type GetCallsStatusErrorType = CallsStatusNotApprovedErrorType | CallsRejectedErrorType | RequestErrorType

/**
 * Reads the status of a batch sent with `sendCalls` (`wallet_getCallsStatus`, EIP-5792) from the
 * connected eip155 wallet: pending, success or failure, with the receipts mined so far. A wallet
 * that does not have the method, or a WalletConnect session that did not approve it, gives the
 * spec's 'Fetching call status not approved by the wallet.' (`CallsStatusNotApprovedError`).
 *
 * @example
 * const { status, receipts } = await getCallsStatus(portico, { id })
 */
export async function getCallsStatus(
  portico: Portico,
  { id }: GetCallsStatusParameters,
): Promise<GetCallsStatusReturnType> {
  let result: unknown
  try {
    result = await request(portico, { namespace: 'eip155', method: 'wallet_getCallsStatus', params: [id] })
  } catch (error) {
    throw toCallsError(error, (cause) => new CallsStatusNotApprovedError({ cause }))
  }
  const answer = (result ?? {}) as { status?: unknown; atomic?: unknown; chainId?: unknown; receipts?: unknown }
  // Version 1 wallets answer with 'PENDING' / 'CONFIRMED'.
  const statusCode =
    typeof answer.status === 'number'
      ? answer.status
      : answer.status === 'PENDING'
        ? 100
        : answer.status === 'CONFIRMED'
          ? 200
          : Number.NaN
  if (!Number.isInteger(statusCode) || statusCode < 100 || statusCode > 699)
    throw new WalletRequestError({ method: 'wallet_getCallsStatus', cause: new Error('The wallet returned no status') })
  const receipts = (Array.isArray(answer.receipts) ? answer.receipts : []).flatMap((r): CallsReceipt[] => {
    const { transactionHash, status, blockHash, blockNumber, gasUsed } = (r ?? {}) as Record<string, unknown>
    if (typeof transactionHash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(transactionHash)) return []
    return [
      {
        transactionHash: transactionHash as `0x${string}`,
        status: status === '0x1' || status === 'success' ? 'success' : 'reverted',
        blockHash: typeof blockHash === 'string' ? (blockHash as `0x${string}`) : undefined,
        blockNumber: quantity(blockNumber),
        gasUsed: quantity(gasUsed),
      },
    ]
  })
  const chainId = quantity(answer.chainId)
  return {
    id,
    status: statusCode < 200 ? 'pending' : statusCode < 300 ? 'success' : 'failure',
    statusCode,
    atomic: answer.atomic === true,
    chainId: chainId === undefined ? undefined : Number(chainId),
    receipts,
  }
}

function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : undefined
}
