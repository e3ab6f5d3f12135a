/** See offline-proxy.mjs: Chromium's bypass rules for loopback only. */
export const loopbackBypass: string
/** See offline-proxy.mjs: a proxy that refuses and records every request sent to it. */
export function startOfflineProxy(onBlocked?: (asked: string) => void): Promise<{
  proxy: { server: string; bypass: string }
  blocked: string[]
  close(): Promise<void>
}>
/** See offline-proxy.mjs: whether a URL stays on this machine. */
export function isLoopbackUrl(url: string): boolean
/** See offline-proxy.mjs: the off-loopback requests a context's pages made (refused by the proxy). */
export function watchPageRequestsOffLoopback(
  context: import('playwright-core').BrowserContext,
  onBlocked?: (url: string) => void,
): string[]
