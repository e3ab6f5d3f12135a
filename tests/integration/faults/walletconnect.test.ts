// Fault suite: the WalletConnect relay killed while a request waits in the wallet. The relay
// restarts on the same port; both peers redial by themselves; the wallet's answer, given after
// the restart, still reaches the dapp (the relay's mailbox), and the session keeps working.
// Everything on loopback: a private relay, the devnet wallet (WalletKit), the devnet anvil.

import {
  createDevnetWallet,
  type DevnetWallet,
  startRelay,
  verifyEip155Message,
  type WalletConnectRelay,
} from '@portico/devnet'
import {
  connect,
  createMemoryWalletConnectStorage,
  createPortico,
  eip155Adapter,
  eip155Network,
  getConnection,
  getConnectors,
  type Portico,
  signMessage,
} from '@portico/headless'
import { watchWalletConnectUri } from '@portico/headless/walletconnect'
import { afterAll, afterEach, beforeAll, expect, inject, test } from 'vitest'
import { walletConnectOf } from '../../../packages/headless/src/test/walletConnect.js'

const devnet = inject('devnet')
let relay: WalletConnectRelay
const wallets: DevnetWallet[] = []
const porticos: Portico[] = []

beforeAll(async () => {
  relay = await startRelay()
})
afterEach(async () => {
  for (const portico of porticos.splice(0)) await (await walletConnectOf(portico)?.load())?.close()
  await Promise.all(wallets.splice(0).map((w) => w.close()))
})
afterAll(() => relay.stop())

function nextUri(portico: Portico) {
  return new Promise<string>((resolve) => {
    const unwatch = watchWalletConnectUri(portico, {
      onChange: (pairing) => {
        if (pairing) {
          unwatch()
          resolve(pairing.uri)
        }
      },
    })
  })
}

test('relay killed mid-request: the answer given after the restart arrives, and the session still signs', async () => {
  const map = new Map<string, string>()
  const portico = createPortico({
    projectId: 'portico-faults',
    metadata: { name: 'Faults dapp', description: 'faults', url: 'http://127.0.0.1:5173', icons: [] },
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true })],
    adapters: [eip155Adapter()],
    storage: {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    },
    walletConnect: { relayUrl: relay.url, verifyUrl: relay.verifyUrl, storage: createMemoryWalletConnectStorage() },
  })
  porticos.push(portico)
  const wallet = await createDevnetWallet({
    storagePrefix: 'faults-wallet',
    relayUrl: relay.url,
    verifyUrl: relay.verifyUrl,
    evmRpcUrl: devnet.evmRpcUrl,
    evmChainIds: [31337],
    autoApprove: { requests: 'manual' },
  })
  wallets.push(wallet)
  const connector = getConnectors(portico, { namespace: 'eip155' }).find((c) => c.type === 'WALLET_CONNECT')
  const uri = nextUri(portico)
  const connected = connect(portico, { connector })
  await wallet.pair(await uri)
  const { address } = await connected

  const message = 'signed across a relay restart'
  const signing = signMessage(portico, { namespace: 'eip155', message })
  const pending = await wallet.nextRequest()
  expect(pending.method).toBe('personal_sign')

  const client = await (await walletConnectOf(portico)?.load())?.client()
  const reconnected = Promise.all(
    [client?.core.relayer, wallet.walletKit.core.relayer].map(
      (relayer) => new Promise<void>((resolve) => relayer?.once('relayer_connect', () => resolve())),
    ),
  )
  await relay.restart()
  await reconnected
  // Nothing lost meanwhile: still connected, same account.
  expect(getConnection(portico, { namespace: 'eip155' })).toMatchObject({ status: 'connected', address })

  await pending.approve()
  const signature = await signing
  expect(await verifyEip155Message({ address, message, signature })).toBe(true)

  // And the session goes on working.
  const again = signMessage(portico, { namespace: 'eip155', message: 'after' })
  await (await wallet.nextRequest()).approve()
  expect(await verifyEip155Message({ address, message: 'after', signature: await again })).toBe(true)
})
