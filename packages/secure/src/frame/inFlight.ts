import { frameTexts } from '../protocol/texts.js'
import { RpcError } from './rpcError.js'

/**
 * The frame's requests in flight, each run with its own AbortSignal, which the handler hands to
 * every auth-server call it makes for the request (`api.withSignal(signal)`).
 *
 * `abort()` is the kit's RPC_ABORT: each request run as `abortable` (the kit's RPC requests)
 * rejects at once with 'Request was aborted' (4001) and its signal aborts with that error, so an
 * auth-server call still under way is cut and fails with it: what the request would have done
 * with the answer (rebuild the key and sign, store a share) never happens after the kit gave up.
 * Any request's signal also aborts once the request is answered: a call left running under it (a
 * prompt the abort closed while its action was on its way to the server) is cut as well.
 *
 * @example
 * const requests = inFlightRequests()
 * // A request:
 * const reply = requests.run(message.name === 'RPC_REQUEST', (signal) => handle(message, api.withSignal(signal)))
 * // RPC_ABORT:
 * requests.abort()
 */
export function inFlightRequests() {
  const abortable = new Set<AbortController>()
  return {
    /** Runs one request with its own signal; rejects with the abort as soon as `abort()` ends an `abortable` one. */
    async run<T>(isAbortable: boolean, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const controller = new AbortController()
      const { signal } = controller
      const aborted = new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
      )
      // Answered by `work` first, the abort that follows has no one to tell.
      aborted.catch(() => {})
      if (isAbortable) abortable.add(controller)
      try {
        return await Promise.race([work(signal), aborted])
      } finally {
        abortable.delete(controller)
        controller.abort(new RpcError(frameTexts.aborted, 4001))
      }
    },
    /** Aborts every abortable request in flight (the kit's RPC_ABORT); later requests are not affected. */
    abort(): void {
      for (const controller of abortable) controller.abort(new RpcError(frameTexts.aborted, 4001))
      abortable.clear()
    },
  }
}
