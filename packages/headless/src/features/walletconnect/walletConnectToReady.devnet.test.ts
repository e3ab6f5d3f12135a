// walletConnectToReady (the one check behind preloading and preparing WalletConnect) with the real
// SDK on both sides: a dapp and the devnet wallet (@reown/walletkit) through the devnet relay
// (src/test/walletConnectSuite.ts).
import { expect, test } from 'vitest'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage } from '../../test/fixtures.js'
import { accountOf, walletConnectOf } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { walletConnectToReady } from './walletConnectToReady.js'

const suite = walletConnectSuite()
const { createDapp, createWallet, pairAndConnect } = suite

test('default: the instance’s WalletConnect session, when WalletConnect is configured and not connected', () => {
  const { portico } = createDapp()
  const session = walletConnectToReady(portico)
  expect(session).toBeDefined()
  expect(session).toBe(walletConnectOf(portico))
})

test('parameters: undefined with walletConnect: { prepare: false }, or with WalletConnect left out', () => {
  expect(walletConnectToReady(createDapp({ prepare: false }).portico)).toBeUndefined()
  const without = createPortico({
    projectId: 'portico-devnet',
    networks: [suite.networks()[0]],
    adapters: [eip155Adapter()],
    storage: memoryStorage(),
    ssr: false,
    walletConnect: false,
  })
  expect(walletConnectToReady(without)).toBeUndefined()
})

test('behavior: undefined while a WalletConnect session is the connection; the session again after disconnecting', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  expect(accountOf(portico, 'eip155')?.status).toBe('connected')
  expect(walletConnectToReady(portico)).toBeUndefined()
  await disconnect(portico)
  expect(walletConnectToReady(portico)).toBe(walletConnectOf(portico))
})
