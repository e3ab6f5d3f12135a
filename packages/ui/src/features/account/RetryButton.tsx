import { useEffect, useState } from 'react'
import * as css from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'

/**
 * @internal
 * The retry control of a failed read. `retryAt` (epoch ms) keeps it disabled while the spec's
 * balance lockout runs; it re-renders itself when the lockout ends.
 */
export function RetryButton({
  onRetry,
  retryAt,
  slot,
}: {
  onRetry: () => void
  retryAt?: number | undefined
  slot: string
}) {
  const { messages } = usePorticoUI('RetryButton')
  const locked = useLockedUntil(retryAt)
  return (
    <button
      type="button"
      className={css.button({ variant: 'secondary', size: 'sm' })}
      disabled={locked}
      onClick={onRetry}
      data-slot={slot}
    >
      {messages.tryAgain}
    </button>
  )
}

function useLockedUntil(retryAt: number | undefined): boolean {
  const [, setTick] = useState(0)
  const remaining = retryAt === undefined ? 0 : retryAt - Date.now()
  useEffect(() => {
    if (remaining <= 0) return
    const timer = setTimeout(() => setTick((n) => n + 1), remaining)
    return () => clearTimeout(timer)
  }, [remaining])
  return remaining > 0
}
