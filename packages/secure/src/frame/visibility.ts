import { approvalDelayMs } from '../walletPolicy.js'

/**
 * Whether a prompt may count a click, from what the frame can see of itself:
 * - `hidden`: the prompt is not fully on screen and unobstructed (the page made the frame
 *   transparent, filtered, transformed, covered it with an element, pushed it off screen or shrank it);
 * - `arming`: visible, but not yet for {@link approvalDelayMs};
 * - `armed`: visible without interruption for at least that long.
 */
export type PromptState = 'hidden' | 'arming' | 'armed'

/**
 * The smallest frame (CSS px) that shows a prompt whole: title, origin, the request and the buttons.
 * A page that squeezes the frame below it could show Approve without what it approves.
 */
export const minPromptSize = { width: 240, height: 240 } as const

/**
 * Whether this browser reports visibility (IntersectionObserver v2, `isVisible`): Chromium does;
 * Firefox and Safari do not, and there approvals move to a window of the wallet's own origin.
 */
export function canTrackVisibility(): boolean {
  return (
    typeof IntersectionObserver === 'function' &&
    typeof IntersectionObserverEntry === 'function' &&
    'isVisible' in IntersectionObserverEntry.prototype
  )
}

/**
 * The arming rule on its own (times in ms from any one clock): a prompt is armed once it has been
 * seen visible continuously for `delayMs`; any observation of it hidden starts the wait again.
 *
 * @example
 * ```ts
 * const arming = createArming(1000)
 * arming.see(true, 0)
 * arming.state(999) // 'arming'
 * arming.state(1000) // 'armed'
 * ```
 */
export function createArming(delayMs: number) {
  let visibleSince: number | undefined
  return {
    see(visible: boolean, at: number): void {
      visibleSince = visible ? (visibleSince ?? at) : undefined
    },
    state(at: number): PromptState {
      if (visibleSince === undefined) return 'hidden'
      return at - visibleSince >= delayMs ? 'armed' : 'arming'
    },
    /** How long until armed (0 once armed), or `undefined` while hidden. */
    remaining(at: number): number | undefined {
      return visibleSince === undefined ? undefined : Math.max(0, visibleSince + delayMs - at)
    },
  }
}

type Sight = { isVisible: boolean; ratio: number }

/** The whole prompt on screen, unobstructed, unaltered, in a tab the user is looking at, and big enough to read. */
function shownWhole(sight: Sight | undefined): boolean {
  return Boolean(
    sight?.isVisible &&
      sight.ratio >= 0.99 &&
      document.visibilityState === 'visible' &&
      window.innerWidth >= minPromptSize.width &&
      window.innerHeight >= minPromptSize.height,
  )
}

const observerOptions = {
  // Chromium computes `isVisible` (occlusion, opacity, filters, transforms, across the parent page)
  // only with trackVisibility, and requires reports at most every 100 ms or more.
  trackVisibility: true,
  delay: 100,
  threshold: [0, 0.5, 0.99, 1],
} as IntersectionObserverInit

/** One fresh observation of `target` (what the browser computes at its next rendering). */
function observeOnce(target: Element): Promise<Sight> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1)
      if (!entry) return
      observer.disconnect()
      resolve({ isVisible: (entry as { isVisible?: boolean }).isVisible === true, ratio: entry.intersectionRatio })
    }, observerOptions)
    observer.observe(target)
  })
}

/** What {@link guardPrompt} returns. */
export type PromptGuard = {
  /** The state now. */
  state(): PromptState
  /**
   * Whether a click counts: armed now, and still shown whole in a fresh observation taken after the
   * click (visibility reports come at most every 100 ms, so the last one may predate a page's change).
   */
  confirm(): Promise<boolean>
  stop(): void
}

/**
 * Watches whether `card` (the prompt, the frame's whole viewport) is visibly on top, from inside the
 * frame's own document, and keeps `card.dataset.state` ({@link PromptState}) and `onChange` up to
 * date. Without IntersectionObserver v2 nothing can be seen: the state only arms after the delay
 * (the caller moves approvals to a window of the wallet instead). With `focus` (the wallet's own
 * window), leaving the window counts as hidden too.
 */
export function guardPrompt(
  card: HTMLElement,
  onChange: (state: PromptState) => void = () => {},
  options: { focus?: boolean } = {},
): PromptGuard {
  const arming = createArming(approvalDelayMs)
  const tracking = !options.focus && canTrackVisibility()
  let sight: Sight | undefined
  let focused = true
  let timer: ReturnType<typeof setTimeout> | undefined
  let last: PromptState | undefined
  const update = () => {
    const now = performance.now()
    arming.see(tracking ? shownWhole(sight) : document.visibilityState === 'visible' && focused, now)
    const state = arming.state(now)
    clearTimeout(timer)
    const left = arming.remaining(now)
    if (state === 'arming' && left !== undefined) timer = setTimeout(update, left)
    if (state === last) return
    last = state
    card.dataset.state = state
    onChange(state)
  }
  const observer = tracking
    ? new IntersectionObserver((entries) => {
        const entry = entries.at(-1)
        if (!entry) return
        sight = { isVisible: (entry as { isVisible?: boolean }).isVisible === true, ratio: entry.intersectionRatio }
        update()
      }, observerOptions)
    : undefined
  // A resize changes neither ratio nor visibility of a card that fills the frame, and a hidden tab
  // stops reports: both are checked here, and a fresh report is asked for once the tab is back.
  const recheck = () => {
    update()
    if (observer) {
      observer.unobserve(card)
      observer.observe(card)
    }
  }
  const onFocus = (event: FocusEvent) => {
    focused = event.type === 'focus'
    update()
  }
  window.addEventListener('resize', recheck)
  document.addEventListener('visibilitychange', recheck)
  if (options.focus) {
    window.addEventListener('blur', onFocus)
    window.addEventListener('focus', onFocus)
  }
  if (observer) observer.observe(card)
  update()
  const state = () => {
    update()
    return arming.state(performance.now())
  }
  return {
    state,
    async confirm() {
      if (state() !== 'armed') return false
      if (!tracking) return true
      const fresh = await observeOnce(card)
      if (shownWhole(fresh)) return true
      sight = fresh
      update()
      return false
    },
    stop() {
      clearTimeout(timer)
      observer?.disconnect()
      window.removeEventListener('resize', recheck)
      document.removeEventListener('visibilitychange', recheck)
      window.removeEventListener('blur', onFocus)
      window.removeEventListener('focus', onFocus)
    },
  }
}
