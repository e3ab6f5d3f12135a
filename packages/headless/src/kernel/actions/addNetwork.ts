import type { InvalidOptionsErrorType } from '../errors/config.js'
import { AdapterNotFoundError, type AdapterNotFoundErrorType } from '../errors/network.js'
import { parseNetwork } from '../options.js'
import type { Portico } from '../portico.js'
import { activeNetworksAtom, networksAtom } from '../state/atoms.js'
import type { PorticoNetwork } from '../types.js'

export type AddNetworkParameters = { network: PorticoNetwork }
export type AddNetworkReturnType = readonly PorticoNetwork[]
export type AddNetworkErrorType = AdapterNotFoundErrorType | InvalidOptionsErrorType

/**
 * Adds a network at runtime, after the ones given to `createPortico` (the network list, the
 * Networks view and `getNetwork().networks` show it; `switchNetwork` can then select it). Its
 * namespace needs an adapter among the instance's `adapters` ({@link AdapterNotFoundError}
 * otherwise); a malformed network throws `InvalidOptionsError` with each issue, like the
 * `networks` option. A network whose id is already configured is left as it is. Returns the
 * networks after the change.
 *
 * Runtime networks live in the instance, not in storage: add them again after a reload (a
 * selection of one is restored once it is added, as for any configured network).
 *
 * @example
 * import { addNetwork, eip155Network } from '@portico/headless'
 *
 * addNetwork(portico, {
 *   network: eip155Network({ id: 10, name: 'OP Mainnet', rpcUrl: 'https://mainnet.optimism.io' }),
 * })
 */
export function addNetwork(portico: Portico, { network }: AddNetworkParameters): AddNetworkReturnType {
  parseNetwork(network)
  const namespace = network.chainNamespace
  if (!portico.adapters.has(namespace)) throw new AdapterNotFoundError({ namespace })
  const { store } = portico
  const networks = store.get(networksAtom)
  if (networks.some((n) => n.caipNetworkId === network.caipNetworkId)) return networks
  const next = [...networks, network]
  store.set(networksAtom, next)
  // The namespace's first network becomes its selection, as at creation.
  if (!store.get(activeNetworksAtom)[namespace])
    store.set(activeNetworksAtom, { ...store.get(activeNetworksAtom), [namespace]: network })
  return next
}
