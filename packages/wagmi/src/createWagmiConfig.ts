import type { Portico } from '@portico/headless/core'
import { type Config, type CreateConfigParameters, createConfig } from '@wagmi/core'
import type { Chain } from 'viem'
import { type PorticoConnectorParameters, porticoConnector } from './porticoConnector.js'

export type CreateWagmiConfigParameters<
  chains extends readonly [Chain, ...Chain[]],
  transports extends CreateConfigParameters<chains>['transports'],
> = CreateConfigParameters<chains, NonNullable<transports>> & {
  /** The Portico instance whose modal connects the wallet (its networks: `porticoNetworks(chains)`). */
  portico: Portico
} & PorticoConnectorParameters

/**
 * A wagmi config whose wallet comes from Portico: `porticoConnector(portico)` first in its
 * connectors, and wagmi's own EIP-6963 discovery off by default (Portico already discovers the
 * installed wallets; a second discovery would be a second path to them). Everything else is
 * wagmi's `createConfig`.
 *
 * @example
 * import { http } from '@wagmi/core'
 * import { mainnet, base } from 'viem/chains'
 * const chains = [mainnet, base] as const
 * const portico = createPortico({ projectId, networks: porticoNetworks(chains) })
 * const config = createWagmiConfig({
 *   portico,
 *   chains,
 *   transports: { [mainnet.id]: http(), [base.id]: http() },
 * })
 */
export function createWagmiConfig<
  const chains extends readonly [Chain, ...Chain[]],
  transports extends CreateConfigParameters<chains>['transports'],
>({
  portico,
  openModal,
  connectors = [],
  multiInjectedProviderDiscovery = false,
  ...rest
}: CreateWagmiConfigParameters<chains, transports>): Config<chains, NonNullable<transports>> {
  return createConfig({
    ...rest,
    multiInjectedProviderDiscovery,
    connectors: [porticoConnector(portico, { openModal }), ...connectors],
  } as CreateConfigParameters<chains, NonNullable<transports>>)
}
