// getEmbeddedWallet in real Chromium with the real secure frame (ui's globalAuth.ts): the wallet is
// made once per instance, its frame added hidden with the spec's query on the chain the login cache
// names, synced once ready (the spec's dark theme, read inside the frame's own document by a browser
// command, ui's test/frameCommands.ts); the refusals of a kit that cannot have one add no frame.
// No login: nothing here needs a signed-in user.
import { afterEach, expect, inject, test } from 'vitest'
import { commands } from 'vitest/browser'
import { embeddedPortico, pageStorage, secureFrames, stopEmbedded } from '../../../../ui/src/test/embeddedKit.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { polkadotAdapter } from '../../kernel/adapters/polkadot/polkadotAdapter.js'
import { polkadotNetwork } from '../../kernel/adapters/polkadot/polkadotNetwork.js'
import { solanaAdapter } from '../../kernel/adapters/solana/solanaAdapter.js'
import type { PorticoOptions } from '../../kernel/options.js'
import { testNetworks } from '../../test/networks.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import { readLoginCache, writeLoginCache } from './loginCache.js'

afterEach(stopEmbedded)

const devnet = inject('devnet')
const embedded = inject('embedded')
const {
  devnet: devnetChain,
  devnet2: otherChain,
  solanaLocal: solanaDevnet,
} = testNetworks({
  evmRpcUrl: devnet.evmRpcUrl,
  solanaRpcUrl: devnet.solanaRpcUrl,
  genesisHash: devnet.solanaGenesisHash,
})

/** A kit on both devnet EVM networks and the Solana cluster, with `options` over it. */
const kit = (options: Partial<PorticoOptions> = {}, storage = pageStorage()) =>
  embeddedPortico({
    storage,
    options: {
      networks: [devnetChain, otherChain, solanaDevnet],
      adapters: [eip155Adapter(), solanaAdapter()],
      ...options,
    },
  })

/** The query the wallet's frame was loaded with. */
const frameQuery = (portico: ReturnType<typeof kit>) =>
  Object.fromEntries(new URL(getEmbeddedWallet(portico).client.element.src).searchParams)

test('default: the first use adds one hidden frame with the spec’s query on the first EVM network; later uses get the same wallet; once ready the frame has the dark theme', async () => {
  const portico = kit()
  expect(secureFrames()).toHaveLength(0)
  const wallet = getEmbeddedWallet(portico)
  expect(getEmbeddedWallet(portico)).toBe(wallet)
  expect([...secureFrames()]).toEqual([wallet.client.element])
  expect(wallet.client.element.src.startsWith(embedded.frameUrl)).toBe(true)
  expect(frameQuery(portico)).toEqual({
    projectId: embedded.projectId,
    chainId: '31337',
    version: expect.any(String),
    enableLogger: 'false',
    rpcUrl: devnet.evmRpcUrl,
  })
  expect(wallet).toMatchObject({ namespaces: ['eip155', 'solana'], frameChain: 31337 })
  await wallet.client.ready()
  await expect
    .poll(async () => (await commands.frameRootStyle(new URL(embedded.frameUrl).origin, []))?.colorScheme)
    .toBe('dark')
})

test('behavior: the frame starts on the EVM chain the login cache names when the kit has it, else on the first; a kit with Solana only starts it on chain 1 with no RPC', () => {
  const remembered = kit()
  writeLoginCache(remembered, { used: true, lastChain: 'eip155:31338' })
  expect(frameQuery(remembered)).toMatchObject({ chainId: '31338', rpcUrl: devnet.evmRpcUrl })
  expect(getEmbeddedWallet(remembered).frameChain).toBe(31338)

  const notEvm = kit()
  writeLoginCache(notEvm, { used: true, lastChain: solanaDevnet.caipNetworkId })
  expect(frameQuery(notEvm)).toMatchObject({ chainId: '31337' })

  const solanaOnly = kit({ networks: [solanaDevnet], adapters: [solanaAdapter()] })
  expect(frameQuery(solanaOnly).chainId).toBe('1')
  expect(frameQuery(solanaOnly).rpcUrl).toBeUndefined()
  expect(getEmbeddedWallet(solanaOnly)).toMatchObject({ namespaces: ['solana'], frameChain: undefined })
})

test("behavior: the wallet's helpers are the instance's: its networks by id (else the namespace's first), their RPC URLs, and its login cache", () => {
  const portico = kit()
  const wallet = getEmbeddedWallet(portico)
  expect(wallet.networkFor('eip155', 'eip155:31338')).toBe(otherChain)
  expect(wallet.networkFor('eip155', 'eip155:999')).toBe(devnetChain)
  expect(wallet.networkFor('solana')).toBe(solanaDevnet)
  expect(wallet.rpcUrl(solanaDevnet)).toBe(devnet.solanaRpcUrl)
  wallet.writeLoginCache({ used: true, email: 'ada@example.com' })
  expect(readLoginCache(portico)).toEqual({ used: true, email: 'ada@example.com' })
  wallet.clearLoginCache()
  expect(wallet.readLoginCache()).toEqual({ used: false })
})

test('error: a kit that cannot have an embedded wallet is refused as not configured, with the reason, and no frame is added', () => {
  const polkadotOnly: Partial<PorticoOptions> = {
    networks: [
      polkadotNetwork({
        genesisHash: `0x${'e1'.repeat(32)}`,
        name: 'Polkadot devnet',
        nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 },
      }),
    ],
    adapters: [polkadotAdapter()],
  }
  const cases: [Partial<PorticoOptions>, string][] = [
    [{ embeddedWallet: undefined }, 'No embeddedWallet.frameUrl in the options.'],
    [{ projectId: undefined }, 'The embedded wallet needs a projectId.'],
    [
      { embeddedWallet: { frameUrl: `${window.location.origin}/secure/` } },
      'The secure frame must be served from another origin than the page: it keeps the keys away from it.',
    ],
    [polkadotOnly, 'Email login needs an eip155 or solana adapter.'],
  ]
  for (const [options, reason] of cases) {
    expect(() => getEmbeddedWallet(kit(options)), reason).toThrow(
      expect.objectContaining({
        name: 'EmbeddedWalletNotConfiguredError',
        shortMessage: 'Unable to load email login dependency',
        details: reason,
      }),
    )
  }
  expect(secureFrames()).toHaveLength(0)
})
