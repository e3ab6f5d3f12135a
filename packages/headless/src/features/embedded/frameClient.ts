import {
  type AppRequestName,
  type AppRequestPayload,
  appPrefix,
  type FrameSuccessPayload,
  frameProtocolVersion,
  parseFrameMessage,
  unverifiedDomainCode,
} from '@portico/secure/protocol'
import {
  EmbeddedWalletError,
  EmbeddedWalletLoadError,
  EmbeddedWalletTimeoutError,
  EmbeddedWalletUnverifiedDomainError,
  RequestAbortedError,
} from './errors.js'
import { expose, hide, placeOver, show } from './framePlacement.js'

/** Frame timings of the spec. */
export const frameTimings = {
  /** The frame must report ready within this (IFRAME_LOAD_FAILED). */
  loadTimeoutMs: 20_000,
  /** After ready, initialisation resolves this much later. */
  readyDelayMs: 500,
  /** Login requests (email, device, otp, social, social redirect) unanswered this long: IFRAME_REQUEST_TIMEOUT. */
  loginTimeoutMs: 120_000,
  /**
   * A prompt shown while a host UI claimed the placement ({@link FrameClient.claimPlacement}) waits
   * this long for that UI to place it (its view may still be loading) before it shows as the card.
   */
  placementWaitMs: 1_000,
} as const

/** The frame's timings in ms (tests pass shorter ones). */
export type FrameTimings = { [key in keyof typeof frameTimings]: number }

/** What the frame asks the page to show: nothing, or its own approval, key export or storage prompt. */
export type FramePrompt = { visible: boolean; reason?: 'approval' | 'export' | 'storage' | undefined }

/**
 * What a host UI hears from the frame client: the prompt changed, or the AUTH connector refused a
 * method off the embedded wallet's list (the UI says 'Action not allowed').
 */
export type FrameClientEvent = { type: 'prompt'; prompt: FramePrompt } | { type: 'notAllowed'; method: string }

const loginRequests = new Set<AppRequestName>([
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
])

/** Options of {@link createFrameClient}. */
export type FrameClientOptions = {
  /** Origin (and path) of the secure frame, e.g. `https://secure.example.com/`. */
  frameUrl: string
  projectId: string
  chainId: number | string
  rpcUrl?: string | undefined
  enableLogger?: boolean | undefined
  /** Timings (tests shorten them); default {@link frameTimings}. */
  timings?: Partial<FrameTimings> | undefined
  /**
   * Told of every error the frame answers with, and of the frame's load failing or a login request
   * timing out (before the request rejects), e.g. to raise an alert.
   */
  onError?:
    | ((
        error:
          | EmbeddedWalletError
          | EmbeddedWalletUnverifiedDomainError
          | EmbeddedWalletLoadError
          | EmbeddedWalletTimeoutError,
      ) => void)
    | undefined
}

/** The kit's end of the frame protocol. */
export type FrameClient = {
  /** Origin the frame must speak from. */
  readonly origin: string
  /** The iframe element (hidden except while the user approves something in it). */
  readonly element: HTMLIFrameElement
  /** Resolves once the frame reported ready (and the spec's 500 ms passed). */
  ready(): Promise<{ version: string | undefined }>
  request<N extends AppRequestName>(
    name: N,
    ...payload: undefined extends AppRequestPayload<N> ? [AppRequestPayload<N>?] : [AppRequestPayload<N>]
  ): Promise<FrameSuccessPayload<N>>
  /** Rejects every pending RPC request ('Request was aborted') and tells the frame to drop them. */
  abortRpc(): void
  destroy(): void
  /** The prompt the frame currently asks to show (`{ visible: false }` when none). */
  readonly prompt: FramePrompt
  /** Whether an RPC request (e.g. one waiting for the user's approval) is pending. */
  readonly rpcPending: boolean
  /** Listens to {@link FrameClientEvent}s; returns the function that stops listening. */
  subscribe(listener: (event: FrameClientEvent) => void): () => void
  /** @internal The AUTH connector reports a method it refused before it reached the frame. */
  reportNotAllowed(method: string): void
  /**
   * Placement, for a host UI that shows the frame's prompt inside its own layout (Portico's modal
   * does, in its ApproveTransaction view). The frame draws the prompt itself; the page only
   * decides where the frame sits. By default a visible frame is a centred card above the page.
   *
   * `claimPlacement()` announces that a UI will place the prompt: while claimed, a prompt that
   * appears waits up to `placementWaitMs` (1 s) for `placeIn` before it falls back to the card, so
   * the card does not flash while the UI's view loads. Returns the function that releases the claim.
   *
   * @example
   * ```ts
   * const release = client.claimPlacement()
   * client.subscribe((event) => event.type === 'prompt' && event.prompt.visible && openMyDialog())
   * ```
   */
  claimPlacement(): () => void
  /**
   * While the frame shows a prompt, lays it exactly over `container`'s box (the iframe stays where
   * it is in the document: moving an iframe reloads it). The frame follows the box as it moves or
   * resizes. It does not take focus: the placing UI focuses `element` when its own focus handling
   * allows. Returns the function that gives the frame back (the card, or hidden).
   *
   * @example
   * ```tsx
   * useEffect(() => client.placeIn(areaRef.current), [])
   * ```
   */
  placeIn(container: HTMLElement): () => void
}

/**
 * Adds the secure frame to the page as a hidden iframe with the spec's query parameters (projectId,
 * chainId, version, enableLogger, rpcUrl) and speaks the frame protocol with it: every message in is
 * accepted only from that iframe's window and origin and only if it parses; anything else is
 * ignored (invalid shapes with a console warning).
 *
 * @example
 * ```ts
 * const frame = createFrameClient({ frameUrl: 'https://secure.example.com/', projectId, chainId: 1 })
 * await frame.ready()
 * const { action } = await frame.request('CONNECT_EMAIL', { email: 'ada@example.com' })
 * ```
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const timings = { ...frameTimings, ...options.timings }
  const url = new URL(options.frameUrl)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('chainId', String(options.chainId))
  url.searchParams.set('version', frameProtocolVersion)
  url.searchParams.set('enableLogger', String(Boolean(options.enableLogger)))
  if (options.rpcUrl) url.searchParams.set('rpcUrl', options.rpcUrl)
  const origin = url.origin

  const element = document.createElement('iframe')
  element.src = url.href
  element.title = 'Portico secure wallet'
  element.dataset.porticoSecureFrame = ''
  // The frame's own document draws the approval prompt; the page only decides where it sits.
  // Passkeys are made and used in the frame's own document: WebAuthn in an iframe needs them allowed.
  element.setAttribute('allow', 'clipboard-write; publickey-credentials-get; publickey-credentials-create')
  hide(element)
  document.body.append(element)

  let prompt: FramePrompt = { visible: false }
  const listeners = new Set<(event: FrameClientEvent) => void>()
  const emit = (event: FrameClientEvent) => {
    for (const listener of [...listeners]) listener(event)
  }
  let claims = 0
  let container: HTMLElement | undefined
  let waitTimer: ReturnType<typeof setTimeout> | undefined
  let follow: number | undefined
  // The frame's element is the kit's alone. A modal library hides the rest of the page from
  // assistive tech while it is open (aria-hidden on the body's other children) and gives the
  // attributes back when it closes: the frame's own state wins, exposed while it shows a prompt the
  // user must read, hidden otherwise. And nothing the page writes into its style, class or `hidden`
  // stays: the frame would refuse a click on a prompt made transparent, shrunk or moved off screen,
  // so the kit offers no way to do it and puts its own placement back at once.
  const guard =
    typeof MutationObserver === 'undefined'
      ? undefined
      : new MutationObserver((records) => {
          if (records.some((r) => r.attributeName !== 'aria-hidden')) return layout()
          const hidden = element.getAttribute('aria-hidden') === 'true'
          if (prompt.visible && element.getAttribute('aria-hidden') !== null) element.removeAttribute('aria-hidden')
          else if (!prompt.visible && !hidden) element.setAttribute('aria-hidden', 'true')
        })
  guard?.observe(element, { attributes: true, attributeFilter: ['aria-hidden', 'style', 'class', 'hidden'] })
  /** Writes the frame's whole placement (dropping anything else in its style), then forgets its own writes. */
  const place = (placement: (element: HTMLIFrameElement) => void) => {
    element.removeAttribute('class')
    element.hidden = false
    placement(element)
    guard?.takeRecords()
  }

  /** Draws the frame for the current prompt and placement. */
  function layout() {
    clearTimeout(waitTimer)
    if (follow !== undefined) cancelAnimationFrame(follow)
    follow = undefined
    if (!prompt.visible) return place(hide)
    if (container) {
      // Follows the box every frame while shown: the modal animates its height and views slide.
      const track = () => {
        if (!container) return
        const box = container.getBoundingClientRect()
        place((frame) => placeOver(frame, box))
        follow = requestAnimationFrame(track)
      }
      track()
      // Focus is the placing UI's to move (it knows when its own focus trap lets the frame have it).
      expose(element)
      return
    }
    if (claims > 0) {
      place(hide)
      waitTimer = setTimeout(() => {
        if (prompt.visible && !container) place(show)
      }, timings.placementWaitMs)
      return
    }
    place(show)
  }

  type Pending = {
    name: AppRequestName
    resolve: (payload: unknown) => void
    reject: (error: Error) => void
    timer: ReturnType<typeof setTimeout> | undefined
  }
  const pending = new Map<string, Pending>()
  let counter = 0
  let readyResolve: (value: { version: string | undefined }) => void = () => {}
  let readyReject: (error: Error) => void = () => {}
  const readyPromise = new Promise<{ version: string | undefined }>((resolve, reject) => {
    readyResolve = resolve
    readyReject = reject
  })
  readyPromise.catch(() => {})
  const loadTimer = setTimeout(() => {
    const error = new EmbeddedWalletLoadError({ frameUrl: origin })
    options.onError?.(error)
    readyReject(error)
    for (const [id, request] of pending) {
      pending.delete(id)
      request.reject(error)
    }
  }, timings.loadTimeoutMs)

  function onMessage(event: MessageEvent) {
    // Only the frame we added, speaking from the frame's origin; every other window is ignored.
    if (event.source !== element.contentWindow || event.origin !== origin) return
    const parsed = parseFrameMessage(event.data)
    if (!parsed.success) {
      console.warn('[portico] Ignored an invalid frame event', parsed.error)
      return
    }
    const message = parsed.data
    if (message.kind === 'ready') {
      clearTimeout(loadTimer)
      setTimeout(() => readyResolve({ version: message.version }), timings.readyDelayMs)
      return
    }
    if (message.kind === 'visibility') {
      if (message.hidden) {
        // The prompt stays up: the frame refused a click because the page hid or covered it then.
        console.warn('[portico] A click on the secure frame was not counted: the page hid or covered it')
        layout()
        return
      }
      prompt = { visible: message.visible, ...(message.reason ? { reason: message.reason } : {}) }
      layout()
      emit({ type: 'prompt', prompt })
      return
    }
    const request = pending.get(message.id)
    // A reply must answer a request still pending, under the same name: a replayed or stray reply does nothing.
    if (!request || request.name !== message.name) return
    pending.delete(message.id)
    clearTimeout(request.timer)
    if (message.kind === 'success') request.resolve(message.payload)
    else {
      const error =
        message.code === unverifiedDomainCode
          ? new EmbeddedWalletUnverifiedDomainError({ origin: window.location.origin, request: message.name })
          : new EmbeddedWalletError({
              message: message.message,
              code: message.code,
              request: message.name,
              data: message.data,
              authCode: message.authCode,
            })
      options.onError?.(error)
      request.reject(error)
    }
  }
  window.addEventListener('message', onMessage)

  return {
    origin,
    element,
    ready: () => readyPromise,
    async request(name, ...[payload]) {
      await readyPromise
      counter += 1
      const id = `${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 10)}`
      return new Promise((resolve, reject) => {
        const timer = loginRequests.has(name)
          ? setTimeout(() => {
              pending.delete(id)
              const error = new EmbeddedWalletTimeoutError({ request: name })
              options.onError?.(error)
              reject(error)
            }, timings.loginTimeoutMs)
          : undefined
        pending.set(id, { name, resolve: resolve as (payload: unknown) => void, reject, timer })
        element.contentWindow?.postMessage({ id, type: `${appPrefix}${name}`, payload }, origin)
      })
    },
    abortRpc() {
      for (const [id, request] of pending) {
        if (request.name !== 'RPC_REQUEST') continue
        pending.delete(id)
        request.reject(new RequestAbortedError({ rpc: true }))
      }
      if (prompt.visible) {
        prompt = { visible: false }
        layout()
        emit({ type: 'prompt', prompt })
      }
      element.contentWindow?.postMessage({ id: `abort-${++counter}`, type: `${appPrefix}RPC_ABORT` }, origin)
    },
    get prompt() {
      return prompt
    },
    get rpcPending() {
      for (const request of pending.values()) if (request.name === 'RPC_REQUEST') return true
      return false
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    reportNotAllowed(method) {
      emit({ type: 'notAllowed', method })
    },
    claimPlacement() {
      claims += 1
      let released = false
      return () => {
        if (released) return
        released = true
        claims -= 1
        if (!container) layout()
      }
    },
    placeIn(box) {
      container = box
      layout()
      return () => {
        if (container !== box) return
        container = undefined
        layout()
      }
    },
    destroy() {
      clearTimeout(loadTimer)
      clearTimeout(waitTimer)
      if (follow !== undefined) cancelAnimationFrame(follow)
      guard?.disconnect()
      listeners.clear()
      window.removeEventListener('message', onMessage)
      for (const [id, request] of pending) {
        pending.delete(id)
        clearTimeout(request.timer)
        request.reject(new RequestAbortedError({ rpc: request.name === 'RPC_REQUEST' }))
      }
      element.remove()
    },
  }
}
