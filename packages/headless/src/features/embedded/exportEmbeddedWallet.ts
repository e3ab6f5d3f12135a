import { getConnection } from '../../kernel/actions/getConnection.js'
import { embeddedWalletNamespaces } from '../../kernel/defaults.js'
import type { Portico } from '../../kernel/portico.js'
import { activeNamespaceAtom } from '../../kernel/state/atoms.js'
import { authConnectorId } from './authConnector.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import { EmbeddedDeviceNotApprovedError, EmbeddedWalletError } from './errors.js'
import { NoAuthConnectorError, NotConnectedToEmailError } from './updateEmailErrors.js'

export type ExportEmbeddedWalletParameters = {
  /** Which key: `eip155` or `solana`. Default: the active namespace. */
  namespace?: 'eip155' | 'solana' | undefined
}

/**
 * Shows the user the private key of their embedded wallet, inside the secure frame: the frame
 * opens a prompt in its own document, and only a click there reveals the key, drawn as text in
 * that document. The key never reaches this page: the promise resolves with nothing when the user
 * closes the prompt, and rejects with code 4001 when they cancel before revealing it.
 *
 * @example
 * ```ts
 * await exportEmbeddedWallet(portico, { namespace: 'solana' })
 * ```
 */
export async function exportEmbeddedWallet(
  portico: Portico,
  parameters: ExportEmbeddedWalletParameters = {},
): Promise<void> {
  // Checked before the frame is touched: a page not connected by email loads nothing for this.
  if (!portico.options.embeddedWallet?.frameUrl) throw new NoAuthConnectorError()
  const active = portico.store.get(activeNamespaceAtom)
  const namespace =
    parameters.namespace ??
    (embeddedWalletNamespaces.includes(active as 'eip155') ? (active as 'eip155' | 'solana') : 'eip155')
  const connection = getConnection(portico, { namespace })
  if (!connection.isConnected || connection.connectorId !== authConnectorId) throw new NotConnectedToEmailError()
  let wallet: ReturnType<typeof getEmbeddedWallet>
  try {
    wallet = getEmbeddedWallet(portico)
  } catch (cause) {
    throw new NoAuthConnectorError({ cause })
  }
  try {
    await wallet.client.request('EXPORT_PRIVATE_KEY', { namespace })
  } catch (error) {
    if (error instanceof EmbeddedWalletError && error.code === 4100)
      throw new EmbeddedDeviceNotApprovedError({ cause: error })
    throw error
  }
}
