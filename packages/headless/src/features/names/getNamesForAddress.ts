import * as z from 'zod/mini'
import { fetchJson } from '../../kernel/api/http.js'
import { blockchainApiUrl } from '../../kernel/api/urls.js'
import type { Portico } from '../../kernel/portico.js'
import { lazy } from '../../kernel/utils/lazy.js'
import { NamesForAddressError } from './errors.js'
import type { NameProfile } from './fetchNameProfile.js'
import { isName } from './isName.js'

export type GetNamesForAddressParameters = {
  /** An EVM address. */
  address: string
  signal?: AbortSignal | undefined
}
export type GetNamesForAddressReturnType = NameProfile[]
export type GetNamesForAddressErrorType = NamesForAddressError

// Built on its first use (`lazy`), not at import: a page that never calls keeps no zod object for it.
const reverseSchema = lazy(() =>
  z.array(
    z.object({
      name: z.string(),
      addresses: z.optional(z.record(z.string(), z.object({ address: z.string() }))),
      // The service's free-form profile fields; only a string `avatar` is read from them.
      attributes: z.optional(z.unknown()),
    }),
  ),
)

// The profile's picture as the name's owner set it: any string, checked only by whoever shows it.
function avatarOf(attributes: unknown): string | undefined {
  if (typeof attributes !== 'object' || attributes === null) return undefined
  const avatar = (attributes as { avatar?: unknown }).avatar
  return typeof avatar === 'string' && avatar.length > 0 ? avatar : undefined
}

/**
 * The names that point to an address, through the profile service's reverse lookup
 * (`GET /v1/profile/reverse/{address}?sender=…&apiVersion=2`); an empty list when it has none.
 * Entries that are not names are left out. A profile's `avatar` attribute comes with its name as
 * `avatar`: an untrusted URL the owner chose (a UI loads it only under its image rule). Spec:
 * 'Error fetching names for address'.
 *
 * @example
 * const [profile] = await getNamesForAddress(portico, { address: '0xf39F…2266' })
 * profile?.name // 'alice.reown.id'
 */
export async function getNamesForAddress(
  portico: Portico,
  { address, signal }: GetNamesForAddressParameters,
): Promise<GetNamesForAddressReturnType> {
  const url = blockchainApiUrl(portico, `/v1/profile/reverse/${encodeURIComponent(address)}`)
  url.searchParams.set('sender', address)
  url.searchParams.set('apiVersion', '2')
  let body: z.infer<ReturnType<typeof reverseSchema>>
  try {
    body = reverseSchema().parse(await fetchJson(portico, url, signal ? { signal } : undefined))
  } catch (cause) {
    throw new NamesForAddressError({ cause })
  }
  return body
    .filter((profile) => isName(profile.name))
    .map((profile) => {
      const avatar = avatarOf(profile.attributes)
      return {
        name: profile.name.toLowerCase(),
        addresses: Object.fromEntries(Object.entries(profile.addresses ?? {}).map(([coin, a]) => [coin, a.address])),
        ...(avatar ? { avatar } : {}),
      }
    })
}
