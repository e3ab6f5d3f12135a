import { type ConnectReturnType, connect } from '../../kernel/actions/connect.js'
import { authConnectorId } from '../../kernel/defaults.js'
import type { Portico } from '../../kernel/portico.js'
import { activeNamespaceAtom } from '../../kernel/state/atoms.js'
import type { EmbeddedWallet } from './types.js'

/**
 * @internal
 * After the frame signed a user in (email code, social, Farcaster, passkey): the AUTH connector of
 * the active namespace when the wallet serves it, else of its first one, connects every namespace
 * the login serves through the ordinary `connect` action; the login cache then records the login
 * (email, social username) and clears the last email login time.
 *
 * @example
 * const result = await finishLogin(portico, wallet)
 */
export async function finishLogin(portico: Portico, wallet: EmbeddedWallet): Promise<ConnectReturnType> {
  const active = portico.store.get(activeNamespaceAtom)
  const namespace = wallet.namespaces.find((ns) => ns === active) ?? wallet.namespaces[0]
  const result = await connect(portico, { connectorId: authConnectorId, namespace })
  const user = await wallet.client.request('GET_USER')
  wallet.writeLoginCache({
    used: true,
    email: user.email || undefined,
    socialUsername: user.userName,
    lastEmailLoginTime: undefined,
  })
  return result
}
