// Browser tests only (Vitest browser mode): saves a PNG of the page or of one element into the
// repository's gitignored `tests/screenshots/`, for people to look at. Not a visual regression check.
import { type Locator, page, server } from 'vitest/browser'

/**
 * Saves `tests/screenshots/<name>.png` (name sanitized; `/` keeps subfolders) and returns its path.
 * Pass `element` to capture only that element (a DOM node or a locator), else the whole viewport.
 */
export async function saveScreenshot(name: string, options: { element?: Element | Locator } = {}): Promise<string> {
  const file = name
    .split('/')
    .map((part) => part.replace(/[^\w.-]+/g, '-'))
    .join('/')
  const path = `${server.config.root}/tests/screenshots/${file}${file.endsWith('.png') ? '' : '.png'}`
  return page.screenshot({ path, ...(options.element ? { element: options.element } : {}) })
}
