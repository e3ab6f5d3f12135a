// The profile lookup lives here, not in api/blockchainApi.ts: that module is on every page (balances
// read through it), and names are only needed once a visitor types one in a send form.
import * as z from 'zod/mini'
import { BlockchainApiError } from '../../kernel/api/blockchainApi.js'
import { fetchJson } from '../../kernel/api/http.js'
import { blockchainApiUrl } from '../../kernel/api/urls.js'
import type { Portico } from '../../kernel/portico.js'
import { lazy } from '../../kernel/utils/lazy.js'

// Built on its first use (`lazy`), not at import: a page that never calls keeps no zod object for it.
const profileSchema = lazy(() =>
  z.object({
    name: z.optional(z.string()),
    addresses: z.record(z.string(), z.object({ address: z.string() })),
    attributes: z.optional(z.unknown()),
  }),
)

export type NameProfile = {
  name: string
  /** Addresses by SLIP-44 coin type: `'60'` for EVM chains, `'501'` for Solana. */
  addresses: Readonly<Record<string, string>>
  /**
   * The profile's picture (its `avatar` attribute), when the reverse lookup found one: a URL the
   * name's owner chose, so untrusted; show it only from origins you trust.
   */
  avatar?: string | undefined
}

/**
 * The addresses a name points to (`GET /v1/profile/account/{name}?apiVersion=2`). Spec: 'Error
 * resolving name' on failure, an unknown name included (the service answers 404).
 *
 * @example
 * const { addresses } = await fetchNameProfile(portico, { name: 'bob.reown.id' })
 * addresses['60'] // '0x7099…79C8'
 */
export async function fetchNameProfile(portico: Portico, { name }: { name: string }): Promise<NameProfile> {
  const url = blockchainApiUrl(portico, `/v1/profile/account/${encodeURIComponent(name)}`)
  url.searchParams.set('apiVersion', '2')
  let body: z.infer<ReturnType<typeof profileSchema>>
  try {
    body = profileSchema().parse(await fetchJson(portico, url))
  } catch (error) {
    throw new BlockchainApiError('Error resolving name', { cause: error })
  }
  return {
    name: body.name ?? name,
    addresses: Object.fromEntries(Object.entries(body.addresses).map(([coin, { address }]) => [coin, address])),
  }
}
