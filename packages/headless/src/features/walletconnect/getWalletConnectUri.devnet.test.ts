// getWalletConnectUri with the real SDK on both sides: a dapp and the devnet wallet
// (@reown/walletkit) through the devnet relay (src/test/walletConnectSuite.ts).
import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { accountOf, nextUri, wcConnector } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { getWalletConnectUri } from './getWalletConnectUri.js'

const { createDapp, createWallet } = walletConnectSuite()

test('default: undefined while no WalletConnect connection is pending', async () => {
  const { portico } = createDapp()
  expect(getWalletConnectUri(portico)).toBeUndefined()
})

test('behavior: while connecting, the pairing URI the wallet pairs with and when it expires; undefined once connected', async () => {
  const { portico } = createDapp({ pairingExpirySeconds: 120 })
  const wallet = await createWallet()
  const shown = nextUri(portico)
  const startedAt = Date.now()
  const connecting = connect(portico, { connector: wcConnector(portico) })
  const uri = await shown
  const pairing = getWalletConnectUri(portico)
  expect(pairing?.uri).toBe(uri)
  expect(pairing?.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  // The configured lifetime, counted from when the offer was made.
  expect(pairing?.expiresAt).toBeGreaterThanOrEqual(startedAt + 120_000)
  expect(pairing?.expiresAt).toBeLessThanOrEqual(Date.now() + 120_000)

  await wallet.pair(uri)
  await connecting
  expect(accountOf(portico, 'eip155')?.status).toBe('connected')
  expect(getWalletConnectUri(portico)).toBeUndefined()
})
