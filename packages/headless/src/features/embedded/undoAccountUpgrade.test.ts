// undoAccountUpgrade's refusals, before anything reaches a frame or a wallet (it shares them with
// upgradeAccount). The undo on chain, through the real frame and the devnet, runs in
// tests/e2e/embeddedAccountUpgrade.test.ts.
import { afterEach, expect, test } from 'vitest'
import { embeddedKit } from '../../test/embeddedStandIn.js'
import { connectedHostWallet } from '../../test/hostConnector.js'
import { removeTestWindow } from '../../test/window.js'
import { undoAccountUpgrade } from './undoAccountUpgrade.js'

afterEach(() => removeTestWindow())

test('error: not connected, the undo fails with NotConnectedToEmailError before any frame is added', async () => {
  const portico = embeddedKit()
  // Node has no document: adding the frame first would fail with another error than this one.
  await expect(undoAccountUpgrade(portico)).rejects.toMatchObject({
    name: 'NotConnectedToEmailError',
    shortMessage: 'Not connected to email or social',
  })
})

test('error: a wallet that is not the embedded one gets a typed refusal naming it, and is not asked', async () => {
  const { portico, wallet, stop } = await connectedHostWallet()
  try {
    await expect(undoAccountUpgrade(portico)).rejects.toMatchObject({
      name: 'AccountUpgradeUnsupportedError',
      code: 5760,
      reason: 'wallet',
      details: 'Host Wallet is not the embedded wallet: only the embedded wallet upgrades its account with EIP-7702.',
    })
    expect(wallet.calls.map((call) => call.method)).toEqual(['connect'])
  } finally {
    stop()
  }
})
