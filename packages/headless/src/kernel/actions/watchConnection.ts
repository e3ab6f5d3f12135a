import type { Portico } from '../portico.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom } from '../state/atoms.js'
import { type GetConnectionParameters, type GetConnectionReturnType, getConnection } from './getConnection.js'

export type WatchConnectionParameters = GetConnectionParameters & {
  onChange(connection: GetConnectionReturnType, previous: GetConnectionReturnType): void
}

/**
 * Calls `onChange` whenever the connection of the active namespace (or `namespace`) changes.
 * Returns the unsubscribe function.
 *
 * @example
 * const unwatch = watchConnection(portico, { onChange: ({ status }) => console.log(status) })
 */
export function watchConnection(portico: Portico, { onChange, namespace }: WatchConnectionParameters): () => void {
  let previous = getConnection(portico, { namespace })
  const emit = () => {
    const next = getConnection(portico, { namespace })
    if (shallowEqual(next, previous)) return
    const before = previous
    previous = next
    onChange(next, before)
  }
  const offs = [accountsAtom, activeNetworksAtom, activeNamespaceAtom].map((a) => portico.store.sub(a, emit))
  return () => {
    for (const off of offs) off()
  }
}

function shallowEqual(a: object, b: object) {
  const keysA = Object.keys(a)
  return (
    keysA.length === Object.keys(b).length &&
    keysA.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k])
  )
}
