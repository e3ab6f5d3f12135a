'use client'
import { useQuery } from '@tanstack/react-query'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { useSettledValue } from '../../../kernel/react/useSettledValue.js'
import { nameSuggestionsQueryOptions } from '../query.js'

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
export const nameSuggestionsDebounceMs = 300

export type UseNameSuggestionsParameters = {
  /** The typed label (or name); idle until it is letters, digits and hyphen, at least 4 characters. */
  name: string | undefined
  /** The suffix to suggest with; the instance's first `nameSuffixes` entry by default. */
  suffix?: string | undefined
  /** Milliseconds the input must stay unchanged before it is asked about; {@link nameSuggestionsDebounceMs} by default. */
  debounceMs?: number | undefined
}

/**
 * Names like `name` the profile service suggests, each marked `registered` or free, cached 5
 * minutes; idle until `name` is letters, digits and hyphen, at least 4 characters. Typed input is
 * debounced (`isDebouncing` is true meanwhile; the first name is asked about at once). `error` is a
 * `NameSuggestionsError` ('Error fetching name suggestions').
 *
 * @example
 * const { data } = useNameSuggestions({ name: 'alice' })
 * data?.filter((s) => !s.registered).map((s) => s.name) // ['alice.reown.id', 'alice1.reown.id', …]
 */
export function useNameSuggestions({
  name,
  suffix,
  debounceMs = nameSuggestionsDebounceMs,
}: UseNameSuggestionsParameters) {
  const { portico, queryClient } = usePortico('useNameSuggestions')
  const settled = useSettledValue({ name, suffix }, JSON.stringify([name, suffix]), debounceMs)
  const result = useQuery(nameSuggestionsQueryOptions(portico, settled.value), queryClient)
  return Object.assign(result, { isDebouncing: settled.settling })
}
