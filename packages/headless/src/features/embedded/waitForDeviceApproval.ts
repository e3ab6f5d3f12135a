import type { Portico } from '../../kernel/portico.js'
import { getEmbeddedWallet } from './embeddedWallet.js'

/**
 * Device verification: resolves once the user approved this device with the link mailed to them
 * (the frame polls the auth server); the login code has then been mailed. Times out after 120 s
 * with 'Embedded Wallet Request Timed Out'.
 *
 * @example
 * ```ts
 * if ((await startEmailLogin(portico, { email })).action === 'VERIFY_DEVICE') await waitForDeviceApproval(portico)
 * ```
 */
export async function waitForDeviceApproval(portico: Portico): Promise<void> {
  await getEmbeddedWallet(portico).client.request('CONNECT_DEVICE')
}
