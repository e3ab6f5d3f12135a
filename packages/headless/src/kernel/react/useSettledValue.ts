'use client'
import { useEffect, useRef, useState } from 'react'

/**
 * @internal
 * `value` once it has stayed the same (compared by `key`) for `ms`: while the user types, one
 * request goes out per pause, not per key. The first value counts as settled at once (a prefilled
 * form should not wait); `settling` is true while a newer value waits. Feature hooks that query
 * from typed input (swap quotes, name suggestions) share this one rule.
 *
 * @example
 * const { value: settledName, settling } = useSettledValue(name, name ?? '', 300)
 */
export function useSettledValue<value>(value: value, key: string, ms: number): { value: value; settling: boolean } {
  const [settled, setSettled] = useState({ key, value })
  // A new object with the same key is the same input: the key alone restarts the wait.
  const latest = useRef(value)
  latest.current = value
  useEffect(() => {
    if (key === settled.key) return
    const timer = setTimeout(() => setSettled({ key, value: latest.current }), ms)
    return () => clearTimeout(timer)
  }, [key, settled.key, ms])
  return key === settled.key ? { value, settling: false } : { value: settled.value, settling: true }
}
