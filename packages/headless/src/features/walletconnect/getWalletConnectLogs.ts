import type { Portico } from '../../kernel/portico.js'
import { walletConnectSession } from './session.js'

export type GetWalletConnectLogsReturnType = string

/**
 * WalletConnect's log for a support request: the SDK's entries at the configured
 * `walletConnect.logLevel` (default `'error'`), oldest first, one JSON object per line, at most
 * the spec's 1,024,000 bytes (the oldest go first). Keys and tokens are never in it: a 64-digit
 * hex string keeps its first 8 digits (topics stay tellable apart), a JWT is dropped. Empty until
 * WalletConnect has been used on the page; reading it loads nothing.
 *
 * @example
 * const logs = getWalletConnectLogs(portico)
 * const link = Object.assign(document.createElement('a'), {
 *   href: URL.createObjectURL(new Blob([logs], { type: 'application/x-ndjson' })),
 *   download: 'walletconnect-logs.ndjson',
 * })
 * link.click()
 */
export function getWalletConnectLogs(portico: Portico): GetWalletConnectLogsReturnType {
  if (!portico.options.walletConnect) return ''
  return walletConnectSession(portico).loaded()?.log.read() ?? ''
}
