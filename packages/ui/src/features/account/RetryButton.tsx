import { useEffect, useState } from 'react'
import * as css from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'

/**
 * @internal
 * The retry control of a failed read. `retryAt` (epoch ms) keeps it disabled while the spec's
 * balance lockout runs; it renders again when the lockout ends.
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

/**
 * Whether the lockout still runs, rendering again when it ends. The wait is measured when the
 * effect runs, not at render: the time between the two (a busy page, a test's fake clock moved
 * meanwhile) would otherwise be added to the lockout.
 */
function useLockedUntil(retryAt: number | undefined): boolean {
  const [, setTick] = useState(0)
  const locked = retryAt !== undefined && retryAt > Date.now()
  useEffect(() => {
    if (!locked || retryAt === undefined) return
    const rerender = () => setTick((n) => n + 1)
    const remaining = retryAt - Date.now()
    if (remaining <= 0) return rerender()
    const timer = setTimeout(rerender, remaining)
    return () => clearTimeout(timer)
  }, [retryAt, locked])
  return locked
}
