/** See offline-browser.mjs: Chromium switches that leave only loopback resolvable. */
export const offlineArgs: string[]
/** See offline-browser.mjs: whether a URL stays on this machine. */
export function isLoopbackUrl(url: string | URL): boolean
/** See offline-browser.mjs: the requests off loopback a context's pages made (each failed). */
export function watchOffLoopback(
  context: import('playwright-core').BrowserContext,
  onBlocked?: (url: string) => void,
): string[]
