import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Portico } from '../../kernel/portico.js'
import { authConnectorId } from './authConnector.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import type { EmbeddedWalletErrorType } from './errors.js'
import { NotConnectedToEmailError, type NotConnectedToEmailErrorType } from './updateEmailErrors.js'

export type SetPreferredAccountTypeParameters = {
  /** `smartAccount` (the spec's default on eip155) or `eoa` (the embedded key's own address). */
  type: 'eoa' | 'smartAccount'
}
export type SetPreferredAccountTypeReturnType = { type: 'eoa' | 'smartAccount'; address: string }
export type SetPreferredAccountTypeErrorType = NotConnectedToEmailErrorType | EmbeddedWalletErrorType

/**
 * Switches the embedded wallet's eip155 account between its smart account and its EOA (the spec's
 * `set preferred account {type}`). The secure frame keeps the choice for the user; the connection
 * moves to the new address (an `accountsChanged`). A network with no bundler has no smart account:
 * the frame refuses `smartAccount` there.
 *
 * @example
 * ```ts
 * const { address } = await setPreferredAccountType(portico, { type: 'smartAccount' })
 * ```
 */
export async function setPreferredAccountType(
  portico: Portico,
  parameters: SetPreferredAccountTypeParameters,
): Promise<SetPreferredAccountTypeReturnType> {
  const connection = getConnection(portico, { namespace: 'eip155' })
  if (!connection.isConnected || connection.connectorId !== authConnectorId) throw new NotConnectedToEmailError()
  const wallet = getEmbeddedWallet(portico)
  const reply = await wallet.client.request('SET_PREFERRED_ACCOUNT', { type: parameters.type })
  const type = reply.type === 'smartAccount' ? 'smartAccount' : 'eoa'
  // The connection follows the frame to the account it now signs with.
  for (const listener of wallet.listeners.get('eip155') ?? [])
    listener({ type: 'accountsChanged', accounts: [reply.address] })
  return { type, address: reply.address }
}
