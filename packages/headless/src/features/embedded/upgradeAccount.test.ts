import { afterEach, expect, test } from 'vitest'
import { embeddedKit } from '../../test/embeddedStandIn.js'
import { connectedHostWallet } from '../../test/hostConnector.js'
import { removeTestWindow } from '../../test/window.js'
import { upgradeAccount } from './upgradeAccount.js'
import { AccountUpgradeRejectedError, AccountUpgradeUnsupportedError } from './upgradeAccountErrors.js'

afterEach(() => removeTestWindow())

test('error: not connected, the upgrade fails before any frame is added', async () => {
  const portico = embeddedKit()
  // Node has no document: adding the frame first would fail with another error than this one.
  await expect(upgradeAccount(portico)).rejects.toMatchObject({ name: 'NotConnectedToEmailError' })
})

test('error: a wallet that is not the embedded one gets a typed refusal naming it, and is not asked', async () => {
  const { portico, wallet, stop } = await connectedHostWallet()
  try {
    const error = await upgradeAccount(portico).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AccountUpgradeUnsupportedError)
    expect(error).toMatchObject({
      name: 'AccountUpgradeUnsupportedError',
      code: 5760,
      reason: 'wallet',
      shortMessage: 'This wallet cannot be upgraded here',
      details: 'Host Wallet is not the embedded wallet: only the embedded wallet upgrades its account with EIP-7702.',
    })
    // Nothing reached the wallet: no request, no signature.
    expect(wallet.calls.map((call) => call.method)).toEqual(['connect'])
  } finally {
    stop()
  }
})

test('the errors read plainly: a network that cannot take it, a rejection', () => {
  const network = new AccountUpgradeUnsupportedError({
    reason: 'network',
    details: 'This network does not support upgrading the account: no bundler is configured for this network',
  })
  expect(network.shortMessage).toBe('This network does not support upgrading the account')
  expect(network.code).toBe(5760)
  const rejected = new AccountUpgradeRejectedError()
  expect(rejected).toMatchObject({ code: 4001, shortMessage: 'User rejected the request.' })
  expect(rejected.details).toBe('The account was not changed: nothing was signed or sent.')
})
