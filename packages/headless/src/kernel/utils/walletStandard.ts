import type { Wallet } from '@wallet-standard/base'
import { isAnnouncedIcon } from './announcedIcon.js'

/** A Wallet Standard registration that passed {@link parseStandardWallet}. */
export type StandardWalletEntry = {
  /** The registered wallet object itself (Portico calls its features). */
  readonly wallet: Wallet
  /** The name, trimmed and copied at registration (a later change to the object changes nothing). */
  readonly name: string
  /** A `data:image/…` icon, or undefined (the UI's placeholder) when the wallet's icon is not one. */
  readonly icon: string | undefined
}

const maxNameLength = 100
const unprintable = /[\p{Cc}\p{Cf}]/u

// A hostile wallet object may have getters that throw: reading them must not break discovery.
function read(object: unknown, key: string): unknown {
  if ((typeof object !== 'object' && typeof object !== 'function') || object === null) return undefined
  try {
    return (object as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

/**
 * Checks one Wallet Standard registration before Portico lists it: a `name` (printable), a
 * `version`, `chains` and `accounts` arrays and a `features` object with `standard:connect` (or
 * `bitcoin:connect`), and,
 * for `namespace` `solana`, a `solana:` chain and a signing feature. Returns the entry or the reason
 * it is ignored. An icon that is not a `data:image/(png|jpeg|gif|webp|svg+xml)` URI is dropped.
 *
 * @internal
 * @example
 * const entry = parseStandardWallet(wallet)
 * if ('reason' in entry) console.warn(entry.reason)
 */
export function parseStandardWallet(wallet: unknown): StandardWalletEntry | { reason: string } {
  const name = read(wallet, 'name')
  if (typeof name !== 'string' || !name.trim() || unprintable.test(name)) return { reason: 'bad name' }
  const features = read(wallet, 'features')
  if (!Array.isArray(read(wallet, 'chains'))) return { reason: 'no chains' }
  if (!Array.isArray(read(wallet, 'accounts'))) return { reason: 'no accounts' }
  // Bitcoin wallets connect through `bitcoin:connect` (account purposes) and may lack `standard:connect`.
  if (
    typeof read(read(features, 'standard:connect'), 'connect') !== 'function' &&
    typeof read(read(features, 'bitcoin:connect'), 'connect') !== 'function'
  )
    return { reason: 'no standard:connect' }
  const icon = read(wallet, 'icon')
  return {
    wallet: wallet as Wallet,
    name: name.trim().slice(0, maxNameLength),
    icon: isAnnouncedIcon(icon) ? icon : undefined,
  }
}

/**
 * Whether a checked wallet serves Solana: a `solana:` chain and a way to sign.
 *
 * @internal
 * @example
 * entries.filter(isSolanaWalletEntry)
 */
export function isSolanaWalletEntry({ wallet }: StandardWalletEntry): boolean {
  const chains = read(wallet, 'chains') as unknown[]
  const features = read(wallet, 'features')
  return (
    chains.some((c) => typeof c === 'string' && c.startsWith('solana:')) &&
    (read(features, 'solana:signMessage') !== undefined ||
      read(features, 'solana:signAndSendTransaction') !== undefined)
  )
}

/**
 * @internal
 * Validates a list of registered wallets: a malformed one is skipped with one warning (per
 * `warned` set, so re-emits do not repeat it), and of two wallets with the same name the first
 * registered keeps it, so a later impostor can never take over the entry a user picks.
 *
 * @example
 * const warned = new Set<string>()
 * const entries = checkStandardWallets(getWallets().get(), warned)
 */
export function checkStandardWallets(wallets: readonly unknown[], warned: Set<string>): StandardWalletEntry[] {
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return
    warned.add(key)
    console.warn(`[portico] ${message}`)
  }
  const byName = new Map<string, StandardWalletEntry>()
  for (const wallet of wallets) {
    const entry = parseStandardWallet(wallet)
    if ('reason' in entry) {
      warnOnce(`invalid:${entry.reason}`, `Ignored a Wallet Standard wallet (${entry.reason}).`)
      continue
    }
    const known = byName.get(entry.name)
    if (known) {
      if (known.wallet !== entry.wallet)
        warnOnce(`collision:${entry.name}`, `Ignored a second wallet named ${entry.name}; the first stays.`)
      continue
    }
    byName.set(entry.name, entry)
  }
  return [...byName.values()]
}

/**
 * @internal
 * A feature of a registered wallet (`solana:signMessage`, `bitcoin:connect`…), or a TypeError
 * naming the missing one. Shared by the Solana and Bitcoin Wallet Standard connectors.
 */
export function walletFeature<f extends Record<string, unknown>>(
  wallet: Wallet,
  name: keyof f & string,
): f[keyof f & string] {
  const value = (wallet.features as Record<string, unknown>)[name] as f[keyof f & string] | undefined
  if (!value) throw new TypeError(`${wallet.name} does not support ${name}`)
  return value
}
