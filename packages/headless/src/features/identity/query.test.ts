// The identity options factory (query.ts) through a real QueryClient, against a blockchain API on
// loopback: what the query key holds (one cache entry never answers for another address), when
// the query runs, what its queryFn asks and answers, and which stored identity (the spec's
// identity_cache) it may start from. The cache's lifetime across reloads and a corrupt entry are
// tested in react/identityCache.test.ts, the hook in react/useIdentity.test.tsx, fetchIdentity in
// kernel/api/blockchainApi.data.test.ts.
// biome-ignore lint/style/noRestrictedImports: a test gives the options factory the query client a host would, without React
import { hashKey, QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test, vi } from 'vitest'
import type { PorticoOptions } from '../../kernel/options.js'
import { json, memoryStorage, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { identityQueryOptions } from './query.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/**
 * Two Solana addresses that differ only in letter case: base58 is case-sensitive, so these are two
 * accounts (both decode to 32 bytes: the token program's address and another).
 */
const solanaUpper = 'TokenkegQfeZyiNwAJbNbGZPFXCWuBvf9Ss623VQ5DA'
const solanaLower = solanaUpper.toLowerCase()

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/**
 * The identity endpoint on loopback: EVM addresses in any letter case, Solana ones exactly as
 * written; `status` makes it fail. Every request path is recorded.
 */
async function identityService() {
  const identities: Record<string, { name: string | null; avatar: string | null }> = {
    [alice.toLowerCase()]: { name: 'alice.portico', avatar: null },
    [bob.toLowerCase()]: { name: 'bob.portico', avatar: 'https://127.0.0.1/bob.png' },
    [solanaUpper]: { name: 'token.portico', avatar: null },
  }
  const service = { status: 200, paths: [] as string[], url: '' }
  const server = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    service.paths.push(url.pathname)
    const address = decodeURIComponent(url.pathname.replace('/v1/identity/', ''))
    if (service.status !== 200) return json(res, service.status, {})
    json(
      res,
      200,
      identities[address.startsWith('0x') ? address.toLowerCase() : address] ?? { name: null, avatar: null },
    )
  })
  cleanups.push(server.close)
  service.url = server.url
  return service
}

/** An instance whose blockchain API is the given service (or nothing reachable). */
function identities(url = 'http://127.0.0.1:1', overrides: Partial<PorticoOptions> = {}) {
  return offlinePortico('identity-query', { apiUrls: { blockchain: url, api: url }, ...overrides })
}

test('behavior: the key holds the address: the same address gives an equal key, two addresses never share an entry', () => {
  const portico = identities()
  const key = (address: string | undefined) => identityQueryOptions(portico, { address }).queryKey
  expect(key(alice)).toEqual(['portico', 'identity', { address: alice }])
  expect(hashKey(key(alice))).toBe(hashKey(identityQueryOptions(identities(), { address: alice }).queryKey))
  const distinct = [key(alice), key(bob), key(solanaUpper), key(solanaLower), key(undefined)]
  expect(new Set(distinct.map(hashKey)).size).toBe(distinct.length)
})

test('default: the query runs only with an address, a project id and the blockchain API', () => {
  const on = (address: string | undefined, portico = identities()) => identityQueryOptions(portico, { address }).enabled
  expect(on(alice)).toBe(true)
  expect(on(undefined)).toBe(false)
  expect(on('')).toBe(false)
  expect(on(alice, identities(undefined, { blockchainApi: false }))).toBe(false)
  vi.spyOn(console, 'warn').mockImplementation(() => {}) // 'Project ID Not Configured'
  cleanups.push(() => vi.restoreAllMocks())
  expect(on(alice, identities(undefined, { projectId: '' }))).toBe(false)
})

test("behavior: the queryFn asks the identity of the key's address and answers its name and avatar; each address gets its own answer", async () => {
  const service = await identityService()
  const portico = identities(service.url)
  const queryClient = new QueryClient()
  expect(await queryClient.fetchQuery(identityQueryOptions(portico, { address: alice }))).toEqual({
    name: 'alice.portico',
    avatar: undefined,
  })
  expect(await queryClient.fetchQuery(identityQueryOptions(portico, { address: bob }))).toEqual({
    name: 'bob.portico',
    avatar: 'https://127.0.0.1/bob.png',
  })
  expect(service.paths).toEqual([`/v1/identity/${alice}`, `/v1/identity/${bob}`])
  // Cached: the same address is answered again without a request.
  expect(await queryClient.fetchQuery(identityQueryOptions(portico, { address: alice }))).toMatchObject({
    name: 'alice.portico',
  })
  expect(service.paths).toHaveLength(2)
})

test("error: a failing service fails the query with 'Error resolving name', asked once (no retry), and stores nothing", async () => {
  const service = await identityService()
  service.status = 500
  const storage = memoryStorage()
  await expect(
    new QueryClient().fetchQuery(identityQueryOptions(identities(service.url, { storage }), { address: alice })),
  ).rejects.toMatchObject({ name: 'BlockchainApiError', shortMessage: 'Error resolving name' })
  expect(service.paths).toHaveLength(1)
  expect(storage.data.get('@portico/identity_cache')).toBeUndefined()
})

test("behavior: a reload on the same storage starts from the address's stored identity (any letter case of an EVM address) and never from another address's", async () => {
  const service = await identityService()
  const storage = memoryStorage()
  await new QueryClient().fetchQuery(identityQueryOptions(identities(service.url, { storage }), { address: alice }))
  expect(service.paths).toHaveLength(1)

  const reloaded = identities(service.url, { storage })
  const queryClient = new QueryClient()
  expect(await queryClient.fetchQuery(identityQueryOptions(reloaded, { address: alice.toLowerCase() }))).toEqual({
    name: 'alice.portico',
    avatar: undefined,
  })
  expect(service.paths).toHaveLength(1)
  expect(await queryClient.fetchQuery(identityQueryOptions(reloaded, { address: bob }))).toMatchObject({
    name: 'bob.portico',
  })
  expect(service.paths).toEqual([`/v1/identity/${alice}`, `/v1/identity/${bob}`])
})

// Solana addresses are case-sensitive base58: two accounts differing only in case are two entries.
test('edge: a Solana address is never answered with the stored identity of another address differing only in case', async () => {
  const service = await identityService()
  const portico = identities(service.url, { storage: memoryStorage() })
  const queryClient = new QueryClient()
  expect(await queryClient.fetchQuery(identityQueryOptions(portico, { address: solanaUpper }))).toMatchObject({
    name: 'token.portico',
  })
  // Expected: asked for and answered its own (no name). Actual: { name: 'token.portico' }, no request.
  expect(await queryClient.fetchQuery(identityQueryOptions(portico, { address: solanaLower }))).toEqual({
    name: undefined,
    avatar: undefined,
  })
  expect(service.paths).toEqual([`/v1/identity/${solanaUpper}`, `/v1/identity/${solanaLower}`])
})
