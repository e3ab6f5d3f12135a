// The names options factories (query.ts) through a real QueryClient, against a profile service on
// loopback: what each query key holds (so one cache entry never answers for another name, zone,
// namespace or address), when each query runs, what its queryFn asks and answers, and the
// registration mutation (one registration per mutate, the refetch of the owner's names and
// identity). The verbs are tested beside them against the devnet (resolveName, getNameSuggestions,
// getNamesForAddress, registerName), the name cache across reloads in react/namesCache.test.ts,
// the hooks in react/.
import type { IncomingMessage, ServerResponse } from 'node:http'
// biome-ignore lint/style/noRestrictedImports: a test gives the options factories the query client a host would, without React
import { hashKey, MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { createPortico } from '../../kernel/createPortico.js'
import type { PorticoOptions } from '../../kernel/options.js'
import { deferred } from '../../test/deferred.js'
import { json, memoryStorage, offlinePortico, startHttpServer, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector } from '../../test/hostConnector.js'
import { identityQueryOptions } from '../identity/query.js'
import {
  nameSuggestionsQueryOptions,
  namesForAddressQueryKey,
  namesForAddressQueryOptions,
  registerNameMutationOptions,
  resolveNameQueryOptions,
} from './query.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** A valid Solana address (the token program's). */
const bobSolana = 'TokenkegQfeZyiNwAJbNbGZPFXCWuBvf9Ss623VQ5DA'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/**
 * The profile service on loopback: alice.reown.id and bob.reown.id resolve, the reverse lookup
 * knows each of them, suggestions are `{label}.{zone}` (registered) and `{label}1.{zone}` (free),
 * and a registration answers `registerStatus`. Every request is recorded (path and query).
 */
async function profileService() {
  const profiles: Record<string, Record<string, string>> = {
    'alice.reown.id': { '60': alice },
    'bob.reown.id': { '60': bob, '501': bobSolana },
  }
  const reverse: Record<string, string> = {
    [alice.toLowerCase()]: 'alice.reown.id',
    [bob.toLowerCase()]: 'bob.reown.id',
  }
  const registrations: { address: string; message: string }[] = []
  const service = { registerStatus: 200, registrations, requests: [] as string[], url: '' }
  const answer = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const [, , , kind, what = ''] = url.pathname.split('/').map(decodeURIComponent)
    if (req.method === 'POST' && url.pathname === '/v1/profile/account') {
      registrations.push(JSON.parse(body))
      return json(res, service.registerStatus, {})
    }
    if (url.pathname.startsWith('/v1/profile/account/')) {
      const addresses = profiles[what]
      if (!addresses) return json(res, 404, { message: 'not found' })
      return json(res, 200, {
        name: what,
        addresses: Object.fromEntries(Object.entries(addresses).map(([coin, address]) => [coin, { address }])),
      })
    }
    if (kind === 'suggestions') {
      const zone = url.searchParams.get('zone')
      return json(res, 200, {
        suggestions: [
          { name: `${what}.${zone}`, registered: true },
          { name: `${what}1.${zone}`, registered: false },
        ],
      })
    }
    if (kind === 'reverse') {
      const name = reverse[what.toLowerCase()]
      const addresses = name ? (profiles[name] ?? {}) : {}
      return json(
        res,
        200,
        name
          ? [{ name, addresses: Object.fromEntries(Object.entries(addresses).map(([c, address]) => [c, { address }])) }]
          : [],
      )
    }
    json(res, 404, {})
  }
  const server = await startHttpServer((req, res) => {
    service.requests.push(req.url ?? '')
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => answer(req, res, body))
  })
  cleanups.push(server.close)
  service.url = server.url
  return service
}

/** An instance whose blockchain API is the given service (or nothing reachable). */
function names(url = 'http://127.0.0.1:1', overrides: Partial<PorticoOptions> = {}) {
  return offlinePortico('names-query', { apiUrls: { blockchain: url, api: url }, ...overrides })
}

/** An instance without a project id; its 'Project ID Not Configured' warning is expected. */
function withoutProjectId() {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  cleanups.push(() => vi.restoreAllMocks())
  return names(undefined, { projectId: '' })
}

/** Whether TanStack's cache would keep the keys as one entry. */
const sameEntry = (a: readonly unknown[], b: readonly unknown[]) => hashKey(a) === hashKey(b)

test('behavior: resolveName keys hold the trimmed lower-case name and the namespace: the same inputs share an entry, another name or namespace never does', () => {
  const portico = names()
  const key = (name: string | undefined, namespace?: 'eip155' | 'solana') =>
    resolveNameQueryOptions(portico, { name, namespace }).queryKey
  expect(key(' Bob.Reown.ID ', 'eip155')).toEqual(['portico', 'name', { name: 'bob.reown.id', namespace: 'eip155' }])
  expect(sameEntry(key('bob.reown.id', 'eip155'), key(' BOB.reown.id', 'eip155'))).toBe(true)
  const distinct = [
    key('bob.reown.id', 'eip155'),
    key('bob.reown.id', 'solana'),
    key('alice.reown.id', 'eip155'),
    key('bob.wcn.id', 'eip155'),
  ]
  expect(new Set(distinct.map(hashKey)).size).toBe(distinct.length)
})

test('default: resolveName runs only for something that reads as a name, with a namespace, a project id and the blockchain API', () => {
  const on = (portico: ReturnType<typeof names>, name: string | undefined, namespace?: 'eip155') =>
    resolveNameQueryOptions(portico, { name, namespace }).enabled
  expect(on(names(), 'bob.reown.id', 'eip155')).toBe(true)
  expect(on(names(), undefined, 'eip155')).toBe(false)
  expect(on(names(), '  ', 'eip155')).toBe(false)
  expect(on(names(), bob, 'eip155')).toBe(false)
  expect(on(names(), 'bob.reown.id')).toBe(false)
  expect(on(withoutProjectId(), 'bob.reown.id', 'eip155')).toBe(false)
  expect(on(names(undefined, { blockchainApi: false }), 'bob.reown.id', 'eip155')).toBe(false)
})

test("behavior: resolveName's queryFn asks the profile service for the lower-case name and answers the namespace's address; each namespace keeps its own entry", async () => {
  const service = await profileService()
  const portico = names(service.url)
  const queryClient = new QueryClient()
  const evm = resolveNameQueryOptions(portico, { name: ' Bob.reown.id', namespace: 'eip155' })
  const solana = resolveNameQueryOptions(portico, { name: 'bob.reown.id', namespace: 'solana' })
  expect(await queryClient.fetchQuery(evm)).toEqual({ name: 'bob.reown.id', address: bob })
  expect(await queryClient.fetchQuery(solana)).toEqual({ name: 'bob.reown.id', address: bobSolana })
  expect(service.requests.map((url) => url.split('?')[0])).toEqual([
    '/v1/profile/account/bob.reown.id',
    '/v1/profile/account/bob.reown.id',
  ])
  expect(queryClient.getQueryData(evm.queryKey)).toEqual({ name: 'bob.reown.id', address: bob })
  // A cached answer is served for the same name (any case) without asking again.
  await queryClient.fetchQuery(resolveNameQueryOptions(portico, { name: 'BOB.REOWN.ID', namespace: 'eip155' }))
  expect(service.requests).toHaveLength(2)
})

test("error: an unknown name fails the query with 'Error resolving name', asked once (no retry)", async () => {
  const service = await profileService()
  const queryClient = new QueryClient()
  await expect(
    queryClient.fetchQuery(
      resolveNameQueryOptions(names(service.url), { name: 'nobody.reown.id', namespace: 'eip155' }),
    ),
  ).rejects.toMatchObject({ name: 'NameResolutionError', shortMessage: 'Error resolving name', reason: 'not-found' })
  expect(service.requests).toHaveLength(1)
})

test("behavior: name suggestion keys hold the lower-case label and the zone (the instance's first suffix by default): a typed suffix is dropped, another label or zone never shares an entry", () => {
  const portico = names()
  const key = (name: string, suffix?: string) => nameSuggestionsQueryOptions(portico, { name, suffix }).queryKey
  expect(key(' Alice ')).toEqual(['portico', 'nameSuggestions', { label: 'alice', suffix: '.reown.id' }])
  expect(sameEntry(key('alice'), key('ALICE.wcn.id'))).toBe(true)
  expect(sameEntry(key('alice', '.WCN.id'), key('alice', '.wcn.id'))).toBe(true)
  const distinct = [key('alice'), key('alice', '.wcn.id'), key('alice1'), key('carol')]
  expect(new Set(distinct.map(hashKey)).size).toBe(distinct.length)
  // Another instance's default zone is another entry.
  const wcn = names(undefined, { nameSuffixes: ['.wcn.id', '.reown.id'] })
  expect(nameSuggestionsQueryOptions(wcn, { name: 'alice' }).queryKey).toEqual(key('alice', '.wcn.id'))
})

test("default: name suggestions run only for a label that follows the spec's rule, with a project id and the blockchain API", () => {
  const on = (name: string | undefined, portico = names()) => nameSuggestionsQueryOptions(portico, { name }).enabled
  expect(on('alice')).toBe(true)
  expect(on('alice.reown.id')).toBe(true)
  for (const name of [undefined, '', 'ali', 'al_ice', 'a b c d']) expect(on(name)).toBe(false)
  expect(on('alice', withoutProjectId())).toBe(false)
  expect(on('alice', names(undefined, { blockchainApi: false }))).toBe(false)
})

test("behavior: name suggestions' queryFn asks for the label in the key's zone and answers the service's suggestions", async () => {
  const service = await profileService()
  const queryClient = new QueryClient()
  const portico = names(service.url)
  expect(
    await queryClient.fetchQuery(nameSuggestionsQueryOptions(portico, { name: 'Carol.reown.id', suffix: '.wcn.id' })),
  ).toEqual([
    { name: 'carol.wcn.id', registered: true },
    { name: 'carol1.wcn.id', registered: false },
  ])
  expect(await queryClient.fetchQuery(nameSuggestionsQueryOptions(portico, { name: 'carol' }))).toEqual([
    { name: 'carol.reown.id', registered: true },
    { name: 'carol1.reown.id', registered: false },
  ])
  expect(service.requests.map((url) => new URL(url, service.url))).toMatchObject([
    { pathname: '/v1/profile/suggestions/carol', search: expect.stringContaining('zone=wcn.id') },
    { pathname: '/v1/profile/suggestions/carol', search: expect.stringContaining('zone=reown.id') },
  ])
})

test('behavior: names-for-address keys hold the lower-case address: one address (any letter case) is one entry, two addresses never share one', () => {
  const portico = names()
  expect(namesForAddressQueryOptions(portico, { address: alice }).queryKey).toEqual(
    namesForAddressQueryKey({ address: alice.toLowerCase() }),
  )
  expect(namesForAddressQueryKey({ address: alice })).toEqual([
    'portico',
    'namesForAddress',
    { address: alice.toLowerCase() },
  ])
  expect(
    sameEntry(namesForAddressQueryKey({ address: bob }), namesForAddressQueryKey({ address: bob.toLowerCase() })),
  ).toBe(true)
  expect(sameEntry(namesForAddressQueryKey({ address: alice }), namesForAddressQueryKey({ address: bob }))).toBe(false)
  expect(sameEntry(namesForAddressQueryKey({ address: alice }), namesForAddressQueryKey())).toBe(false)
})

test('default: names for an address run only with an address, a project id and the blockchain API', () => {
  const on = (address: string | undefined, portico = names()) =>
    namesForAddressQueryOptions(portico, { address }).enabled
  expect(on(alice)).toBe(true)
  expect(on(undefined)).toBe(false)
  expect(on('')).toBe(false)
  expect(on(alice, withoutProjectId())).toBe(false)
  expect(on(alice, names(undefined, { blockchainApi: false }))).toBe(false)
})

test("behavior: names-for-address's queryFn asks the reverse lookup for that address and answers its names; another address, even on the same storage, is asked for and answered its own", async () => {
  const service = await profileService()
  const storage = memoryStorage()
  const queryClient = new QueryClient()
  const portico = names(service.url, { storage })
  expect(await queryClient.fetchQuery(namesForAddressQueryOptions(portico, { address: alice }))).toEqual([
    { name: 'alice.reown.id', addresses: { '60': alice } },
  ])
  // A reload on the same storage: bob's names are asked for, never answered by alice's entry.
  const reloaded = names(service.url, { storage })
  expect(await new QueryClient().fetchQuery(namesForAddressQueryOptions(reloaded, { address: bob }))).toEqual([
    { name: 'bob.reown.id', addresses: { '60': bob, '501': bobSolana } },
  ])
  expect(service.requests.map((url) => new URL(url, service.url))).toMatchObject([
    { pathname: `/v1/profile/reverse/${alice}`, search: expect.stringContaining(`sender=${alice}`) },
    { pathname: `/v1/profile/reverse/${bob}`, search: expect.stringContaining(`sender=${bob}`) },
  ])
})

/** An instance connected through a wallet that registers names (as the embedded one), signing `sign`. */
async function registeringWallet(service: { url: string }, sign: () => Promise<string> = async () => '0xsigned') {
  const { devnet, solanaLocal } = testNetworks()
  const wallet = hostConnector({
    accountNames: true,
    connect: async () => [{ namespace: 'eip155', accounts: [alice], caipNetworkId: devnet.caipNetworkId }],
    signMessage: sign,
  })
  const portico = createPortico({
    projectId: 'names-query',
    walletConnect: false,
    remoteConfig: false,
    networks: [devnet, solanaLocal],
    adapters: [hostAdapter('eip155', [wallet.connector]), hostAdapter('solana')],
    storage: memoryStorage(),
    apiUrls: { blockchain: service.url, api: service.url },
  })
  cleanups.push(initialize(portico))
  await connect(portico, { connector: wallet.connector })
  return { portico, wallet }
}

test('behavior: each mutate registers once (one signature, one call to the service) and answers the name; a second mutate while one runs joins it', async () => {
  const service = await profileService()
  const gate = deferred<void>()
  const { portico, wallet } = await registeringWallet(service, async () => {
    await gate.promise
    return '0xsigned'
  })
  const queryClient = new QueryClient()
  const observer = new MutationObserver(queryClient, registerNameMutationOptions(portico, { queryClient }))
  const first = observer.mutate({ name: 'dave' })
  const second = observer.mutate({ name: 'dave' })
  gate.resolve()
  const registered = { name: 'dave.reown.id', address: alice }
  expect(await Promise.all([first, second])).toEqual([registered, registered])
  expect(wallet.callsOf('signMessage')).toHaveLength(1)
  expect(service.registrations).toHaveLength(1)
  // Once settled, the next mutate is a registration of its own.
  expect(await observer.mutate({ name: 'dave.wcn.id' })).toEqual({ name: 'dave.wcn.id', address: alice })
  expect(wallet.callsOf('signMessage')).toHaveLength(2)
  expect(service.registrations.map((r) => [r.address, JSON.parse(r.message).name])).toEqual([
    [alice, 'dave.reown.id'],
    [alice, 'dave.wcn.id'],
  ])
})

test("behavior: given the query client, a registration marks the owner's names and identity stale (any letter case) and every name suggestion; never another account's", async () => {
  const service = await profileService()
  const { portico } = await registeringWallet(service)
  const queryClient = new QueryClient()
  const keys = {
    ownerNames: namesForAddressQueryKey({ address: alice }),
    ownerIdentity: identityQueryOptions(portico, { address: alice }).queryKey,
    ownerIdentityLower: identityQueryOptions(portico, { address: alice.toLowerCase() }).queryKey,
    suggestions: nameSuggestionsQueryOptions(portico, { name: 'dave' }).queryKey,
    otherSuggestions: nameSuggestionsQueryOptions(portico, { name: 'erin', suffix: '.wcn.id' }).queryKey,
    otherNames: namesForAddressQueryKey({ address: bob }),
    otherIdentity: identityQueryOptions(portico, { address: bob }).queryKey,
  }
  for (const key of Object.values(keys)) queryClient.setQueryData(key, [])
  const stale = () =>
    Object.fromEntries(Object.entries(keys).map(([what, key]) => [what, queryClient.getQueryState(key)?.isInvalidated]))
  const observer = new MutationObserver(queryClient, registerNameMutationOptions(portico, { queryClient }))
  await observer.mutate({ name: 'dave' })
  expect(stale()).toEqual({
    ownerNames: true,
    ownerIdentity: true,
    ownerIdentityLower: true,
    suggestions: true,
    otherSuggestions: true,
    otherNames: false,
    otherIdentity: false,
  })
})

test("error: a taken name rejects the mutation with 'Error registering name {name}' and marks nothing stale", async () => {
  const service = await profileService()
  service.registerStatus = 409
  const { portico } = await registeringWallet(service)
  const queryClient = new QueryClient()
  const key = namesForAddressQueryKey({ address: alice })
  queryClient.setQueryData(key, [])
  const observer = new MutationObserver(queryClient, registerNameMutationOptions(portico, { queryClient }))
  await expect(observer.mutate({ name: 'dave' })).rejects.toMatchObject({
    name: 'NameRegistrationError',
    shortMessage: 'Error registering name dave.reown.id',
    reason: 'taken',
  })
  expect(service.registrations).toHaveLength(1)
  expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false)
})

test("default: the registration's mutation key is ['portico', 'registerName']; without a query client the options carry no onSuccess, so a caller's own, spread before, still runs", () => {
  const portico = names()
  const options = registerNameMutationOptions(portico)
  expect(options.mutationKey).toEqual(['portico', 'registerName'])
  expect('onSuccess' in options).toBe(false)
  const mine = () => 'mine'
  expect({ onSuccess: mine, ...registerNameMutationOptions(portico) }.onSuccess).toBe(mine)
  expect(registerNameMutationOptions(portico, { queryClient: new QueryClient() }).onSuccess).toBeTypeOf('function')
})
