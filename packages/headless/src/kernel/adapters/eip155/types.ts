/** A minimal EIP-1193 provider: what Portico needs from any EVM wallet. */
export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object | undefined }): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): unknown
  removeListener?(event: string, listener: (...args: never[]) => void): unknown
}

/** EIP-6963 provider info. */
export type Eip6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }
