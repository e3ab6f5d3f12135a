// ox's per-module entries, not viem's barrels: see the page-start test in @portico/ui.
import * as Address from 'ox/Address'
import * as Hex from 'ox/Hex'
import { providerErrorCode } from '../../errors/isUserRejection.js'
import { isSafeImageUrl } from '../../state/persistence.js'
import type { AdapterConnection, AdapterEvent, ChainAdapter, Connector, PorticoNetwork } from '../../types.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { type Eip6963Announcement, watchEip6963Announcements } from '../../utils/eip6963.js'
import type { Eip1193Provider } from './types.js'

/** A wallet the host brings itself (e.g. a hardware-wallet SDK). */
export type Eip155ExternalConnector = {
  id: string
  name: string
  icon?: string | undefined
  provider: Eip1193Provider
}

export type Eip155AdapterParameters = {
  /** Listen for EIP-6963 announcements. Default `true`. */
  eip6963?: boolean | undefined
  /** Offer `window.ethereum` when no announced wallet owns it. Default `true`. */
  legacyInjected?: boolean | undefined
  /** Connectors supplied by the host (connector type `EXTERNAL`). */
  connectors?: readonly Eip155ExternalConnector[] | undefined
}

/**
 * The eip155 (EVM) adapter: discovers wallets through EIP-6963 (with a fallback to the legacy
 * `window.ethereum`), connects over EIP-1193, switches chains with `wallet_switchEthereumChain`
 * (adding the chain on 4902) and reads balances from the network's RPC with viem.
 *
 * @example
 * createPortico({ networks: [mainnet], adapters: [eip155Adapter()] })
 */
export function eip155Adapter(parameters: Eip155AdapterParameters = {}): ChainAdapter<'eip155'> {
  const { eip6963 = true, legacyInjected = true, connectors: external = [] } = parameters
  const externalConnectors: Connector[] = external.map((c) => ({
    id: c.id,
    uid: `eip155:${c.id}`,
    name: c.name,
    imageUrl: isSafeImageUrl(c.icon) ? c.icon : undefined,
    chain: 'eip155',
    type: 'EXTERNAL',
    provider: c.provider,
  }))

  return {
    namespace: 'eip155',

    watchConnectors(onChange) {
      if (typeof window === 'undefined') {
        onChange(externalConnectors)
        return () => {}
      }
      const emit = (announcements: readonly Eip6963Announcement[]) => {
        // Announcements arrive validated (utils/eip6963.ts): a malformed one never reaches this list.
        const announced: Connector[] = announcements.map(({ info, provider }) => ({
          id: info.rdns,
          uid: `eip155:${info.rdns}`,
          name: info.name,
          imageUrl: info.icon,
          chain: 'eip155',
          type: 'ANNOUNCED',
          info: { rdns: info.rdns },
          provider,
        }))
        const legacy = legacyInjected ? legacyConnector(announced) : undefined
        onChange([...announced, ...(legacy ? [legacy] : []), ...externalConnectors])
      }
      if (!eip6963) {
        emit([])
        return () => {}
      }
      return watchEip6963Announcements(emit)
    },

    async connect({ connector }) {
      const provider = asProvider(connector)
      const accounts = toAccounts(await provider.request({ method: 'eth_requestAccounts' }))
      return { accounts, caipNetworkId: await readChain(provider) }
    },

    async reconnect({ connector }) {
      const provider = asProvider(connector)
      const accounts = toAccounts(await provider.request({ method: 'eth_accounts' }))
      if (accounts.length === 0) return undefined
      return { accounts, caipNetworkId: await readChain(provider) } satisfies AdapterConnection
    },

    async disconnect({ connector }) {
      // EIP-2255 revoke is what "disconnect" means to wallets that support it; many don't, and
      // that is not a failure: the dapp forgets the connection either way.
      try {
        await asProvider(connector).request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      } catch (error) {
        const code = providerErrorCode(error)
        if (code !== 4200 && code !== -32601 && code !== -32602 && code !== 4100) throw error
      }
    },

    async switchNetwork({ connector, network }) {
      const provider = asProvider(connector)
      const chainId = Hex.fromNumber(Number(network.id))
      try {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      } catch (error) {
        if (providerErrorCode(error) !== 4902) throw error
        await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParameters(network)] })
        // Most wallets switch after adding, but not all; asking again is a no-op for those that did.
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      }
    },

    async signMessage({ connector, address, message }) {
      const data = typeof message === 'string' ? Hex.fromString(message) : Hex.fromBytes(message)
      const signature = await asProvider(connector).request({ method: 'personal_sign', params: [data, address] })
      if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
        throw new TypeError('The wallet returned a signature that is not hex')
      return signature
    },

    async getBalance({ address, network }) {
      // viem's RPC client is not needed to render a button: load it with the first balance read.
      const { readEvmBalances } = await import('./readEvmBalances.js')
      return readEvmBalances({ address, network })
    },

    subscribe(connector, listener) {
      const provider = asProvider(connector)
      if (!provider.on) return () => {}
      const onAccounts = (accounts: unknown) => {
        try {
          listener({ type: 'accountsChanged', accounts: toAccounts(accounts) })
        } catch {
          console.warn('[portico] Ignored a malformed accountsChanged event from the wallet')
        }
      }
      const onChain = (chainId: unknown) => {
        const caipNetworkId = toCaipNetworkId(chainId)
        if (caipNetworkId) listener({ type: 'chainChanged', caipNetworkId })
        else console.warn('[portico] Ignored a malformed chainChanged event from the wallet')
      }
      const onDisconnect = (error: unknown) => {
        // MetaMask emits `disconnect` with 1013 while it reconnects to its own RPC: not a user disconnect.
        if (providerErrorCode(error) === 1013) return
        listener({ type: 'disconnect' } satisfies AdapterEvent)
      }
      provider.on('accountsChanged', onAccounts as never)
      provider.on('chainChanged', onChain as never)
      provider.on('disconnect', onDisconnect as never)
      return () => {
        provider.removeListener?.('accountsChanged', onAccounts as never)
        provider.removeListener?.('chainChanged', onChain as never)
        provider.removeListener?.('disconnect', onDisconnect as never)
      }
    },
  }
}

function legacyConnector(announced: readonly Connector[]): Connector | undefined {
  const ethereum = (window as { ethereum?: Eip1193Provider & Record<string, unknown> }).ethereum
  if (!ethereum || typeof ethereum.request !== 'function') return undefined
  // Modern wallets both announce and inject; showing the injected one again would be a duplicate.
  if (announced.some((c) => c.provider === ethereum)) return undefined
  return {
    id: 'injected',
    uid: 'eip155:injected',
    name: ethereum.isMetaMask === true ? 'MetaMask' : 'Browser Wallet',
    chain: 'eip155',
    type: 'INJECTED',
    provider: ethereum,
  }
}

function asProvider(connector: Connector): Eip1193Provider {
  const provider = connector.provider as Eip1193Provider | undefined
  if (!provider || typeof provider.request !== 'function')
    throw new TypeError(`Connector ${connector.id} has no EIP-1193 provider`)
  return provider
}

/** Wallet data is untrusted: keep only valid addresses, checksummed. */
function toAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) throw new TypeError('The wallet returned accounts that are not a list')
  return value
    .filter((a): a is string => typeof a === 'string' && Address.validate(a, { strict: false }))
    .map((a) => Address.checksum(a))
}

async function readChain(provider: Eip1193Provider): Promise<CaipNetworkId | undefined> {
  try {
    return toCaipNetworkId(await provider.request({ method: 'eth_chainId' }))
  } catch {
    return undefined
  }
}

function toCaipNetworkId(chainId: unknown): CaipNetworkId | undefined {
  const id =
    typeof chainId === 'number'
      ? chainId
      : typeof chainId === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(chainId)
        ? Number(chainId)
        : NaN
  return Number.isSafeInteger(id) && id > 0 ? `eip155:${id}` : undefined
}

function addChainParameters(network: PorticoNetwork) {
  return {
    chainId: Hex.fromNumber(Number(network.id)),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls.default.http,
    blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
    iconUrls: network.assets?.imageUrl ? [network.assets.imageUrl] : undefined,
  }
}
