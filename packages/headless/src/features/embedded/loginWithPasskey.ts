import type { ConnectReturnType } from '../../kernel/actions/connect.js'
import type { Portico } from '../../kernel/portico.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import type {
  EmbeddedWalletErrorType,
  EmbeddedWalletLoadErrorType,
  EmbeddedWalletNotConfiguredErrorType,
} from './errors.js'
import { finishLogin } from './finishLogin.js'

export type LoginWithPasskeyReturnType = ConnectReturnType
export type LoginWithPasskeyErrorType =
  | EmbeddedWalletErrorType
  | EmbeddedWalletNotConfiguredErrorType
  | EmbeddedWalletLoadErrorType

/**
 * Logs in with a passkey alone: the secure frame shows its prompt, the user picks the passkey
 * there (the WebAuthn ceremony runs in the frame's origin, after a click in it), the auth server
 * checks the assertion and approves this device; then the AUTH connector connects every embedded
 * namespace. A cancelled prompt rejects with code 4001; the auth server's refusals carry its message.
 *
 * @example
 * ```ts
 * const { address } = await loginWithPasskey(portico)
 * ```
 */
export async function loginWithPasskey(portico: Portico): Promise<LoginWithPasskeyReturnType> {
  const wallet = getEmbeddedWallet(portico)
  await wallet.client.request('CONNECT_PASSKEY')
  return finishLogin(portico, wallet)
}
