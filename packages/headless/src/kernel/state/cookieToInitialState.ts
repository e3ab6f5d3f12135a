import type { Portico } from '../portico.js'
import { isAddressForNamespace } from '../utils/address.js'
import type { ChainNamespace } from '../utils/caip.js'
import { isBitcoinAddress, isCosmosAddress, isSs58Address } from '../utils/namespaceAddress.js'
import { ignoreCookie, notPercentEncoded, parseCookies } from './cookieStorage.js'
import type { PorticoInitialState } from './initialState.js'
import { activeNetworkSchema, connectedAddressSchema, connectedConnectorSchema } from './persistence.js'
import { type StoredShape, storageKeys, storagePrefix } from './storage.js'

/**
 * Reads the connection a visitor had from a request's `Cookie` header (written by
 * {@link cookieStorage}), for `<PorticoProvider initialState>`: the server then renders the
 * restored account, and the browser's first render matches it. Works in server components and
 * route handlers (no React, no `window`). Cookies are the visitor's input: each value is parsed
 * and checked (JSON, its schema, the namespace's address format); anything else is ignored with a
 * warning, never thrown. Returns `undefined` when there is nothing to restore.
 *
 * @example
 * // app/layout.tsx (a server component)
 * import { cookieToInitialState } from '@portico/headless/core'
 * import { headers } from 'next/headers'
 *
 * const initialState = cookieToInitialState(portico, (await headers()).get('cookie'))
 * return <Providers initialState={initialState}>{children}</Providers>
 */
export function cookieToInitialState(
  portico: Portico,
  cookieHeader: string | null | undefined,
): PorticoInitialState | undefined {
  if (typeof cookieHeader !== 'string' || cookieHeader.length === 0) return undefined
  const cookies = parseCookies(cookieHeader)
  const state: Record<string, string> = {}
  const read = <T>(key: string, schema: () => StoredShape<T>, check?: (value: T) => boolean) => {
    const name = storagePrefix + key
    const raw = cookies.get(name)
    if (raw === undefined) return
    if (raw === null) return ignoreCookie(name, notPercentEncoded)
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch {
      return ignoreCookie(name, 'it is not JSON')
    }
    const result = schema().safeParse(value)
    if (!result.success || (check && !check(result.data)))
      return ignoreCookie(name, 'it does not have the expected shape')
    state[name] = raw
  }
  read(storageKeys.activeNetwork, activeNetworkSchema)
  for (const namespace of portico.adapters.keys()) {
    read(storageKeys.connectedConnector(namespace), connectedConnectorSchema)
    read(storageKeys.connectedAddress(namespace), connectedAddressSchema, (address) =>
      isStoredAddress(namespace, address),
    )
  }
  return Object.keys(state).length > 0 ? state : undefined
}

/**
 * The namespace's full address check, checksums included (bech32, SS58, base58check beside the
 * grammar `isAddressForNamespace` checks for those three): the server renders this address before
 * any wallet confirms it. Server code, so the hashing costs no page start.
 */
function isStoredAddress(namespace: ChainNamespace, address: string): boolean {
  if (!isAddressForNamespace(namespace, address)) return false
  if (namespace === 'cosmos') return isCosmosAddress(address)
  if (namespace === 'polkadot') return isSs58Address(address)
  if (namespace === 'bip122') return isBitcoinAddress(address)
  return true
}
