import { useMemo } from 'react'
import { usePorticoUI } from '../context.js'
import { createFormatters, type Formatters } from './format.js'

/**
 * @internal
 * Numbers, amounts and relative times in the modal's language (English: the spec's en-US forms).
 * A hook rather than a context field so the formatters load with the views that use them, not at
 * page start.
 *
 * @example
 * const format = useFormat()
 * format.balance(native.quantity.numeric) // '1.234,567' in German, '1,234.567' in English
 */
export function useFormat(): Formatters {
  const { locale, dir } = usePorticoUI('useFormat')
  return useMemo(() => createFormatters(locale, dir), [locale, dir])
}
