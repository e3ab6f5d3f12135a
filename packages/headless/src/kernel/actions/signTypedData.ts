import type { Portico } from '../portico.js'
import { getActiveConnection } from '../state/activeConnection.js'
import { isSignedMessage } from '../utils/validation.js'
import { type RequestErrorType, request, WalletRequestError } from './request.js'

/** EIP-712 typed data: domain, types (with or without `EIP712Domain`), primary type and message. */
export type TypedData = {
  domain: Record<string, unknown>
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}
export type SignTypedDataParameters = { typedData: TypedData }
export type SignTypedDataReturnType = `0x${string}`
export type SignTypedDataErrorType = RequestErrorType

/**
 * Asks the connected eip155 wallet to sign EIP-712 typed data (`eth_signTypedData_v4`) with the
 * active account, over WalletConnect or an injected wallet.
 *
 * @example
 * const signature = await signTypedData(portico, {
 *   typedData: { domain: { name: 'App', chainId: 1 }, types: { Mail: [{ name: 'contents', type: 'string' }] }, primaryType: 'Mail', message: { contents: 'hi' } },
 * })
 */
export async function signTypedData(
  portico: Portico,
  { typedData }: SignTypedDataParameters,
): Promise<SignTypedDataReturnType> {
  const { account } = getActiveConnection(portico, 'eip155')
  // BigInts (uint256 values) have no JSON form; wallets take them as decimal strings.
  const json = JSON.stringify(typedData, (_, value) => (typeof value === 'bigint' ? value.toString() : value))
  const signature = await request(portico, {
    namespace: 'eip155',
    method: 'eth_signTypedData_v4',
    params: [account.address, json],
  })
  if (!isSignedMessage(signature))
    throw new WalletRequestError({
      method: 'eth_signTypedData_v4',
      cause: new Error('The wallet returned no signature'),
    })
  return signature as `0x${string}`
}
