'use client'
import { useQuery } from '@tanstack/react-query'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { nameSuggestionsQueryOptions } from '../query.js'

/**
 * Names like `name` the profile service suggests, each marked `registered` or free, cached 5
 * minutes; idle until `name` is letters, digits and hyphen, at least 4 characters. `error` is a
 * `NameSuggestionsError` ('Error fetching name suggestions').
 *
 * @example
 * const { data } = useNameSuggestions({ name: 'alice' })
 * data?.filter((s) => !s.registered).map((s) => s.name) // ['alice.reown.id', 'alice1.reown.id', …]
 */
export function useNameSuggestions({ name, suffix }: { name: string | undefined; suffix?: string | undefined }) {
  const { portico, queryClient } = usePortico('useNameSuggestions')
  return useQuery(nameSuggestionsQueryOptions(portico, { name, suffix }), queryClient)
}
