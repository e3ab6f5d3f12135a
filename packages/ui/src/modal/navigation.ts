import { createStore } from '../utils/store.js'
import type { ViewEntry } from './viewRegistry.js'

/** Where the user went in the modal, nothing else: which view shows is decided at render. */
export type NavigationState = {
  /** The views opened, oldest first; never empty. The first is `Connect` unless opened on another. */
  readonly history: readonly ViewEntry[]
  /** `forward` after a push, `back` after a pop or a return home: drives the transition. */
  readonly direction: 'forward' | 'back'
}

const home: NavigationState = { history: [{ view: 'Connect' }], direction: 'back' }

/**
 * @internal
 * The modal's history, framework-free (its rules are tested without a DOM). The home view is not
 * stored: a `Connect` entry shows the Account view while an address is connected (see
 * {@link shownView}), so the history never needs re-syncing when the connection changes.
 *
 * @example
 * const navigation = createNavigation()
 * navigation.start({ view: 'Networks' })
 * navigation.push({ view: 'Account' })
 * navigation.back() // true: Networks again
 */
export function createNavigation() {
  const { get, set, subscribe } = createStore(home)
  return {
    get,
    subscribe,
    /** A new history on `entry`, or on the home view: how the modal opens. */
    start(entry: ViewEntry = { view: 'Connect' }) {
      set({ history: [entry], direction: 'forward' })
    },
    /** Back to the home view, as the modal is when it closes. */
    home() {
      const { history } = get()
      if (history.length !== 1 || history[0]?.view !== 'Connect') set(home)
    },
    push(entry: ViewEntry) {
      set({ history: [...get().history, entry], direction: 'forward' })
    },
    /** Swaps the current view without growing the history. */
    replace(entry: ViewEntry) {
      set({ history: [...get().history.slice(0, -1), entry], direction: 'forward' })
    },
    /** Pops the current view; `false` at the first one, where going back closes the modal. */
    back(): boolean {
      const { history } = get()
      if (history.length <= 1) return false
      set({ history: history.slice(0, -1), direction: 'back' })
      return true
    },
  }
}

export type Navigation = ReturnType<typeof createNavigation>

/** What decides the home view: the connection, read at render. */
export type HomeInputs = {
  isConnected: boolean
  /** The spec's unsupported-chain rule: switching enabled, unsupported chains not allowed, network unknown. */
  showUnsupported: boolean
}

/**
 * @internal
 * The view shown for `entry` given the connection, at render (the spec's rules):
 * - on a network the app does not support (while connected), the unsupported-chain view, over any view;
 * - Connect shows Account once an address is connected, and Account shows Connect once it is not;
 * - the unsupported-chain view, once the network is supported again, shows the home view.
 *
 * @example
 * shownView({ view: 'Connect' }, { isConnected: true, showUnsupported: false }) // { view: 'Account' }
 */
export function shownView(entry: ViewEntry, { isConnected, showUnsupported }: HomeInputs): ViewEntry {
  if (isConnected && showUnsupported) return entry.view === 'UnsupportedChain' ? entry : { view: 'UnsupportedChain' }
  if (entry.view !== 'Connect' && entry.view !== 'Account' && entry.view !== 'UnsupportedChain') return entry
  const homeView = isConnected ? 'Account' : 'Connect'
  return entry.view === homeView ? entry : { view: homeView }
}
