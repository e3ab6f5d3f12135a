import { getWallets } from '@wallet-standard/app'
import type { IdentifierString } from '@wallet-standard/base'
import type { ChainAdapter } from '../../portico.js'
import type { Connector } from '../../types.js'
import { isAnnouncedIcon } from '../../utils/announcedIcon.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { readProperty, warnOnce, watchInjected } from '../../utils/injectedDiscovery.js'
import { checkStandardWallets, type StandardWalletEntry } from '../../utils/walletStandard.js'
import { createBitcoinStandardConnector } from './bitcoinStandardConnector.js'
import { createSatsConnectConnector, type SatsConnectProvider } from './satsConnectConnector.js'

/** Genesis-hash prefixes (CAIP-2 bip122 references) of the public networks and their Wallet Standard chains. */
const knownChains: Record<string, IdentifierString> = {
  '000000000019d6689c085ae165831e93': 'bitcoin:mainnet',
  '000000000933ea01ad0ee984209779ba': 'bitcoin:testnet',
  '00000008819873e925422c1ff0f99f7c': 'bitcoin:signet',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'bitcoin:regtest',
}

/**
 * Options of {@link bip122Adapter}.
 *
 * @example
 * const parameters: Bip122AdapterParameters = { satsConnect: false, chains: { 'bip122:000000000933ea01ad0ee984209779ba': 'bitcoin:testnet' } }
 */
export type Bip122AdapterParameters = {
  /** Listen for Wallet Standard Bitcoin wallets. Default `true`. */
  walletStandard?: boolean | undefined
  /** List sats-connect style providers announced in `window.btc_providers`. Default `true`. */
  satsConnect?: boolean | undefined
  /** Wallet Standard chain of each CAIP-2 network not among the public ones. Default `bitcoin:regtest`. */
  chains?: Readonly<Record<string, IdentifierString>> | undefined
}

/** Whether a checked Wallet Standard wallet serves Bitcoin: a `bitcoin:` chain, `bitcoin:connect` and a signing feature. */
function isBitcoinWalletEntry({ wallet }: StandardWalletEntry): boolean {
  const features = wallet.features as Record<string, unknown>
  return (
    wallet.chains.some((c) => typeof c === 'string' && c.startsWith('bitcoin:')) &&
    typeof (features['bitcoin:connect'] as { connect?: unknown } | undefined)?.connect === 'function' &&
    (features['bitcoin:signMessage'] !== undefined || features['bitcoin:signTransaction'] !== undefined)
  )
}

/**
 * The bip122 (Bitcoin) adapter: discovers installed Bitcoin wallets through the Wallet Standard
 * Bitcoin features (`bitcoin:connect` with payment and ordinals addresses, payment first as the
 * spec's default account type; `bitcoin:signMessage`; `bitcoin:signTransaction` for PSBTs) and
 * sats-connect style providers announced in `window.btc_providers` (`sendTransfer` too);
 * Bitcoin wallets also connect through WalletConnect. Registrations are validated before they are
 * listed (a malformed one is ignored with one warning) and only valid Bitcoin addresses (bech32,
 * bech32m, base58check) are kept. Balances: there is no local Bitcoin chain on the devnet and no
 * balance source Portico reads, so `getBalance` resolves with an empty list, never a guess.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet, bitcoin], adapters: [eip155Adapter(), bip122Adapter()] })
 */
export function bip122Adapter(parameters: Bip122AdapterParameters = {}): ChainAdapter<'bip122'> {
  const { walletStandard = true, satsConnect = true, chains = {} } = parameters
  const walletChain = (caipNetworkId: CaipNetworkId): IdentifierString =>
    chains[caipNetworkId] ?? knownChains[caipNetworkId.slice('bip122:'.length)] ?? 'bitcoin:regtest'
  return {
    namespace: 'bip122',
    watchConnectors(onChange) {
      if (typeof window === 'undefined' || (!walletStandard && !satsConnect)) {
        onChange([])
        return () => {}
      }
      const warned = new Set<string>()
      // One connector per wallet object, so a re-read keeps the connector a connection holds.
      const connectors = new Map<unknown, Connector>()
      const once = (key: unknown, create: () => Connector) => {
        const known = connectors.get(key)
        if (known) return known
        const created = create()
        connectors.set(key, created)
        return created
      }
      let standard: Connector[] = []
      let injected: { key: string; name: string; icon: string | undefined; provider: SatsConnectProvider }[] = []
      const emit = () => {
        // A wallet offering both interfaces (Xverse does) is listed once, through the Wallet Standard.
        const names = new Set(standard.map((c) => c.name))
        const sats = injected
          .filter((entry) => !names.has(entry.name))
          .map((entry) => once(entry.provider, () => createSatsConnectConnector({ id: entry.key, ...entry })))
        onChange([...standard, ...sats])
      }
      const stops: (() => void)[] = []
      if (walletStandard) {
        const wallets = getWallets()
        const readStandard = () => {
          standard = checkStandardWallets(wallets.get(), warned)
            .filter(isBitcoinWalletEntry)
            .map((entry) => once(entry.wallet, () => createBitcoinStandardConnector(entry, walletChain)))
          emit()
        }
        stops.push(wallets.on('register', readStandard), wallets.on('unregister', readStandard))
        readStandard()
      }
      if (satsConnect)
        stops.push(
          watchInjected(
            () => readSatsProviders(warned),
            (entries) => {
              injected = entries
              emit()
            },
          ),
        )
      return () => {
        for (const stop of stops) stop()
      }
    },
    getBalance: async () => [],
  }
}

const unprintable = /[\p{Cc}\p{Cf}]/u

/**
 * The sats-connect providers `window.btc_providers` announces ({id, name, icon}, `id` the path of
 * the provider on `window`, e.g. `XverseProviders.BitcoinProvider`), each checked: a printable
 * name and a provider with a `request` function. Bad entries are ignored with one warning.
 */
function readSatsProviders(warned: Set<string>) {
  const list = readProperty(window, 'btc_providers')
  if (!Array.isArray(list)) return []
  const seen = new Set<string>()
  return list.flatMap((item: unknown) => {
    const id = readProperty(item, 'id')
    const name = readProperty(item, 'name')
    const icon = readProperty(item, 'icon')
    const valid =
      typeof id === 'string' &&
      /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(id) &&
      typeof name === 'string' &&
      name.trim() !== '' &&
      name.length <= 100 &&
      !unprintable.test(name)
    const provider = valid
      ? id.split('.').reduce<unknown>((object, key) => readProperty(object, key), window)
      : undefined
    if (!valid || typeof readProperty(provider, 'request') !== 'function') {
      warnOnce(
        warned,
        `sats:${String(id)}`,
        `Ignored a btc_providers entry (${typeof id === 'string' ? id.slice(0, 100) : 'no id'}): no provider with request().`,
      )
      return []
    }
    if (seen.has(id)) return []
    seen.add(id)
    return [
      {
        key: id,
        name: name.trim(),
        icon: isAnnouncedIcon(icon) ? icon : undefined,
        provider: provider as SatsConnectProvider,
      },
    ]
  })
}
