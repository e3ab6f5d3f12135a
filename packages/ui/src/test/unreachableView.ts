import { vi } from 'vitest'
import { viewTable } from '../features/index.js'
import { viewSlot } from '../modal/viewSlot.js'
import type { ViewName } from '../modal/views.js'

/**
 * Puts in the modal's table, for `name`, a slot whose code fails to load as a dynamic import does
 * offline or after a deploy replaced the chunk (`gone`, the browser's TypeError), until `reach()`;
 * then it loads the real view. `load` counts the fetches; `restore()` puts the real slot back.
 *
 * @example
 * const pay = unreachableView('Pay')
 * stops.push(pay.restore)
 */
export function unreachableView(name: ViewName) {
  const views = viewTable.views as Record<string, unknown>
  const real = views[name] as ReturnType<typeof viewSlot>
  const gone = new TypeError('Failed to fetch dynamically imported module')
  let reachable = false
  const load = vi.fn(() => (reachable ? real.chunk.load() : Promise.reject(gone)))
  views[name] = viewSlot(load, real.title)
  return {
    gone,
    load,
    reach: () => {
      reachable = true
    },
    restore: () => {
      views[name] = real
    },
  }
}
