import { useSyncExternalStore } from 'react'

/**
 * @internal
 * A value that views read and re-render on: the modal's history, its toasts, a feature's form or
 * login. `set` writes the fields it names into a new value (the others stay); listeners hear every
 * `set`, in the order they subscribed.
 */
export type Store<state extends object> = {
  get(): state
  set(patch: Partial<state>): void
  subscribe(listener: () => void): () => void
}

/**
 * @internal
 * The UI's one small store, framework-free (a feature's state machine drives it outside React),
 * read in React through {@link useStore}. Chosen over jotai's vanilla store, which page start
 * already loads through headless: a store needs an atom, a `store.sub` and the same get/subscribe
 * glue for `useSyncExternalStore` on top, and the UI would depend on jotai for it.
 *
 * @example
 * const counter = createStore({ clicks: 0 })
 * counter.subscribe(() => console.log(counter.get().clicks))
 * counter.set({ clicks: counter.get().clicks + 1 }) // logs 1
 */
export function createStore<state extends object>(initial: state): Store<state> {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch }
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/**
 * @internal The store's value, re-rendering on change.
 *
 * @example
 * const { history } = useStore(modal.navigation)
 */
export function useStore<state extends object>(store: Pick<Store<state>, 'get' | 'subscribe'>): state {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
