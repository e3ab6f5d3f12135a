import { usePortico } from '@portico/headless'
import { emailCooldownMs, getEmbeddedWallet } from '@portico/headless/embedded'
import { useEffect, useState } from 'react'

/**
 * @internal
 * Seconds left (rounded up, as the spec's 'Please try again after {n} seconds') before another
 * login email may be sent, from the login cache's last email login time; 0 when it may. Ticks
 * each second while counting down. `version` re-reads the cache (e.g. after a send).
 */
export function useEmailCooldown(version: unknown): number {
  const { portico } = usePortico('useEmailCooldown')
  const [now, setNow] = useState(() => Date.now())
  let last: number | undefined
  try {
    last = getEmbeddedWallet(portico).readLoginCache().lastEmailLoginTime
  } catch {
    last = undefined
  }
  const left = last === undefined ? 0 : Math.max(0, Math.ceil((last + emailCooldownMs - now) / 1000))
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` marks a send that moved the cooldown.
  useEffect(() => {
    setNow(Date.now())
  }, [version])
  // biome-ignore lint/correctness/useExhaustiveDependencies: each tick (`now`) arms the next, even when `left` reads the same.
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setNow(Date.now()), 1_000)
    return () => clearTimeout(timer)
  }, [left, now])
  return left
}
