// WalletConnect through Portico drives wagmi: the devnet's web wallet (@reown/walletkit) pairs
// through the devnet relay; wagmi's actions then sign and send through the session. Loopback only.

import {
  createDevnetWallet,
  type DevnetWallet,
  startDevnet,
  startRelay,
  type WalletConnectRelay,
} from '@portico/devnet'
import {
  createMemoryWalletConnectStorage,
  createPortico,
  eip155Adapter,
  getConnectors,
  getNetwork,
  type Portico,
  connect as porticoConnect,
  disconnect as porticoDisconnect,
} from '@portico/headless/core'
import { watchWalletConnectUri } from '@portico/headless/walletconnect'
import {
  type Config,
  disconnect,
  getConnection,
  sendTransaction,
  switchChain,
  waitForTransactionReceipt,
  watchConnection,
} from '@wagmi/core'
import { defineChain, http, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { walletConnectOf } from '../../headless/src/test/walletConnect.js'
import { createWagmiConfig } from './createWagmiConfig.js'
import { porticoNetworks } from './porticoNetworks.js'

type Devnet = Awaited<ReturnType<typeof startDevnet>>
let devnet: Devnet
let relay: WalletConnectRelay
const wallets: DevnetWallet[] = []
const porticos: Portico[] = []

beforeAll(async () => {
  ;[devnet, relay] = await Promise.all([startDevnet({ api: false, walletConnect: false }), startRelay()])
}, 60_000)
afterEach(async () => {
  for (const portico of porticos.splice(0)) await (await walletConnectOf(portico)?.load())?.close()
  await Promise.all(wallets.splice(0).map((w) => w.close()))
})
afterAll(async () => {
  await relay?.stop()
  await devnet?.stop()
})

let count = 0
async function setup() {
  const rpcUrls = { default: { http: [devnet.evm.rpcUrl] } }
  const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const chains = [
    defineChain({ id: 31337, name: 'Devnet', nativeCurrency, rpcUrls, testnet: true }),
    defineChain({ id: 1, name: 'Ethereum', nativeCurrency, rpcUrls, testnet: false }),
  ] as const
  const portico = createPortico({
    projectId: 'portico-devnet',
    metadata: { name: 'wagmi interop', description: 'test', url: 'http://127.0.0.1:5173', icons: [] },
    networks: porticoNetworks(chains),
    adapters: [eip155Adapter()],
    ssr: false,
    walletConnect: { relayUrl: relay.url, verifyUrl: relay.verifyUrl, storage: createMemoryWalletConnectStorage() },
  })
  porticos.push(portico)
  const config = createWagmiConfig({
    portico,
    chains,
    transports: { 31337: http(devnet.evm.rpcUrl), 1: http(devnet.evm.rpcUrl) },
  })
  const wallet = await createDevnetWallet({
    storagePrefix: `wagmi-wallet-${++count}`,
    relayUrl: relay.url,
    verifyUrl: relay.verifyUrl,
    evmRpcUrl: devnet.evm.rpcUrl,
    solanaRpcUrl: devnet.solana.rpcUrl,
    accountIndex: 4,
    evmChainIds: [31337, 1],
  })
  wallets.push(wallet)
  return { portico, config, wallet }
}

async function pairInPortico(portico: Portico, wallet: DevnetWallet) {
  const connector = getConnectors(portico, { namespace: 'eip155' }).find((c) => c.type === 'WALLET_CONNECT')
  if (!connector) throw new Error('no WalletConnect connector')
  const uri = new Promise<string>((resolve) => {
    const stop = watchWalletConnectUri(portico, {
      onChange(pairing) {
        if (!pairing) return
        stop()
        resolve(pairing.uri)
      },
    })
  })
  const connected = porticoConnect(portico, { connector })
  await wallet.pair(await uri)
  return connected
}

function untilWagmi(config: Config, predicate: (c: ReturnType<typeof getConnection>) => boolean) {
  return new Promise<ReturnType<typeof getConnection>>((resolve) => {
    const check = () => {
      const now = getConnection(config)
      if (predicate(now)) resolve(now)
      return predicate(now)
    }
    if (check()) return
    const stop = watchConnection(config, { onChange: () => check() && stop() })
  })
}

test("behavior: a WalletConnect session made in Portico is wagmi's connection; wagmi sends through it and switches its chain", async () => {
  const { portico, config } = await setup()
  await pairInPortico(portico, wallets[0] as DevnetWallet)
  const connection = await untilWagmi(config, (c) => c.status === 'connected')
  expect(connection).toMatchObject({ address: devnet.evm.accounts[4].address, chainId: 31337 })

  const to = devnet.evm.accounts[1].address
  const hash = await sendTransaction(config, { to, value: parseEther('0.01') })
  const receipt = await waitForTransactionReceipt(config, { hash, pollingInterval: 20 })
  expect(receipt).toMatchObject({ status: 'success', from: devnet.evm.accounts[4].address.toLowerCase() })

  await switchChain(config, { chainId: 1 })
  expect(getNetwork(portico, { namespace: 'eip155' }).network.id).toBe(1)
  expect(getConnection(config).chainId).toBe(1)

  await disconnect(config)
  expect(getConnection(config).status).toBe('disconnected')
})

test('behavior: ending the WalletConnect session in Portico disconnects wagmi', async () => {
  const { portico, config } = await setup()
  await pairInPortico(portico, wallets[0] as DevnetWallet)
  await untilWagmi(config, (c) => c.status === 'connected')
  await porticoDisconnect(portico)
  expect((await untilWagmi(config, (c) => c.status === 'disconnected')).address).toBeUndefined()
})
