/**
 * What the EIP-1193 test wallet throws: a plain provider error with a numeric `code`, like a real
 * injected wallet (MetaMask, Rabby). It is deliberately not a Portico `BaseError`, so tests see
 * the same raw shape the connectors have to translate in production.
 *
 * Codes used (EIP-1193 / EIP-1474): `4001` user rejected, `4100` unauthorized (not connected or
 * another address), `4200` unsupported method, `4900` disconnected (the `disconnect` event's
 * payload), `4902` unrecognized chain, `-32600` malformed request, `-32602` invalid params,
 * `-32603` internal error (RPC unreachable, send failed). Errors returned by the chain's RPC keep
 * the RPC's own code, message and data.
 *
 * @example
 * wallet.rejectNext('personal_sign')
 * await expect(wallet.provider.request({ method: 'personal_sign', params: ['0x68', address] }))
 *   .rejects.toMatchObject({ code: 4001 })
 */
export class TestProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  /** EIP-1193 / JSON-RPC error code. */
  readonly code: number
  /** Extra data, e.g. the revert data a chain's RPC returned. */
  readonly data: unknown
  /** The message again: viem's `ProviderRpcError` shape (the `disconnect` event payload type) names it `details`. */
  readonly details: string

  constructor({ code, message, data, cause }: TestProviderRpcErrorParameters) {
    super(message, cause === undefined ? undefined : { cause })
    this.code = code
    this.data = data
    this.details = message
  }
}

/**
 * Parameters of {@link TestProviderRpcError}.
 *
 * @example
 * new TestProviderRpcError({ code: 4001, message: 'User rejected the request.' })
 */
export type TestProviderRpcErrorParameters = {
  code: number
  message: string
  data?: unknown
  cause?: unknown
}
