import type { Portico } from '../portico.js'
import { hydrate } from './hydrate.js'
import { createPorticoStorage } from './storage.js'

/**
 * What a server read of Portico's persisted state (from the request's cookies, with
 * `cookieToInitialState`): the stored values by key, already checked. Plain strings, so a server
 * component can pass it to a client component; `<PorticoProvider initialState>` checks it again.
 */
export type PorticoInitialState = { readonly [storageKey: string]: string }

/**
 * @internal
 * The instance a `<PorticoProvider initialState>` renders with. In the browser the state goes into
 * the instance itself before its first render (the page's only user, and what the server rendered),
 * unless it has already read its storage. On the server the instance is shared by every request,
 * so the state goes into a copy-on-write view of its store: one visitor's cookies never reach
 * another's page.
 */
export function withInitialState(portico: Portico, initialState: PorticoInitialState): Portico {
  const snapshot = createPorticoStorage({
    getItem: (key) =>
      Object.hasOwn(initialState, key) && typeof initialState[key] === 'string' ? initialState[key] : null,
    setItem() {},
    removeItem() {},
  })
  if (typeof window !== 'undefined') {
    if (!portico._internal.hydrated) hydrate(portico, snapshot)
    return portico
  }
  const base = portico.store
  const own = new Map<unknown, unknown>()
  const store = {
    ...base,
    get: (atom: Parameters<typeof base.get>[0]) => (own.has(atom) ? own.get(atom) : base.get(atom)),
    set: (atom: unknown, value: unknown) => void own.set(atom, value),
  } as unknown as Portico['store']
  const view: Portico = { ...portico, store }
  hydrate(view, snapshot)
  return view
}
