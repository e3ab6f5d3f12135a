// prepareWalletConnect with the real SDK on both sides: a dapp and the devnet wallet
// (@reown/walletkit) through the devnet relay (src/test/walletConnectSuite.ts).
import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { accountOf, nextUri, signClientOf, walletConnectOf, wcConnector } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { getWalletConnectUri } from './getWalletConnectUri.js'
import { prepareWalletConnect } from './prepareWalletConnect.js'

const { createDapp, createWallet, pairAndConnect } = walletConnectSuite()

test('default: a prepared pairing URI is the one connect shows (no second proposal); it is used once; connected, preparing does nothing', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const topicOf = (uri: string) => uri.slice(3, uri.indexOf('@'))
  await prepareWalletConnect(portico)
  await prepareWalletConnect(portico) // one offer at a time
  const client = await signClientOf(portico)
  const prepared = client.core.pairing.getPairings().map((p) => p.topic)
  expect(prepared).toHaveLength(1)
  expect(getWalletConnectUri(portico)).toBeUndefined() // nothing is shown before the user picks WalletConnect

  const shown = nextUri(portico)
  const connecting = connect(portico, { connector: wcConnector(portico) })
  const uri = await shown
  expect(topicOf(uri)).toBe(prepared[0])
  expect(client.core.pairing.getPairings()).toHaveLength(1)
  await wallet.pair(uri)
  await connecting
  expect(accountOf(portico, 'eip155')?.status).toBe('connected')

  // Connected over WalletConnect: nothing to prepare.
  await prepareWalletConnect(portico)
  expect(client.core.pairing.getPairings().filter((p) => !p.active)).toHaveLength(0)

  // After a disconnect, the next prepare publishes a fresh proposal: the used one is not offered again.
  await disconnect(portico)
  await prepareWalletConnect(portico)
  const fresh = client.core.pairing.getPairings().filter((p) => !p.active)
  expect(fresh).toHaveLength(1)
  expect(fresh[0]?.topic).not.toBe(prepared[0])
})

test('parameters: walletConnect.prepare false: preparing loads nothing; the pick creates its own proposal', async () => {
  const { portico } = createDapp({ prepare: false })
  await prepareWalletConnect(portico)
  const controller = await walletConnectOf(portico)?.load()
  // No client was started: the SDK was never asked for one.
  expect((controller as unknown as { clientPromise?: unknown }).clientPromise).toBeUndefined()
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  expect(accountOf(portico, 'eip155')?.status).toBe('connected')
})
