import { BaseError } from '../errors/base.js'
import type { NotConnectedErrorType } from '../errors/connection.js'
import { isUserRejection } from '../errors/isUserRejection.js'
import {
  type AdapterNotFoundErrorType,
  SignMessageFailedError,
  type SignMessageFailedErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from '../errors/network.js'
import type { RequestNotApprovedErrorType } from '../errors/walletConnect.js'
import type { Portico } from '../portico.js'
import { getActiveConnection } from '../state/activeConnection.js'
import { singleFlight } from '../state/singleFlight.js'
import type { ChainNamespace } from '../utils/caip.js'

export type SignMessageParameters = {
  message: string | Uint8Array
  /** Default: the active namespace. */
  namespace?: ChainNamespace | undefined
}
/** The signature in the namespace's encoding: 0x-hex on eip155, base58 on solana. */
export type SignMessageReturnType = string
export type SignMessageErrorType =
  | NotConnectedErrorType
  | AdapterNotFoundErrorType
  | UserRejectedRequestErrorType
  | SignMessageFailedErrorType
  | RequestNotApprovedErrorType

/**
 * Asks the connected wallet to sign a message with the active account, in the namespace's way
 * (eip155 `personal_sign`, solana `solana:signMessage`; over WalletConnect also polkadot, bip122
 * and cosmos ADR-36).
 *
 * @example
 * const signature = await signMessage(portico, { message: 'hello' })
 */
export async function signMessage(
  portico: Portico,
  { message, namespace }: SignMessageParameters,
): Promise<SignMessageReturnType> {
  const { connector, ...connection } = getActiveConnection(portico, namespace)
  const ask = {
    namespace: connection.namespace,
    address: connection.account.address,
    message,
    network: connection.network,
  }
  try {
    // The same message while the wallet still shows it (a double click) joins that prompt.
    return await singleFlight(portico, ['wallet', 'signMessage', connector, ask], () => connector.signMessage(ask))
  } catch (error) {
    // Typed errors from the connector (a WalletConnect session that did not approve the signing
    // method) already say what went wrong; re-wrapping them would hide it behind a generic one.
    if (error instanceof BaseError) throw error
    if (isUserRejection(error)) throw new UserRejectedRequestError({ cause: error })
    throw new SignMessageFailedError({ cause: error })
  }
}
