import type { ChainAdapter } from '../../portico.js'
import type { Connector } from '../../types.js'
import { type Eip6963Announcement, watchEip6963Announcements } from '../../utils/eip6963.js'
import { isSafeImageUrl } from '../../utils/imageUrl.js'
import { createEip1193Connector } from './eip1193Connector.js'
import type { Eip1193Provider } from './types.js'

/** A wallet the host brings itself (e.g. a hardware-wallet SDK). */
export type Eip155ExternalConnector = {
  id: string
  name: string
  icon?: string | undefined
  provider: Eip1193Provider
  /**
   * The wallet can register names for its account (the profile service's names, see
   * `@portico/headless/names`): the UI then offers "Choose a name". Default: not offered.
   */
  accountNames?: boolean | undefined
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
 * `window.ethereum`) as EIP-1193 connectors, and reads balances from the network's RPC with viem.
 *
 * @example
 * createPortico({ networks: [mainnet], adapters: [eip155Adapter()] })
 */
export function eip155Adapter(parameters: Eip155AdapterParameters = {}): ChainAdapter<'eip155'> {
  const { eip6963 = true, legacyInjected = true, connectors: external = [] } = parameters
  const externalConnectors: Connector[] = external.map((c) =>
    createEip1193Connector({
      id: c.id,
      name: c.name,
      imageUrl: isSafeImageUrl(c.icon) ? c.icon : undefined,
      type: 'EXTERNAL',
      provider: c.provider,
      ...(c.accountNames ? { accountNames: true } : {}),
    }),
  )

  return {
    namespace: 'eip155',

    watchConnectors(onChange) {
      if (typeof window === 'undefined') {
        onChange(externalConnectors)
        return () => {}
      }
      const emit = (announcements: readonly Eip6963Announcement[]) => {
        // Announcements arrive validated (utils/eip6963.ts): a malformed one never reaches this list.
        const announced: Connector[] = announcements.map(({ info, provider }) =>
          createEip1193Connector({
            id: info.rdns,
            name: info.name,
            imageUrl: info.icon,
            type: 'ANNOUNCED',
            info: { rdns: info.rdns },
            provider,
          }),
        )
        const legacy = legacyInjected ? legacyConnector(announced) : undefined
        onChange([...announced, ...(legacy ? [legacy] : []), ...externalConnectors])
      }
      if (!eip6963) {
        emit([])
        return () => {}
      }
      return watchEip6963Announcements(emit)
    },

    async getBalance({ address, network, portico }) {
      // viem's RPC client is not needed to render a button: load it with the first balance read.
      const { readEvmBalances } = await import('./readEvmBalances.js')
      return readEvmBalances({ address, network, portico })
    },
  }
}

function legacyConnector(announced: readonly Connector[]): Connector | undefined {
  const ethereum = (window as { ethereum?: Eip1193Provider & Record<string, unknown> }).ethereum
  if (!ethereum || typeof ethereum.request !== 'function') return undefined
  // Modern wallets both announce and inject; showing the injected one again would be a duplicate.
  if (announced.some((c) => c.provider === ethereum)) return undefined
  return createEip1193Connector({
    id: 'injected',
    name: ethereum.isMetaMask === true ? 'MetaMask' : 'Browser Wallet',
    type: 'INJECTED',
    provider: ethereum,
  })
}
