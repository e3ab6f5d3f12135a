import * as z from 'zod/mini'
import { fetchJson } from '../../kernel/api/http.js'
import { blockchainApiUrl } from '../../kernel/api/urls.js'
import type { Portico } from '../../kernel/portico.js'
import { lazy } from '../../kernel/utils/lazy.js'
import { isValidNameLabel } from './accountName.js'
import { NameSuggestionsError } from './errors.js'

export type GetNameSuggestionsParameters = {
  /** What the user typed: a label (`alice`), or a name whose suffix is left off. */
  name: string
  /** The zone to suggest in, e.g. `.wcn.id`; default: the instance's first `nameSuffixes`. */
  suffix?: string | undefined
  signal?: AbortSignal | undefined
}
export type NameSuggestion = {
  /** The full name, e.g. `alice1.reown.id`. */
  name: string
  /** Someone holds it already. */
  registered: boolean
}
export type GetNameSuggestionsReturnType = NameSuggestion[]
export type GetNameSuggestionsErrorType = NameSuggestionsError

// Built on its first use (`lazy`), not at import: a page that never calls keeps no zod object for it.
const suggestionsSchema = lazy(() =>
  z.object({
    suggestions: z.array(z.object({ name: z.string(), registered: z.optional(z.boolean()) })),
  }),
)

/**
 * Names like the one typed that the profile service suggests (`GET /v1/profile/suggestions/{name}`
 * with the zone), each marked registered or free. Suggestions that break the spec's rule are left
 * out: the service's answer is not trusted to be a name. Spec: 'Error fetching name suggestions'.
 *
 * @example
 * const suggestions = await getNameSuggestions(portico, { name: 'alice' })
 * suggestions.filter((s) => !s.registered) // [{ name: 'alice1.reown.id', registered: false }, …]
 */
export async function getNameSuggestions(
  portico: Portico,
  { name, suffix, signal }: GetNameSuggestionsParameters,
): Promise<GetNameSuggestionsReturnType> {
  const zone = (suffix ?? portico.options.nameSuffixes[0]).toLowerCase()
  const label = name.trim().toLowerCase().split('.')[0] ?? ''
  if (!isValidNameLabel(label)) throw new NameSuggestionsError({ cause: new Error(`${name} is not a valid name`) })
  const url = blockchainApiUrl(portico, `/v1/profile/suggestions/${encodeURIComponent(label)}`)
  url.searchParams.set('zone', zone.replace(/^\./, ''))
  let body: z.infer<ReturnType<typeof suggestionsSchema>>
  try {
    body = suggestionsSchema().parse(await fetchJson(portico, url, signal ? { signal } : undefined))
  } catch (cause) {
    throw new NameSuggestionsError({ cause })
  }
  return body.suggestions.flatMap(({ name: suggested, registered }) => {
    const lower = suggested.toLowerCase()
    return lower.endsWith(zone) && isValidNameLabel(lower.slice(0, -zone.length))
      ? [{ name: lower, registered: registered ?? false }]
      : []
  })
}
