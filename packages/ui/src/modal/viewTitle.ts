import { useSyncExternalStore } from 'react'
import type { ViewName } from '../state/modalStore.js'

// A feature view's header title comes from its own lazily loaded catalogue, which the modal frame
// (and the page-start catalogue) must not import: the view publishes its title here instead.

const titles = new Map<ViewName, string>()
const listeners = new Set<() => void>()

/**
 * @internal Sets the header title of a feature view (call when its messages are loaded).
 *
 * @example
 * useEffect(() => setViewTitle('OnRampProviders', text.onrampTitle), [text])
 */
export function setViewTitle(view: ViewName, text: string): void {
  if (titles.get(view) === text) return
  titles.set(view, text)
  for (const listener of listeners) listener()
}

/**
 * @internal The title a feature view published, `undefined` until it did.
 *
 * @example
 * const title = useViewTitle(entry.view)
 */
export function useViewTitle(view: ViewName): string | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    () => titles.get(view),
    () => titles.get(view),
  )
}
