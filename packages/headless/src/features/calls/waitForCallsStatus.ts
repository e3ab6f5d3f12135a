import type { Portico } from '../../kernel/portico.js'
import { type GetCallsStatusErrorType, type GetCallsStatusReturnType, getCallsStatus } from './getCallsStatus.js'

export type WaitForCallsStatusParameters = {
  id: string
  /** Between two reads. Default 1000 ms. */
  pollingInterval?: number | undefined
  /** Give up after this long. Default 60 s. */
  timeout?: number | undefined
  signal?: AbortSignal | undefined
}
export type WaitForCallsStatusReturnType = GetCallsStatusReturnType
export type WaitForCallsStatusErrorType = GetCallsStatusErrorType | DOMException

/**
 * Reads a batch's status until it is no longer pending (EIP-5792 has no event for it), then
 * resolves with the final status. Rejects with a `TimeoutError` DOMException after `timeout`.
 *
 * @example
 * const { id } = await sendCalls(portico, { calls })
 * const { status, receipts } = await waitForCallsStatus(portico, { id })
 */
export async function waitForCallsStatus(
  portico: Portico,
  { id, pollingInterval = 1000, timeout = 60_000, signal }: WaitForCallsStatusParameters,
): Promise<WaitForCallsStatusReturnType> {
  const deadline = Date.now() + timeout
  for (;;) {
    signal?.throwIfAborted()
    const status = await getCallsStatus(portico, { id })
    if (status.status !== 'pending') return status
    if (Date.now() + pollingInterval > deadline)
      throw new DOMException(`The batch ${id.slice(0, 20)}… was still pending after ${timeout} ms`, 'TimeoutError')
    await new Promise((resolve) => setTimeout(resolve, pollingInterval))
  }
}
