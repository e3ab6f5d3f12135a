import type { Eip1193Provider, Eip6963ProviderInfo } from '../adapters/eip155/types.js'
import { isAnnouncedIcon } from './announcedIcon.js'

/** An EIP-6963 announcement that passed {@link parseEip6963Announcement}: copied strings. */
export type Eip6963Announcement = {
  readonly info: Readonly<Omit<Eip6963ProviderInfo, 'icon'> & { icon: string | undefined }>
  readonly provider: Eip1193Provider
}

/** Why an announcement was ignored (shown in the one warning it costs). */
export type Eip6963Rejection = { reason: string }

// Reverse-DNS as EIP-6963 describes it: dot-separated labels (`io.metamask`, `com.coinbase.wallet`).
const rdnsPattern = /^[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9_-]{0,62}))+$/i
const maxNameLength = 100
const maxUuidLength = 100
// Names are shown as text; controls and bidi overrides would let one name pass for another.
const unprintable = /[\p{Cc}\p{Cf}]/u

// Reading an untrusted object's fields may run a getter that throws; treat that as absent.
function read(object: unknown, key: string): unknown {
  if (typeof object !== 'object' || object === null) return undefined
  try {
    return (object as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

/**
 * Checks one `eip6963:announceProvider` event's `detail` before anything else sees it, and copies
 * what it keeps, so a wallet changing its announced object later changes nothing. Returns the
 * announcement, or the reason it is ignored: `detail` or `info` missing, `uuid`, `name` or `rdns`
 * missing or malformed, or a provider without `request`. An icon that is not a
 * `data:image/(png|jpeg|gif|webp|svg+xml)` URI is dropped (`icon: undefined`) without rejecting the
 * wallet: EIP-6963 requires data URIs, and a URL would be fetched from a host the extension chose.
 *
 * @internal
 * @example
 * const result = parseEip6963Announcement(event.detail)
 * if ('reason' in result) console.warn(result.reason)
 */
export function parseEip6963Announcement(detail: unknown): Eip6963Announcement | Eip6963Rejection {
  if (typeof detail !== 'object' || detail === null) return { reason: 'no detail' }
  const info = read(detail, 'info')
  if (typeof info !== 'object' || info === null) return { reason: 'no info' }
  const uuid = read(info, 'uuid')
  const name = read(info, 'name')
  const rdns = read(info, 'rdns')
  const icon = read(info, 'icon')
  if (typeof uuid !== 'string' || !uuid || uuid.length > maxUuidLength || unprintable.test(uuid))
    return { reason: 'bad uuid' }
  if (typeof name !== 'string' || !name.trim() || unprintable.test(name)) return { reason: 'bad name' }
  if (typeof rdns !== 'string' || rdns.length > 253 || !rdnsPattern.test(rdns)) return { reason: 'bad rdns' }
  if (typeof icon !== 'string') return { reason: 'no icon' }
  const provider = read(detail, 'provider')
  if (typeof provider !== 'object' || provider === null || typeof read(provider, 'request') !== 'function')
    return { reason: 'no provider.request' }
  // A copy: the extension changing its announced object later changes nothing here.
  return {
    info: { uuid, name: name.trim().slice(0, maxNameLength), rdns, icon: isAnnouncedIcon(icon) ? icon : undefined },
    provider: provider as Eip1193Provider,
  }
}

/**
 * @internal
 * Listens for EIP-6963 announcements on `target` (default `window`) and asks wallets to announce.
 * Every announcement is validated first: a malformed one is ignored with one `console.warn` and
 * never affects the others. The first provider to claim an rdns keeps it: a later, different
 * provider announcing the same rdns is ignored with a warning, so an impostor can never take over
 * the entry a user picks (the genuine extension announces at document start, before page scripts).
 * A re-announcement of a known provider (the answer to a new request) changes nothing.
 *
 * @example
 * const stop = watchEip6963Announcements((announcements) => render(announcements))
 */
export function watchEip6963Announcements(
  onChange: (announcements: readonly Eip6963Announcement[]) => void,
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> = window,
): () => void {
  const byRdns = new Map<string, Eip6963Announcement>()
  const warned = new Set<string>()
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return
    warned.add(key)
    console.warn(`[portico] ${message}`)
  }
  const onAnnounce = (event: Event) => {
    const result = parseEip6963Announcement(read(event, 'detail'))
    if ('reason' in result) {
      warnOnce(`invalid:${result.reason}`, `Ignored an EIP-6963 announcement (${result.reason}).`)
      return
    }
    const known = byRdns.get(result.info.rdns)
    if (known) {
      if (known.provider !== result.provider)
        warnOnce(
          `collision:${result.info.rdns}:${result.info.uuid}`,
          `Ignored a second provider for ${result.info.rdns}; the first stays.`,
        )
      return
    }
    byRdns.set(result.info.rdns, result)
    onChange([...byRdns.values()])
  }
  target.addEventListener('eip6963:announceProvider', onAnnounce)
  onChange([])
  target.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => target.removeEventListener('eip6963:announceProvider', onAnnounce)
}
