import type { Portico } from '../../kernel/portico.js'
import { getEmbeddedWallet } from './embeddedWallet.js'

/**
 * Approves this device's pending email login with a passkey, instead of the link mailed to the
 * user: call it while the login is at its `VERIFY_DEVICE` step (the frame shows its prompt and the
 * WebAuthn ceremony runs there). {@link waitForDeviceApproval} then resolves and the code is mailed.
 * Fails with the frame's 'No login in progress' outside that step; a cancelled prompt with code 4001.
 *
 * @example
 * ```ts
 * if ((await startEmailLogin(portico, { email })).action === 'VERIFY_DEVICE') await approveDeviceWithPasskey(portico)
 * ```
 */
export async function approveDeviceWithPasskey(portico: Portico): Promise<void> {
  await getEmbeddedWallet(portico).client.request('APPROVE_DEVICE_PASSKEY')
}
