import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Portico } from '../../kernel/portico.js'
import { authConnectorId } from './authConnector.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import type { EmbeddedWalletErrorType, EmbeddedWalletLoadErrorType } from './errors.js'
import {
  NoAuthConnectorError,
  type NoAuthConnectorErrorType,
  NotConnectedToEmailError,
  type NotConnectedToEmailErrorType,
} from './updateEmailErrors.js'

/** The passkey made: its credential id. */
export type RegisterPasskeyReturnType = { id: string }
export type RegisterPasskeyErrorType =
  | NoAuthConnectorErrorType
  | NotConnectedToEmailErrorType
  | EmbeddedWalletErrorType
  | EmbeddedWalletLoadErrorType

/**
 * Adds a passkey to the signed-in embedded wallet user: the secure frame shows its prompt and the
 * WebAuthn ceremony runs there, after the user's click in it; the auth server stores the
 * credential. The passkey then logs in ({@link loginWithPasskey}) and approves new devices. Needs
 * a connection through the embedded wallet: 'No auth connector found' / 'Not connected to email
 * or social' otherwise. A cancelled prompt rejects with code 4001.
 *
 * @example
 * ```ts
 * const { id } = await registerPasskey(portico)
 * ```
 */
export async function registerPasskey(portico: Portico): Promise<RegisterPasskeyReturnType> {
  // Checked before the frame is touched: a page not connected through it loads nothing for this.
  if (!portico.options.embeddedWallet?.frameUrl) throw new NoAuthConnectorError()
  const connected = (['eip155', 'solana'] as const).some((namespace) => {
    const connection = getConnection(portico, { namespace })
    return connection.isConnected && connection.connectorId === authConnectorId
  })
  if (!connected) throw new NotConnectedToEmailError()
  let wallet: ReturnType<typeof getEmbeddedWallet>
  try {
    wallet = getEmbeddedWallet(portico)
  } catch (cause) {
    throw new NoAuthConnectorError({ cause })
  }
  const { id } = await wallet.client.request('REGISTER_PASSKEY')
  return { id }
}
