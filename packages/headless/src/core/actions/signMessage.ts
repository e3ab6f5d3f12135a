import type { Portico } from '../config/createPortico.js'
import { NotConnectedError, type NotConnectedErrorType } from '../errors/connection.js'
import { isUserRejection } from '../errors/isUserRejection.js'
import {
  SignMessageError,
  type SignMessageErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from '../errors/network.js'
import { accountsAtom, activeNetworksAtom } from '../state/atoms.js'
import { adapterFor, findConnector } from '../state/connection.js'
import type { ChainNamespace } from '../utils/caip.js'
import { resolveAdapter } from './resolveNamespace.js'

export type SignMessageParameters = {
  message: string | Uint8Array
  /** Default: the active namespace. */
  namespace?: ChainNamespace | undefined
}
/** The signature in the namespace's encoding: 0x-hex on eip155, base58 on solana. */
export type SignMessageReturnType = string
export type SignMessageErrorTypes = NotConnectedErrorType | UserRejectedRequestErrorType | SignMessageErrorType

/**
 * Asks the connected wallet to sign a message with the active account (eip155 `personal_sign`,
 * solana `solana:signMessage`).
 *
 * @example
 * const signature = await signMessage(portico, { message: 'hello' })
 */
export async function signMessage(
  portico: Portico,
  { message, namespace }: SignMessageParameters,
): Promise<SignMessageReturnType> {
  const { namespace: ns } = resolveAdapter(portico, namespace)
  const account = portico.store.get(accountsAtom)[ns]
  const connector = account?.connectorId ? findConnector(portico, ns, account.connectorId) : undefined
  const network = portico.store.get(activeNetworksAtom)[ns]
  const adapter = connector ? adapterFor(portico, connector) : undefined
  if (account?.status !== 'connected' || !account.address || !connector || !network || !adapter)
    throw new NotConnectedError({ namespace: ns })
  try {
    return await adapter.signMessage({ connector, address: account.address, message, network })
  } catch (error) {
    if (isUserRejection(error)) throw new UserRejectedRequestError({ cause: error })
    throw new SignMessageError({ cause: error })
  }
}
