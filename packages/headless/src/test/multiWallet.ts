import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { getWalletsState } from '../features/wallets/connections.js'
import { getConnections } from '../features/wallets/getConnections.js'
import { initialize } from '../kernel/actions/initialize.js'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../kernel/createPortico.js'
import type { StorageLike } from '../kernel/state/storage.js'
import type { Connection } from '../kernel/types.js'
import { createTestEip1193Wallet } from '../testing/eip1193Wallet.js'
import { memoryStorage, testNetworks } from './fixtures.js'

// Keys of this test run (importing the devnet package's accounts would not load in happy-dom).
const alphaKey = generatePrivateKey()
const betaKey = generatePrivateKey()
const betaSecondKey = generatePrivateKey()

/** @internal The two wallets' addresses, lower case. */
export const alphaAddress = privateKeyToAccount(alphaKey).address.toLowerCase()
export const betaAddress = privateKeyToAccount(betaKey).address.toLowerCase()
/** @internal Beta's second account, which the user selects with `wallets.beta.setAccount(1)`. */
export const betaSecondAddress = privateKeyToAccount(betaSecondKey).address.toLowerCase()

/**
 * @internal Two installed EVM wallets, each with its own key; they keep authorising the site across
 * "reloads" (new instances over the same wallets), as a browser extension does.
 */
export function twoWallets() {
  const chains = [{ id: 31337, name: 'Portico Devnet', rpcUrl: 'http://127.0.0.1:1' }]
  return {
    alpha: createTestEip1193Wallet({ accounts: [alphaKey], chains }),
    beta: createTestEip1193Wallet({ accounts: [betaKey, betaSecondKey], chains }),
  }
}

/**
 * @internal `wallet` with some of its provider's methods replaced (`on`, `removeListener`…); its
 * requests still reach the wallet and its request log.
 */
export function withProviderMethods<wallet extends { provider: object }>(
  wallet: wallet,
  methods: Record<string, (...args: never[]) => unknown>,
): wallet {
  return Object.create(wallet, { provider: { value: Object.assign(Object.create(wallet.provider), methods) } })
}

/** @internal An initialised instance over {@link twoWallets} (`alpha`, `beta`), `multiWallet` on unless told. */
export function multiWalletInstance(
  wallets: ReturnType<typeof twoWallets>,
  { storage = memoryStorage(), multiWallet = true }: { storage?: StorageLike; multiWallet?: boolean } = {},
) {
  const portico = createPortico({
    projectId: 'p',
    remoteConfig: false,
    walletConnect: false,
    networks: [testNetworks().devnet],
    adapters: [
      eip155Adapter({
        eip6963: false,
        legacyInjected: false,
        connectors: [
          { id: 'alpha', name: 'Alpha', provider: wallets.alpha.provider },
          { id: 'beta', name: 'Beta', provider: wallets.beta.provider },
        ],
      }),
    ],
    features: { multiWallet },
    storage,
  })
  initialize(portico)
  return portico
}

/** @internal {@link multiWalletInstance} whose list a reader started (before any wallet connects). */
export async function startedMultiWallet(...args: Parameters<typeof multiWalletInstance>) {
  const portico = multiWalletInstance(...args)
  getConnections(portico)
  expect(getWalletsState(portico).started).toBe(true)
  return portico
}

/** @internal What a test compares of a list: connector, status and first account (lower case). */
export const summary = (connections: readonly Connection[]) =>
  connections.map((c) => ({ connectorId: c.connectorId, status: c.status, account: c.accounts[0]?.toLowerCase() }))
