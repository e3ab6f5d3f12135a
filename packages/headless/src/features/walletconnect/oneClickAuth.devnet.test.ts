// One-click auth (wc_sessionAuthenticate: connect and sign in with one approval). When it applies and
// what it asks for, and how a wallet's CACAOs are handed to the `siwx` config, need no relay; the
// published request and the wallet's answers (approved, declined, signed badly, bound to another
// chain, without the methods that make a session) use the real SDK on both sides: the devnet wallet
// (@reown/walletkit) through the devnet relay, as ../siwx/oneClickAuth.devnet.test.ts does. No
// mocks, loopback only.
import { createDevnetWallet, type DevnetWallet, startRelay, type WalletConnectRelay } from '@portico/devnet'
import type { AuthTypes } from '@walletconnect/types'
import { buildAuthObject, formatMessage, getSdkError, populateAuthPayload } from '@walletconnect/utils'
import { verifyMessage } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { featureLoaders } from '../../kernel/featureLoaders.js'
import { eip155Network } from '../../kernel/networks.js'
import type { Portico } from '../../kernel/portico.js'
import type { SiwxConfig, SiwxCreateMessageInput, SiwxMessage } from '../../kernel/siwxConfig.js'
import { createMemoryWalletConnectStorage } from '../../kernel/walletConnectOptions.js'
import { memoryStorage, offlinePortico, testNetworks } from '../../test/fixtures.js'
import { nextUri, signClientOf, walletConnectOf, wcConnector } from '../../test/walletConnect.js'
import { getSiwxState } from '../siwx/getSiwxState.js'
import { localSiwx } from '../siwx/localSiwx.js'
import { walletConnectMethods } from './namespaces.js'
import { addOneClickSessions, oneClickAuthParams, publishOneClickOffer } from './oneClickAuth.js'
import { pairingTopicOf } from './pageReturn.js'

let relay: WalletConnectRelay
const wallets: DevnetWallet[] = []
const porticos: Portico[] = []
let walletCount = 0

beforeAll(async () => {
  relay = await startRelay()
  // Sign-in's flow, which an instance with `siwx` loads as it starts: nothing left loading after a test.
  await featureLoaders.siwx()
}, 60_000)
afterEach(async () => {
  vi.restoreAllMocks()
  for (const portico of porticos.splice(0)) await (await walletConnectOf(portico)?.load())?.close()
  await Promise.all(wallets.splice(0).map((w) => w.close()))
})
afterAll(async () => {
  await relay?.stop()
})

const domain = '127.0.0.1:5173'
const uri = 'http://127.0.0.1:5173'
const statement = 'Sign in to the test dapp.'
/** The placeholder account the message is asked for before the wallet says who it is. */
const pendingAccount = '0x0000000000000000000000000000000000000000'

/** The dapp's eip155 networks: the devnet wallet has the first only. */
const evmNetworks = () =>
  [
    eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9', testnet: true }),
    eip155Network({ id: 31338, name: 'Elsewhere', rpcUrl: 'http://127.0.0.1:9', testnet: true }),
  ] as const

/** An eip155-only instance with sign-in that reaches nothing (no relay, no hosted service). */
const offlineSignIn = (name: string, siwx: SiwxConfig) =>
  offlinePortico(name, { networks: evmNetworks(), adapters: [eip155Adapter()], siwx })

/** An eip155-only dapp with sign-in and WalletConnect over the devnet relay, closed after the test. */
function dapp(siwx: SiwxConfig) {
  const portico = createPortico({
    projectId: 'portico-devnet',
    metadata: { name: 'Portico test dapp', description: 'one-click', url: uri, icons: [] },
    networks: evmNetworks(),
    adapters: [eip155Adapter()],
    storage: memoryStorage(),
    ssr: false,
    walletConnect: { relayUrl: relay.url, verifyUrl: relay.verifyUrl, storage: createMemoryWalletConnectStorage() },
    siwx,
  })
  porticos.push(portico)
  return portico
}

/** The devnet wallet (eip155:31337), closed after the test. */
async function devnetWallet(options: Partial<Parameters<typeof createDevnetWallet>[0]> = {}) {
  const wallet = await createDevnetWallet({
    storagePrefix: `one-click-wallet-${++walletCount}`,
    relayUrl: relay.url,
    verifyUrl: relay.verifyUrl,
    evmChainIds: [31337],
    ...options,
  })
  wallets.push(wallet)
  return wallet
}

type AuthRequest = { id: number; params: { authPayload: AuthTypes.PayloadParams } }

/**
 * A wallet whose answer to one-click auth the test writes (`answer`); it does not answer the fallback
 * proposal. `answered` resolves once it has answered, with what its own SDK threw, if anything.
 */
async function walletAnswering(answer: (request: AuthRequest, wallet: DevnetWallet) => Promise<void>) {
  const wallet = await devnetWallet({ oneClickAuth: false, autoApprove: { proposals: 'manual' } })
  const answered = new Promise<unknown>((resolve) => {
    wallet.walletKit.on('session_authenticate', (request) => {
      answer(request as AuthRequest, wallet).then(
        () => resolve(undefined),
        (error: unknown) => resolve(error),
      )
    })
  })
  return { wallet, answered }
}

/**
 * A CACAO (CAIP-74) over `payload` for `account` on `chain`, built as a wallet builds it: the
 * EIP-4361 text the SDK formats, signed EIP-191 by `signer` (by default the account itself).
 */
async function cacaoOf(
  payload: AuthTypes.PayloadParams,
  { account, chain, signer = account }: { account: PrivateKeyAccount; chain: string; signer?: PrivateKeyAccount },
) {
  const iss = `did:pkh:${chain}:${account.address}`
  const signature = await signer.signMessage({ message: formatMessage(payload, iss) })
  return buildAuthObject(payload, { t: 'eip191', s: signature }, iss)
}

/** A sign-in message as a config makes it, with the fields a test chooses. */
const message = (input: SiwxCreateMessageInput, fields: Partial<SiwxMessage> = {}): SiwxMessage => ({
  ...input,
  domain,
  uri,
  version: '1',
  nonce: 'portico0nonce1',
  statement,
  issuedAt: '2030-01-01T00:00:00.000Z',
  expirationTime: '2030-01-02T00:00:00.000Z',
  ...fields,
})

/** A local sign-in config (sessions in memory) whose messages are `make`'s, with every input it was asked for. */
function configMaking(make: (input: SiwxCreateMessageInput) => Promise<SiwxMessage> | SiwxMessage) {
  const asked: SiwxCreateMessageInput[] = []
  const siwx: SiwxConfig = {
    ...localSiwx({ storage: null }),
    createMessage: async (input) => {
      asked.push(input)
      return make(input)
    },
  }
  return { siwx, asked }
}

const signIn = () => localSiwx({ storage: memoryStorage(), domain, uri, statement })

test('default: with sign-in on and an eip155-only proposal, the request carries every eip155 chain, its methods and the config’s message, asked for the placeholder account on the first chain', async () => {
  const { siwx, asked } = configMaking((input) => message(input))
  const auth = await oneClickAuthParams(offlineSignIn('one-click-params', siwx))
  expect(auth?.siwx).toBe(siwx)
  expect(auth?.params).toStrictEqual({
    chains: ['eip155:31337', 'eip155:31338'],
    domain,
    uri,
    nonce: 'portico0nonce1',
    methods: [...walletConnectMethods.eip155],
    statement,
    exp: '2030-01-02T00:00:00.000Z',
  })
  expect(asked).toEqual([{ accountAddress: pendingAccount, chainId: 'eip155:31337' }])
})

test('behavior: the message’s not-before, request id and resources are passed on (copies); an empty statement or resource list is left out', async () => {
  const resources = [
    'https://127.0.0.1:5173/terms',
    'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
  ]
  const full = configMaking((input) =>
    message(input, { notBefore: '2030-01-01T00:00:00.000Z', requestId: 'request-7', resources }),
  )
  const params = (await oneClickAuthParams(offlineSignIn('one-click-optional', full.siwx)))?.params
  expect(params).toMatchObject({ nbf: '2030-01-01T00:00:00.000Z', requestId: 'request-7', resources })
  expect(params?.resources).not.toBe(resources)

  const bare = configMaking((input) => message(input, { statement: '', resources: [], expirationTime: undefined }))
  const plain = (await oneClickAuthParams(offlineSignIn('one-click-bare', bare.siwx)))?.params
  expect(Object.keys(plain ?? {}).sort()).toEqual(['chains', 'domain', 'methods', 'nonce', 'uri'])
})

test('edge: one-click does not apply, and no message (no single-use nonce) is asked for, without sign-in, with another namespace beside eip155, or without eip155', async () => {
  const { siwx, asked } = configMaking((input) => message(input))
  const { devnet, solanaLocal } = testNetworks()
  expect(await oneClickAuthParams(offlinePortico('one-click-off', { networks: evmNetworks() }))).toBeUndefined()
  // The fixture's networks: eip155 and solana.
  expect(await oneClickAuthParams(offlinePortico('one-click-two', { siwx }))).toBeUndefined()
  expect(
    await oneClickAuthParams(offlinePortico('one-click-both', { networks: [devnet, solanaLocal], siwx })),
  ).toBeUndefined()
  expect(
    await oneClickAuthParams(offlinePortico('one-click-solana', { networks: [solanaLocal], siwx })),
  ).toBeUndefined()
  expect(asked).toEqual([])
})

test.each([
  ['domain', { domain: '' }],
  ['uri', { uri: '' }],
  ['nonce', { nonce: '' }],
] as const)(
  'edge: a message without a %s gives no one-click request (connect first, sign after)',
  async (_, fields) => {
    const { siwx, asked } = configMaking((input) => message(input, fields))
    expect(await oneClickAuthParams(offlineSignIn('one-click-missing', siwx))).toBeUndefined()
    expect(asked).toHaveLength(1)
  },
)

test('edge: localSiwx with no domain outside a page (no location) gives no one-click request', async () => {
  expect(await oneClickAuthParams(offlineSignIn('one-click-no-location', localSiwx({ storage: null })))).toBeUndefined()
})

test('error: a config that cannot make the message (its nonce server down) gives no one-click request, with a warning saying why', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { siwx } = configMaking(() => Promise.reject(new Error('the nonce server is down')))
  expect(await oneClickAuthParams(offlineSignIn('one-click-nonce-down', siwx))).toBeUndefined()
  expect(warn.mock.calls).toEqual([['[portico] One-click sign-in is skipped: the nonce server is down']])
})

test('edge: a sign-in config that lost one of its methods after the instance was made gives no one-click request, not a throw', async () => {
  const { siwx, asked } = configMaking((input) => message(input))
  const portico = offlineSignIn('one-click-broken-config', siwx)
  vi.spyOn(console, 'warn').mockImplementation(() => {}) // sign-in's flow says it is off
  Reflect.deleteProperty(siwx, 'addSession')
  expect(await oneClickAuthParams(portico)).toBeUndefined()
  expect(asked).toEqual([])
})

/** A CACAO as the sign client hands it to Portico. */
type OneClickCacao = { p: { iss: string } & Record<string, unknown>; s: { t: string; s: string } }
const asHandedOver = (cacao: AuthTypes.Cacao) => cacao as unknown as OneClickCacao

/** A CACAO as a wallet signs it for `account` on eip155:31337, over a fresh request. */
async function signedCacao(account: PrivateKeyAccount, fields: Partial<AuthTypes.PayloadParams> = {}) {
  const payload = {
    type: 'caip122',
    chains: ['eip155:31337'],
    domain,
    aud: uri,
    version: '1',
    nonce: 'portico0nonce1',
    iat: new Date().toISOString(),
    statement,
    ...fields,
  } as AuthTypes.PayloadParams
  return asHandedOver(await cacaoOf(payload, { account, chain: 'eip155:31337' }))
}

/** How the sign client rebuilds the signed text from a CACAO (`client.formatAuthMessage`). */
const sdkFormat = (cacao: OneClickCacao) => formatMessage(cacao.p as never, cacao.p.iss)

test('default: each CACAO becomes a session of the config, in order: the text the wallet signed, read back into its fields, its signature and the CACAO itself', async () => {
  const siwx = localSiwx({ storage: null })
  const [alice, bob] = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())]
  const cacaos = [await signedCacao(alice), await signedCacao(bob, { requestId: 'second' })]
  const added = await addOneClickSessions(siwx, cacaos, sdkFormat)
  expect(added).toHaveLength(2)
  for (const [index, account] of [alice, bob].entries()) {
    const cacao = cacaos[index] as (typeof cacaos)[number]
    const session = added[index]
    expect(session?.message).toBe(sdkFormat(cacao))
    expect(session?.signature).toBe(cacao.s.s)
    expect(session?.cacao).toBe(cacao)
    expect(session?.data).toMatchObject({ accountAddress: account.address, chainId: 'eip155:31337', domain, uri })
    expect(await siwx.getSessions('eip155:31337', account.address)).toEqual([session])
  }
  expect(added[1]?.data.requestId).toBe('second')
  expect(await addOneClickSessions(siwx, undefined, sdkFormat)).toEqual([])
})

test('error: a CACAO the config refuses (signed by another key), one that cannot be formatted, or whose text is not a sign-in message is skipped with a warning; the others are added', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const siwx = localSiwx({ storage: null })
  const alice = privateKeyToAccount(generatePrivateKey())
  const mallory = privateKeyToAccount(generatePrivateKey())
  const bob = privateKeyToAccount(generatePrivateKey())
  const payload = {
    type: 'caip122',
    chains: ['eip155:31337'],
    domain,
    aud: uri,
    version: '1',
    nonce: 'portico0nonce1',
    iat: new Date().toISOString(),
  } as AuthTypes.PayloadParams
  const forged = asHandedOver(await cacaoOf(payload, { account: alice, chain: 'eip155:31337', signer: mallory }))
  const signed = await signedCacao(alice)
  const noAudience = { ...signed, p: { ...signed.p, aud: undefined } }
  const notSignIn = await signedCacao(alice)
  const good = await signedCacao(bob)
  const added = await addOneClickSessions(siwx, [forged, noAudience, notSignIn, good], (cacao) =>
    cacao === notSignIn ? 'Hello from a wallet' : sdkFormat(cacao),
  )
  expect(added.map((session) => session.data.accountAddress)).toEqual([bob.address])
  expect(await siwx.getSessions('eip155:31337', alice.address)).toEqual([])
  const warnings = warn.mock.calls.map(([text]) => String(text)).filter((text) => text.startsWith('[portico]'))
  expect(warnings).toHaveLength(3)
  expect(warnings[0]).toBe(
    `[portico] A one-click sign-in was not accepted: Sign-in verification failed\n\nDetails: invalid_signature: Not an EOA signature of ${alice.address}, and no RPC for eip155:31337 to check a smart-contract account.\nDocs: https://portico.dev/docs/api/siwx-server#invalid-signature`,
  )
  expect(warnings[1]).toBe(
    '[portico] A one-click sign-in was not accepted: Either `aud` or `uri` is required to construct the message',
  )
  expect(warnings[2]).toMatch(
    /^\[portico\] A one-click sign-in was not accepted: Could not parse the sign-in message\n/,
  )
})

test('default: when one-click does not apply nothing is published and no URI is given', async () => {
  const portico = dapp(localSiwx({ storage: null })) // no domain outside a page: one-click does not apply
  const client = await signClientOf(portico)
  const published = relay.stats().published
  expect(await publishOneClickOffer(client, portico)).toBeUndefined()
  expect(relay.stats().published).toBe(published)
  expect(client.core.pairing.getPairings()).toEqual([])
})

test("behavior: the published request is the message's, on a pairing for wc_sessionAuthenticate; the wallet's approval gives its session and the signed sign-in lands in the config", async () => {
  const siwx = signIn()
  const portico = dapp(siwx)
  const wallet = await devnetWallet()
  const address = wallet.accounts.eip155.address
  const client = await signClientOf(portico)
  const received = new Promise<AuthRequest>((resolve) =>
    wallet.walletKit.on('session_authenticate', (request) => resolve(request as AuthRequest)),
  )
  const offer = await publishOneClickOffer(client, portico)
  if (!offer) throw new Error('one-click did not apply')
  expect(offer.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(new URL(offer.uri).searchParams.get('methods')).toBe('wc_sessionAuthenticate')
  await wallet.pair(offer.uri)
  const { authPayload } = (await received).params
  expect(authPayload).toMatchObject({
    type: 'caip122',
    chains: ['eip155:31337', 'eip155:31338'],
    domain,
    aud: uri,
    version: '1',
    statement,
  })
  const session = await offer.approval
  expect(session.pairingTopic).toBe(pairingTopicOf(offer.uri))
  expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${address}`])
  expect(client.session.getAll().map((s) => s.topic)).toEqual([session.topic])

  const [signedIn, ...more] = await siwx.getSessions('eip155:31337', address)
  expect(more).toEqual([])
  expect(signedIn?.data).toMatchObject({ accountAddress: address, chainId: 'eip155:31337', domain, uri })
  expect(signedIn?.data.nonce).toBe(authPayload.nonce)
  const cacao = signedIn?.cacao as { p: { iss: string } }
  expect(cacao.p.iss).toBe(`did:pkh:eip155:31337:${address}`)
  expect(signedIn?.message).toBe(client.formatAuthMessage({ request: cacao.p as never, iss: cacao.p.iss }))
  expect(
    await verifyMessage({
      address: address as `0x${string}`,
      message: signedIn?.message ?? '',
      signature: signedIn?.signature as `0x${string}`,
    }),
  ).toBe(true)
})

test("error: the wallet declining gives the protocol's rejection ({ code: 5000 }) in place of the SDK's bare string; nothing is signed in", async () => {
  const siwx = signIn()
  const portico = dapp(siwx)
  const wallet = await devnetWallet({ autoApprove: { proposals: 'reject' } })
  const offer = await publishOneClickOffer(await signClientOf(portico), portico)
  await wallet.pair(offer?.uri as string)
  await expect(offer?.approval).rejects.toStrictEqual({ code: 5000, message: 'User rejected.' })
  expect(await siwx.getSessions('eip155:31337', wallet.accounts.eip155.address)).toEqual([])
})

test('error: a wallet that signs with the wrong key: its own SDK refuses to send it and tells the dapp, whose connection fails as "Failed to connect"; nothing is signed in', async () => {
  const siwx = signIn()
  const portico = dapp(siwx)
  const mallory = privateKeyToAccount(generatePrivateKey())
  const { wallet, answered } = await walletAnswering(async ({ id, params }, w) => {
    const payload = populateAuthPayload({
      authPayload: params.authPayload,
      chains: ['eip155:31337'],
      methods: ['personal_sign'],
    })
    const account = { address: w.accounts.eip155.address } as PrivateKeyAccount
    const cacao = await cacaoOf(payload, { account, chain: 'eip155:31337', signer: mallory })
    await w.walletKit.approveSessionAuthenticate({ id, auths: [cacao] })
  })
  const shown = nextUri(portico)
  const connecting = connect(portico, { connector: wcConnector(portico) })
  connecting.catch(() => {}) // awaited below
  await wallet.pair(await shown)
  expect(await answered).toMatchObject({ message: 'Session settlement failed. Signature verification failed' })
  const error = await connecting.catch((e: unknown) => e)
  expect(error).toMatchObject({ name: 'FailedToConnectError', shortMessage: 'Failed to connect' })
  expect(((error as Error).cause as Error).message).toBe('Session settlement failed. Signature verification failed')
  expect(await siwx.getSessions('eip155:31337', wallet.accounts.eip155.address)).toEqual([])
  expect(getSiwxState(portico).status).toBe('unauthenticated')
})

test('error: a correctly signed CACAO issued for a chain the dapp did not ask for is refused by the dapp’s SDK; the approval rejects with its reason and nothing is signed in', async () => {
  const siwx = signIn()
  const portico = dapp(siwx)
  const account = privateKeyToAccount(generatePrivateKey())
  const { wallet } = await walletAnswering(async ({ id, params }, w) => {
    const cacao = await cacaoOf(params.authPayload, { account, chain: 'eip155:1' })
    await w.walletKit.approveSessionAuthenticate({ id, auths: [cacao] })
  })
  const offer = await publishOneClickOffer(await signClientOf(portico), portico)
  await wallet.pair(offer?.uri as string)
  await expect(offer?.approval).rejects.toStrictEqual({
    code: 7000,
    message:
      'Session settlement failed. Cacao does not match the request: cacao issued for chain eip155:1 which was not requested',
  })
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
  expect(await siwx.getSessions('eip155:31337', account.address)).toEqual([])
})

test('behavior: a sign-in the config refuses (its server says no) does not fail the connection: the session is approved, with a warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const siwx: SiwxConfig = {
    ...signIn(),
    addSession: () => Promise.reject(new Error('the server refused the sign-in')),
  }
  const portico = dapp(siwx)
  const wallet = await devnetWallet()
  const offer = await publishOneClickOffer(await signClientOf(portico), portico)
  await wallet.pair(offer?.uri as string)
  const session = await offer?.approval
  expect(session?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${wallet.accounts.eip155.address}`])
  // (The SDK warns too: its authenticate() is deprecated.)
  expect(warn.mock.calls.filter(([text]) => String(text).startsWith('[portico]'))).toEqual([
    ['[portico] A one-click sign-in was not accepted: the server refused the sign-in'],
  ])
})

test("error: a wallet's approval that grants no methods (a CACAO without its recap) makes no session: 'Failed to connect', the wallet approved no session, and its sign-in is not kept", async () => {
  const siwx = signIn()
  const portico = dapp(siwx)
  const account = privateKeyToAccount(generatePrivateKey())
  const { wallet } = await walletAnswering(async ({ id, params }, w) => {
    const cacao = await cacaoOf(
      { ...params.authPayload, chains: ['eip155:31337'], resources: undefined },
      { account, chain: 'eip155:31337' },
    )
    await w.walletKit.approveSessionAuthenticate({ id, auths: [cacao] })
  })
  const client = await signClientOf(portico)
  const offer = await publishOneClickOffer(client, portico)
  await wallet.pair(offer?.uri as string)
  const error = await offer?.approval.catch((e: unknown) => e)
  expect(error).toMatchObject({ name: 'FailedToConnectError', shortMessage: 'Failed to connect' })
  expect(((error as Error).cause as Error).message).toBe('The wallet approved no session')
  expect(client.session.getAll()).toEqual([])
  // The CACAO was validly signed, but for a connection that does not exist.
  expect(await siwx.getSessions('eip155:31337', account.address)).toEqual([])
})

test("error: through connect, an approval that makes no session is one 'Failed to connect' whose cause says why, not wrapped twice", async () => {
  const portico = dapp(signIn())
  const account = privateKeyToAccount(generatePrivateKey())
  const { wallet } = await walletAnswering(async ({ id, params }, w) => {
    const cacao = await cacaoOf(
      { ...params.authPayload, chains: ['eip155:31337'], resources: undefined },
      { account, chain: 'eip155:31337' },
    )
    await w.walletKit.approveSessionAuthenticate({ id, auths: [cacao] })
  })
  const shown = nextUri(portico)
  const connecting = connect(portico, { connector: wcConnector(portico) })
  connecting.catch(() => {}) // awaited below
  await wallet.pair(await shown)
  const error = await connecting.catch((e: unknown) => e)
  expect(error).toMatchObject({ name: 'FailedToConnectError', shortMessage: 'Failed to connect' })
  expect(((error as Error).cause as Error).message).toBe('The wallet approved no session')
})

test("error: a wallet refusing with the protocol's unsupported-chains reason: the SDK's bare string is read as that reason, and connect fails typed (WalletConnectProtocolError UNSUPPORTED_CHAINS)", async () => {
  const portico = dapp(signIn())
  const { wallet } = await walletAnswering(async ({ id }, w) => {
    await w.walletKit.rejectSessionAuthenticate({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
  })
  const shown = nextUri(portico)
  const connecting = connect(portico, { connector: wcConnector(portico) })
  connecting.catch(() => {}) // awaited below
  await wallet.pair(await shown)
  const error = await connecting.catch((e: unknown) => e)
  expect(error).toMatchObject({ name: 'FailedToConnectError', shortMessage: 'Failed to connect' })
  expect((error as Error).cause).toMatchObject({ name: 'WalletConnectProtocolError', kind: 'UNSUPPORTED_CHAINS' })
  expect((((error as Error).cause as Error).cause as Error).message).toBe('Unsupported chains.')
})
