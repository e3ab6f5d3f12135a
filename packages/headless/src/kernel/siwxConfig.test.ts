// The `siwx` option's contract (SiwxConfig): its five required methods, the same list in the
// sign-in feature's check (getSiwxConfig) and in createPortico's (options.ts, which lists them
// itself so page start pulls no sign-in code), and a host's own config holding only those five
// driving the sign-in verbs with the documented arguments. The verbs themselves are tested beside
// them in features/siwx/ (getSiwxConfig.test.ts for the refusal texts, signInWithSiwx.test.ts,
// …); localSiwx and serverSiwx are localSiwx.test.ts and serverSiwx.test.ts; siweConfig together
// with siwx is createPortico.test.ts.
import { expect, expectTypeOf, test } from 'vitest'
import { getSiwxConfig } from '../features/siwx/getSiwxConfig.js'
import { getSiwxSessions } from '../features/siwx/getSiwxSessions.js'
import { isSiwxRequired } from '../features/siwx/isSiwxRequired.js'
import { localSiwx } from '../features/siwx/localSiwx.js'
import { revokeSiwxSession } from '../features/siwx/revokeSiwxSession.js'
import { serverSiwx } from '../features/siwx/serverSiwx.js'
import { setSiwxSessions } from '../features/siwx/setSiwxSessions.js'
import { signInWithSiwx } from '../features/siwx/signInWithSiwx.js'
import { requireSiwxFlow } from '../features/siwx/siwxFlow.js'
import { memoryStorage, offlinePortico } from '../test/fixtures.js'
import { siwxAddress as address, siwxSuite } from '../test/siwxFixture.js'
import { connect } from './actions/connect.js'
import { InvalidOptionsError } from './errors/config.js'
import type { Portico } from './portico.js'
import {
  type SiwxConfig,
  type SiwxCreateMessageInput,
  type SiwxMessage,
  type SiwxSession,
  siwxConfigMethods,
} from './siwxConfig.js'

const setup = siwxSuite()

/** The five methods the contract requires, written out (not read from the module under test). */
const required = ['createMessage', 'addSession', 'getSessions', 'revokeSession', 'setSessions'] as const

/** A config with a function for each of `methods` and nothing else. */
const withMethods = (methods: readonly string[]) =>
  Object.fromEntries(methods.map((method) => [method, async () => undefined])) as unknown as SiwxConfig

/** A host's own sign-in config: only the required methods, sessions in memory, every call recorded. */
function hostSiwx() {
  const calls: [string, ...unknown[]][] = []
  let sessions: SiwxSession[] = []
  const config: SiwxConfig = {
    async createMessage(input: SiwxCreateMessageInput): Promise<SiwxMessage> {
      calls.push(['createMessage', input])
      return {
        ...input,
        domain: 'app.test',
        uri: 'https://app.test',
        version: '1',
        nonce: 'n0nce1234',
        issuedAt: '2024-01-02T03:04:05.000Z',
      }
    },
    async addSession(session) {
      calls.push(['addSession', session])
      sessions.push(session)
    },
    async getSessions(chainId, accountAddress) {
      calls.push(['getSessions', chainId, accountAddress])
      return sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === accountAddress)
    },
    async revokeSession(chainId, accountAddress) {
      calls.push(['revokeSession', chainId, accountAddress])
      sessions = sessions.filter((s) => !(s.data.chainId === chainId && s.data.accountAddress === accountAddress))
    },
    async setSessions(next) {
      calls.push(['setSessions', next])
      sessions = [...next]
    },
  }
  return { config, calls }
}

/**
 * The instance's sign-in flow looks up the connected account's sessions once, at its own pace (it
 * loads with the instance): this waits for that lookup and forgets it, so a test reads its own calls.
 */
async function flowLookup(portico: Portico, calls: unknown[]) {
  await requireSiwxFlow(portico)?.settled
  expect(calls).toEqual([['getSessions', 'eip155:31337', address]])
  calls.length = 0
}

test('default: a sign-in config needs createMessage, addSession, getSessions, revokeSession and setSessions', () => {
  expect([...siwxConfigMethods]).toEqual([...required])
  // The type agrees: these are SiwxConfig's required members, the others optional.
  type Required = { [key in keyof SiwxConfig]-?: undefined extends SiwxConfig[key] ? never : key }[keyof SiwxConfig]
  expectTypeOf<Required>().toEqualTypeOf<(typeof siwxConfigMethods)[number]>()
})

test('behavior: a config of exactly the required methods is accepted by createPortico and by the sign-in feature', () => {
  const siwx = withMethods(required)
  const portico = offlinePortico('siwx-contract', { siwx })
  expect(getSiwxConfig(portico)).toBe(siwx)
  // The optional members default: sign-in optional.
  expect(isSiwxRequired(portico)).toBe(false)
})

test('error: a config missing any one required method is refused by createPortico and by the sign-in feature, naming it', () => {
  for (const missing of required) {
    const siwx = withMethods(required.filter((method) => method !== missing))
    let error: unknown
    try {
      offlinePortico('siwx-missing', { siwx })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(InvalidOptionsError)
    expect((error as InvalidOptionsError).issues).toEqual([
      { path: 'siwx', message: `not a SiwxConfig (missing or not a function: ${missing})` },
    ])
    // An instance whose option was swapped after creation is refused by the feature's own check.
    const portico = offlinePortico('siwx-swapped', { siwx: withMethods(required) })
    ;(portico.options as { siwx: unknown }).siwx = siwx
    expect(() => getSiwxConfig(portico)).toThrowError(
      expect.objectContaining({ name: 'InvalidSiwxConfigError', details: `Missing or not a function: ${missing}.` }),
    )
  }
})

test('behavior: localSiwx and serverSiwx implement every required method', () => {
  for (const config of [localSiwx({ storage: memoryStorage() }), serverSiwx({ url: 'http://127.0.0.1:1/siwx' })]) {
    for (const method of siwxConfigMethods) expect(typeof config[method]).toBe('function')
  }
})

test("behavior: a host's own config drives sign-in: the message is asked for with the account and network, and the signed session handed to addSession", async () => {
  const { config, calls } = hostSiwx()
  const { portico, wallet } = setup(config)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await flowLookup(portico, calls)
  const session = await signInWithSiwx(portico)
  expect(calls).toEqual([
    ['createMessage', { accountAddress: address, chainId: 'eip155:31337' }],
    ['addSession', session],
  ])
  expect(session.data).toEqual({
    accountAddress: address,
    chainId: 'eip155:31337',
    domain: 'app.test',
    uri: 'https://app.test',
    version: '1',
    nonce: 'n0nce1234',
    issuedAt: '2024-01-02T03:04:05.000Z',
  })
  // The text signed is the message, byte for byte; the signature is the wallet's 0x-hex.
  expect(wallet.requests.at(-1)?.method).toBe('personal_sign')
  expect(session.message.split('\n')[0]).toBe('app.test wants you to sign in with your Ethereum account:')
  expect(session.message).toContain('Nonce: n0nce1234')
  expect(session.signature).toMatch(/^0x[0-9a-f]{130}$/)
})

test("behavior: reading, revoking and replacing sessions call the host's config with the network first, then the address", async () => {
  const { config, calls } = hostSiwx()
  const { portico } = setup(config)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await flowLookup(portico, calls)
  const session = await signInWithSiwx(portico)
  calls.length = 0
  expect(await getSiwxSessions(portico)).toEqual([session])
  await revokeSiwxSession(portico)
  expect(await getSiwxSessions(portico)).toEqual([])
  await setSiwxSessions(portico, [session])
  expect(calls).toEqual([
    ['getSessions', 'eip155:31337', address],
    ['revokeSession', 'eip155:31337', address],
    ['getSessions', 'eip155:31337', address],
    ['setSessions', [session]],
  ])
})
