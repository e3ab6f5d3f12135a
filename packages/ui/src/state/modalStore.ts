import type { DirectoryWallet } from '@portico/headless'

/**
 * A view in the modal's history and the data it shows. Each view names its own data, so the
 * compiler carries it from the `push` to the view (the spec; the rest arrive with their
 * features).
 */
export type ViewEntry =
  | { view: 'Connect' }
  | { view: 'AllWallets' }
  /** Waiting on an installed wallet (`connectorUid`), or where to get a directory wallet that is not. */
  | { view: 'ConnectingExternal'; data: { connectorUid: string } | { directoryWallet: DirectoryWallet } }
  /** Pairing one directory wallet over WalletConnect. */
  | { view: 'ConnectingWalletConnect'; data: { wallet: DirectoryWallet } }
  /** Pairing any wallet over WalletConnect (QR code). */
  | { view: 'ConnectingWalletConnectBasic' }
  | { view: 'Account' }
  | { view: 'Networks' }
  | { view: 'UnsupportedChain' }
  /** Buying crypto: token, amount, payment method, quote and provider (the spec's on-ramp). */
  | { view: 'OnRampProviders' }
  /** A purchase open at the provider's checkout: waits for the funds to arrive in the wallet. */
  | { view: 'BuyInProgress'; data: BuyInProgressData }
  /** Swapping tokens: `data` prefills the form (a host's "open with data") or names the flow's step. */
  | { view: 'Swap'; data?: SwapViewData | undefined }
  /** Sign in with X: the connected account has no session on its network (spec: SIWXSignMessage). */
  | { view: 'SIWXSignMessage' }
  /** Sending a token: the form (its state is the send feature's, kept while the user picks a token or reviews). */
  | { view: 'Send' }
  /** Picking the token to send, from the balances. */
  | { view: 'SendSelectToken' }
  /** Reviewing the send, then the wallet prompt. */
  | { view: 'SendPreview' }
  /** The address as a QR code, with the networks it can receive on. */
  | { view: 'Receive' }
  /** Email login: the code (or the device approval) for `email`, sent when the view opens. */
  | { view: 'EmailLogin'; data: { email: string } }
  /** Changing the embedded wallet's email: new address, then a code to the old and one to the new. */
  | { view: 'UpdateEmailWallet' }
  /** The secure frame's approval prompt, laid over this view while the frame asks. */
  | { view: 'ApproveTransaction' }

/** What the in-progress view of a purchase needs (see `BuyInProgress`). */
export type BuyInProgressData = {
  /** The provider's checkout link (reopened from the view, or opened in a tab when popups are blocked). */
  url: string
  /** `window.open` returned nothing: the view offers the link instead. */
  popupBlocked: boolean
  /** The token bought: its symbol and contract address (absent for the native currency). */
  token: { symbol: string; address?: string | undefined }
  /** The wallet's balance of the token when the purchase started (decimal string), if it was read. */
  baseline?: string | undefined
}

/**
 * What `open({ view: 'Swap', data })` may prefill: tokens by symbol or address on the connected
 * network, and the amount to pay as a decimal string in the token's units.
 */
export type SwapViewData = {
  fromToken?: string | undefined
  toToken?: string | undefined
  amount?: string | undefined
  /** @internal The swap flow's own step (token lists, review). */
  step?: 'selectFrom' | 'selectTo' | 'review' | undefined
}

/** Names of the modal's views. */
export type ViewName = ViewEntry['view']

/** Views that take no data (a host or a story may open them by name). */
export type PlainViewName = Exclude<ViewEntry, { data: unknown }>['view']

/** The data of view `name` (`undefined` for views without data). */
export type ViewData<name extends ViewName> =
  Extract<ViewEntry, { view: name }> extends { data: infer data } ? data : undefined

export type ToastVariant = 'loading' | 'success' | 'error'
export type Toast = { id: number; variant: ToastVariant; message: string }

export type ModalState = {
  open: boolean
  /** The view history; the last entry is shown. Never empty. */
  history: readonly ViewEntry[]
  loading: boolean
  /** `forward` when a view was pushed, `back` when popped: drives the transition direction. */
  direction: 'forward' | 'back'
  toast: Toast | undefined
  /** While a replacement waits out the 150 ms exit of the previous toast. */
  toastLeaving: boolean
}

export type ModalStoreOptions = {
  /** Whether an address is connected (decides Connect vs Account). */
  isConnected(): boolean
  /** Whether the unsupported-chain view applies (spec: switching enabled, unsupported not allowed, network unsupported). */
  showUnsupported(): boolean
  /** Embedded modals render inline and never close (spec: closing goes to Account or Connect). */
  embedded?: boolean | undefined
  /** Who owns the open state at creation (see `control`). */
  control?: ModalControl | undefined
  /** A controlled modal's first `open`. */
  initiallyOpen?: boolean | undefined
}

/** Radix-style control of the open state: see {@link createModalStore}'s `control`. */
export type ModalControl = {
  /** The host owns `open`: requests go to `onOpenChange`, and only `sync` changes the state. */
  controlled: boolean
  onOpenChange?: ((open: boolean) => void) | undefined
}

/** Spec: a new toast replaces an open one after 150 ms. */
export const toastReplaceDelayMs = 150
/** How long success and error toasts stay. Loading toasts stay until replaced or dismissed. */
export const toastDurationMs = 2_500

/**
 * The modal's navigation and toast state, framework-free so its rules are tested without a DOM.
 *
 * - Opening starts on Account when connected, else Connect (or the unsupported-chain view when it applies).
 * - `back()` pops; at the first view it closes. Going back to Connect while connected shows Account.
 * - Closing resets to Connect and clears loading; embedded, it goes to Account or Connect instead.
 * - A connection attempt started from the modal (`beginConnection`) is given up ('Modal closed')
 *   when the user closes the modal or goes back from its view, or starts another one.
 * - Controlled (`control.controlled`), opening and closing are requests to the host's
 *   `onOpenChange`; the host's `open` reaches the store through `sync`.
 */
export function createModalStore(options: ModalStoreOptions) {
  const home = (): ViewEntry => {
    if (options.isConnected() && options.showUnsupported()) return { view: 'UnsupportedChain' }
    return { view: options.isConnected() ? 'Account' : 'Connect' }
  }
  let state: ModalState = {
    open: Boolean(options.embedded || options.initiallyOpen),
    history: [home()],
    loading: false,
    direction: 'forward',
    toast: undefined,
    toastLeaving: false,
  }
  const listeners = new Set<() => void>()
  const shakeListeners = new Set<() => void>()
  let toastTimer: ReturnType<typeof setTimeout> | undefined
  let nextToastId = 1
  let attempt: AbortController | undefined
  // The view a controlled open asked for, applied when the host's `open` arrives.
  let pendingEntry: ViewEntry | undefined
  const abortConnection = () => {
    attempt?.abort()
    attempt = undefined
  }

  function set(patch: Partial<ModalState>) {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }
  const resolveConnect = (entry: ViewEntry): ViewEntry =>
    entry.view === 'Connect' && options.isConnected() ? { view: 'Account' } : entry

  const store = {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    /** Id of the last alert shown as a toast: replays (remounts, StrictMode) must not show it again. */
    lastAlertShown: 0,
    /** The element focused when the modal opened, so closing can give focus back to it. */
    trigger: undefined as HTMLElement | undefined,
    /** Who owns the open state; PorticoUI sets it from its `open` / `onOpenChange` props. */
    control: options.control ?? ({ controlled: false } as ModalControl),
    /** Opens on the given view, or on the home view. */
    open(entry?: ViewEntry) {
      if (!state.open && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement)
        store.trigger = document.activeElement
      if (!state.open && store.control.controlled) {
        pendingEntry = entry
        store.control.onOpenChange?.(true)
        return
      }
      const wasOpen = state.open
      set({ open: true, history: [entry ? resolveConnect(entry) : home()], loading: false, direction: 'forward' })
      if (!wasOpen) store.control.onOpenChange?.(true)
    },
    close() {
      abortConnection()
      if (options.embedded) {
        set({ history: [{ view: options.isConnected() ? 'Account' : 'Connect' }], loading: false, direction: 'back' })
        return
      }
      if (state.open && store.control.controlled) return store.control.onOpenChange?.(false)
      const wasOpen = state.open
      set({ open: false, history: [{ view: 'Connect' }], loading: false, direction: 'back' })
      if (wasOpen) store.control.onOpenChange?.(false)
    },
    /** Applies the host's `open` (controlled use): no `onOpenChange` echo. */
    sync(open: boolean) {
      if (open === state.open) return
      if (open) {
        set({ open: true, history: [pendingEntry ? resolveConnect(pendingEntry) : home()], direction: 'forward' })
        pendingEntry = undefined
        return
      }
      abortConnection()
      set({ open: false, history: [{ view: 'Connect' }], loading: false, direction: 'back' })
    },
    /**
     * Starts a connection attempt owned by the modal: the previous one is given up, and the signal
     * aborts when the user closes the modal or leaves the attempt's view.
     */
    beginConnection(): AbortSignal {
      abortConnection()
      attempt = new AbortController()
      return attempt.signal
    },
    push(entry: ViewEntry) {
      set({ history: [...state.history, entry], direction: 'forward' })
    },
    /** Swaps the current view (e.g. Connecting → Account) without growing the history. */
    replace(entry: ViewEntry) {
      set({ history: [...state.history.slice(0, -1), entry], direction: 'forward' })
    },
    back() {
      abortConnection()
      if (state.history.length <= 1) return store.close()
      const history = state.history.slice(0, -1)
      const last = history[history.length - 1] as ViewEntry
      set({ history: [...history.slice(0, -1), resolveConnect(last)], direction: 'back', loading: false })
    },
    /** Shakes the modal (spec: 500 ms), e.g. when a wallet rejects. */
    shake() {
      for (const listener of shakeListeners) listener()
    },
    onShake(listener: () => void) {
      shakeListeners.add(listener)
      return () => {
        shakeListeners.delete(listener)
      }
    },
    setLoading(loading: boolean) {
      set({ loading })
    },
    /** Re-evaluates the home view after the connection changed (e.g. connected → Account). */
    syncConnection() {
      const current = state.history[state.history.length - 1]
      if (!state.open) return set({ history: [home()] })
      if (options.isConnected() && options.showUnsupported() && current?.view !== 'UnsupportedChain')
        return set({ history: [...state.history, { view: 'UnsupportedChain' }], direction: 'forward' })
      // Leaving the unsupported-chain view must not close the modal the user is working in.
      if (current?.view === 'UnsupportedChain' && !options.showUnsupported())
        return state.history.length > 1
          ? store.back()
          : store.replace({ view: options.isConnected() ? 'Account' : 'Connect' })
      if (current?.view === 'Account' && !options.isConnected())
        return set({ history: [{ view: 'Connect' }], direction: 'back' })
    },
    showToast(variant: ToastVariant, message: string) {
      clearTimeout(toastTimer)
      const toast: Toast = { id: nextToastId++, variant, message }
      const show = () => {
        set({ toast, toastLeaving: false })
        if (variant !== 'loading') toastTimer = setTimeout(() => store.dismissToast(toast.id), toastDurationMs)
      }
      if (state.toast && !state.toastLeaving) {
        set({ toastLeaving: true })
        toastTimer = setTimeout(show, toastReplaceDelayMs)
      } else if (state.toastLeaving) {
        toastTimer = setTimeout(show, toastReplaceDelayMs)
      } else show()
    },
    dismissToast(id?: number) {
      if (id !== undefined && state.toast?.id !== id) return
      clearTimeout(toastTimer)
      set({ toast: undefined, toastLeaving: false })
    },
  }
  return store
}

export type ModalStore = ReturnType<typeof createModalStore>
