import type { Portico } from '../../kernel/portico.js'
import { resolveNamespace } from '../../kernel/state/activeConnection.js'
import { isAddressForNamespace, toChecksumEvmAddress } from '../../kernel/utils/address.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { NameResolutionError } from './errors.js'
import { fetchNameProfile } from './fetchNameProfile.js'
import { isName } from './isName.js'

export type ResolveNameParameters = {
  /** The name, e.g. `bob.reown.id`. */
  name: string
  /** Whose address format to return; defaults to the active namespace. */
  namespace?: ChainNamespace | undefined
}
export type ResolveNameReturnType = { name: string; address: string }
export type ResolveNameErrorType = NameResolutionError

/** SLIP-44 coin types the profile service keys addresses by. */
const coinTypes: Partial<Record<ChainNamespace, string>> = { eip155: '60', solana: '501' }

/**
 * The address a name points to on a namespace (EVM or Solana), through the blockchain API's
 * profile lookup. The answer is checked like any receiver: an address the namespace would refuse
 * is an error, never passed on.
 *
 * @example
 * const { address } = await resolveName(portico, { name: 'bob.reown.id' })
 */
export async function resolveName(
  portico: Portico,
  { name, namespace }: ResolveNameParameters,
): Promise<ResolveNameReturnType> {
  const trimmed = name.trim()
  if (!isName(trimmed)) throw new NameResolutionError({ name, reason: 'invalid-name' })
  const { namespace: ns } = resolveNamespace(portico, namespace)
  let addresses: Readonly<Record<string, string>>
  try {
    addresses = (await fetchNameProfile(portico, { name: trimmed.toLowerCase() })).addresses
  } catch (cause) {
    throw new NameResolutionError({ name: trimmed, reason: 'not-found', cause })
  }
  const coin = coinTypes[ns]
  const address = coin ? addresses[coin] : undefined
  if (!address || !isAddressForNamespace(ns, address))
    throw new NameResolutionError({ name: trimmed, reason: 'no-address' })
  return { name: trimmed, address: ns === 'eip155' ? toChecksumEvmAddress(address) : address }
}
