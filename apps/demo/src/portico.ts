// The demo's Portico instance and its "Devnet Wallet", both built from the running devnet
// (`virtual:portico-devnet`, filled in by the demo server). Browser code: headless only.

import { devnetConfig } from 'virtual:portico-devnet'
import {
  bip122Adapter,
  bip122Network,
  cosmosAdapter,
  cosmosNetwork,
  createPortico,
  eip155Adapter,
  eip155Network,
  polkadotAdapter,
  polkadotNetwork,
  solanaAdapter,
  solanaNetwork,
} from '@portico/headless'
import { createTestEip1193Wallet, createTestSolanaWallet } from '@portico/headless/testing'

const { evm, solana } = devnetConfig

export const devnet = eip155Network({
  id: evm.chainId,
  name: 'Devnet',
  rpcUrl: evm.rpcUrl,
  testnet: true,
  tokens: evm.tokens,
})

/** A second entry on the same anvil, so switching networks can be tried without a second chain. */
export const devnet2 = eip155Network({ id: 31338, name: 'Devnet 2', rpcUrl: evm.rpcUrl, testnet: true })

export const solanaDevnet = solanaNetwork({
  genesisHash: solana.genesisHash,
  name: 'Solana Devnet',
  rpcUrl: solana.rpcUrl,
  testnet: true,
  tokens: solana.tokens,
})

// The chains the devnet wallet holds keys for but that have no local node: WalletConnect signs on
// them (message signing works end to end), balances are not read.
const reference = (caip: string) => caip.slice(caip.indexOf(':') + 1)
export const polkadotDevnet = polkadotNetwork({
  genesisHash: reference(devnetConfig.walletConnect.chains.polkadot),
  name: 'Polkadot (devnet keys)',
  nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 },
  testnet: true,
})
export const bitcoinRegtest = bip122Network({
  genesisHash: reference(devnetConfig.walletConnect.chains.bip122),
  name: 'Bitcoin regtest (devnet keys)',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  testnet: true,
})
export const cosmosDevnet = cosmosNetwork({
  chainId: reference(devnetConfig.walletConnect.chains.cosmos),
  name: 'Cosmos (devnet keys)',
  nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
  testnet: true,
})

const query = new URLSearchParams(window.location.search)
/** `?analytics=off` (e.g. `/?analytics=off#/`) turns analytics off: not a single analytics request. */
const analyticsOff = query.get('analytics') === 'off'
/**
 * `?pairingExpiry=10` offers each WalletConnect pairing code for 10 s instead of the spec's 4 min:
 * watch the QR code renew itself without a click (the e2e suite does).
 */
const pairingExpirySeconds = Number(query.get('pairingExpiry')) || undefined
/**
 * `?multiWallet=on` turns the multi-wallet feature on locally and installs a second EVM wallet
 * ("Devnet Wallet 2", another devnet key): connect both, switch, reload, disconnect one.
 */
const multiWallet = query.get('multiWallet') === 'on'
/**
 * `?smartSessions=on` turns smart sessions (ERC-7715 permissions) on: the page offers a grant, and
 * the Account view lists the account's grants with Revoke.
 */
const smartSessions = query.get('smartSessions') === 'on'

export const portico = createPortico({
  projectId: 'portico-demo',
  ...(analyticsOff || multiWallet || smartSessions
    ? {
        features: {
          ...(analyticsOff ? { analytics: false } : {}),
          ...(multiWallet ? { multiWallet: true } : {}),
          ...(smartSessions ? { smartSessions: true } : {}),
        },
      }
    : {}),
  networks: [devnet, devnet2, solanaDevnet, polkadotDevnet, bitcoinRegtest, cosmosDevnet],
  adapters: [eip155Adapter(), solanaAdapter(), polkadotAdapter(), bip122Adapter(), cosmosAdapter()],
  // WalletConnect through the devnet relay; the dapp's Verify attestation comes from the devnet too.
  // Pair with the devnet web wallet (its URL is printed by `npm run demo`) instead of a phone.
  walletConnect: {
    relayUrl: devnetConfig.walletConnect.relayUrl,
    verifyUrl: devnetConfig.walletConnect.verifyUrl,
    pairingExpirySeconds,
  },
  metadata: {
    name: 'Portico demo',
    description: 'The Portico demo host site',
    url: window.location.origin,
    icons: [],
  },
  // Every hosted service is the devnet's emulator: the wallet directory (All Wallets pages through
  // 500+ entries), the project configuration, analytics, and the blockchain API (balances with
  // prices, Activity). Nothing leaves the machine.
  apiUrls: { api: devnetConfig.apiUrl, blockchain: devnetConfig.apiUrl, analytics: devnetConfig.apiUrl },
  // Email login: the devnet's secure frame (its own origin) and auth server; codes land in its inbox.
  ...(devnetConfig.auth ? { embeddedWallet: { frameUrl: devnetConfig.auth.frameUrl } } : {}),
  // The embedded wallet's smart account on the devnet chain: Alto as the bundler, the devnet's
  // paymaster paying the gas. Users start on it (the spec's default); it signs in like any account
  // (the sign-in page's server checks it on the devnet chain); the Account view offers the switch.
  ...(devnetConfig.aa
    ? {
        bundlerMap: { [`eip155:${devnetConfig.evm.chainId}`]: devnetConfig.aa.bundlerUrl },
        paymasterMap: { [`eip155:${devnetConfig.evm.chainId}`]: devnetConfig.aa.paymasterUrl },
      }
    : {}),
})

const chainKey = 'portico-demo:devnet-wallet-chain'
const evmAuthorizedKey = 'portico-demo:devnet-wallet-evm-authorized'
const solanaAuthorizedKey = 'portico-demo:devnet-wallet-solana-authorized'

/**
 * Installs the "Devnet Wallet" in the page, as a browser extension would: an EIP-1193 wallet
 * announced via EIP-6963 holding the devnet EVM keys, and a Wallet Standard wallet holding the
 * devnet Solana seeds.
 *
 * The test wallets live in the page, so a reload would make them forget everything a real
 * extension remembers. The demo keeps that in localStorage: the selected EVM chain, and whether
 * this site was authorised (then the wallet re-authorises itself before it announces, so the
 * app's silent reconnect finds the account as it would with an extension).
 */
export async function installDevnetWallet() {
  const chains = [
    { id: evm.chainId, rpcUrl: evm.rpcUrl },
    { id: devnet2.id as number, rpcUrl: evm.rpcUrl },
  ]
  const saved = Number(localStorage.getItem(chainKey))
  const evmWallet = createTestEip1193Wallet({
    accounts: evm.privateKeys,
    chains,
    initialChainId: chains.some((c) => c.id === saved) ? saved : evm.chainId,
  })
  const solanaWallet = await createTestSolanaWallet({ seeds: solana.seeds, rpcUrl: solana.rpcUrl })

  if (localStorage.getItem(evmAuthorizedKey)) await evmWallet.provider.request({ method: 'eth_requestAccounts' })
  if (localStorage.getItem(solanaAuthorizedKey)) {
    await solanaWallet.wallet.features['standard:connect'].connect()
    await solanaWallet.wallet.features['standard:disconnect'].disconnect()
  }

  evmWallet.provider.on('chainChanged', (chainId: string) => localStorage.setItem(chainKey, String(Number(chainId))))
  evmWallet.provider.on('accountsChanged', (accounts: readonly string[]) =>
    accounts.length > 0 ? localStorage.setItem(evmAuthorizedKey, '1') : localStorage.removeItem(evmAuthorizedKey),
  )
  solanaWallet.wallet.features['standard:events'].on('change', ({ accounts }) => {
    if (accounts && accounts.length > 0) localStorage.setItem(solanaAuthorizedKey, '1')
  })

  evmWallet.announce()
  solanaWallet.register()
  if (multiWallet) await installSecondEvmWallet(chains)
}

const secondAuthorizedKey = 'portico-demo:devnet-wallet-2-authorized'

/** A second installed EVM wallet with its own key, remembering its authorisation across reloads like the first. */
async function installSecondEvmWallet(chains: { id: number; rpcUrl: string }[]) {
  const wallet = createTestEip1193Wallet({
    accounts: evm.privateKeys.slice(1, 2),
    chains,
    info: { name: 'Devnet Wallet 2', rdns: 'dev.portico.devnet2' },
  })
  if (localStorage.getItem(secondAuthorizedKey)) await wallet.provider.request({ method: 'eth_requestAccounts' })
  wallet.provider.on('accountsChanged', (accounts: readonly string[]) =>
    accounts.length > 0 ? localStorage.setItem(secondAuthorizedKey, '1') : localStorage.removeItem(secondAuthorizedKey),
  )
  wallet.announce()
}
