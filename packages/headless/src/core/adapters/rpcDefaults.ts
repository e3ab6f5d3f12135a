/** HTTP RPC timeout (spec section 9). */
export const rpcTimeoutMs = 10_000
/** Retries of a failed RPC call (spec: 3 retries, backoff from 150 ms). */
export const rpcRetryCount = 3
/** First retry delay; viem backs off exponentially from it and honours Retry-After. */
export const rpcRetryDelayMs = 150
