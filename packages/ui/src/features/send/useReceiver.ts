import { isName } from '@portico/headless/names'
import { useResolveName } from '@portico/headless/names/react'

/** @internal What the receiver field stands for once names are resolved. */
export type Receiver = {
  /** The address to send to: the typed address, or the name's once resolved. */
  address: string
  /** The name typed, when the field holds one. */
  name: string | undefined
  status: 'address' | 'resolving' | 'resolved' | 'error'
}

/**
 * @internal The send form's receiver: an address as typed, or a name (`bob.reown.id`) resolved
 * through the blockchain API on the active namespace. The Send and Review views share the cached
 * lookup, so the address reviewed is the address sent to.
 *
 * @example
 * const receiver = useReceiver(form.receiver)
 * if (receiver.status === 'resolved') receiver.address // '0x7099…79C8'
 */
export function useReceiver(input: string): Receiver {
  const typed = input.trim()
  const name = isName(typed) ? typed : undefined
  const lookup = useResolveName({ name })
  if (!name) return { address: typed, name: undefined, status: 'address' }
  if (lookup.data) return { address: lookup.data.address, name, status: 'resolved' }
  // Not fetching and nothing to show: failed, or names are off here (no blockchain API).
  const idle = lookup.fetchStatus === 'idle'
  return { address: '', name, status: lookup.isError || idle ? 'error' : 'resolving' }
}
