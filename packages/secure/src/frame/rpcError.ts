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
