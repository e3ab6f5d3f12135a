// Sign In With Farcaster through the auth server: a channel at the devnet relay, approval on the
// devnet Farcaster app page (signed with the account's custody key), the signature verified with
// @farcaster/auth-client against the IdRegistry on anvil, then a user with the Farcaster username.
// A relay that hands over a forged or foreign message (it holds the relay key) gets nowhere.
import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type AnvilInstance,
  type DevnetFarcaster,
  evmAccounts,
  farcasterTestUsers,
  startAnvil,
  startFarcaster,
} from '../../../devnet/src/index.js'
import { type AuthServer, createAuthServer } from '../createAuthServer.js'
import { pgliteDevOptions } from '../db/pglite.js'
import { createTestClient, type TestClient } from '../test/client.js'

const [ada, grace] = farcasterTestUsers as [(typeof farcasterTestUsers)[0], (typeof farcasterTestUsers)[0]]
let anvil: AnvilInstance
let farcaster: DevnetFarcaster
let auth: AuthServer
let url: string

beforeAll(async () => {
  anvil = await startAnvil({ state: false })
  farcaster = await startFarcaster({ evmRpcUrl: anvil.rpcUrl })
  auth = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: ['http://127.0.0.1:5173'] }],
    mail: { send: async () => {} },
    database: pgliteDevOptions('memory://'),
    secret: 'f'.repeat(32),
    rateLimit: false,
    log: () => {},
    farcaster: { relayUrl: farcaster.relayUrl, rpcUrl: farcaster.rpcUrl },
  })
  url = await auth.listen()
  await auth.ready()
}, 120_000)

afterAll(async () => {
  await auth?.close()
  await farcaster?.stop()
  await anvil?.stop()
})

async function start(client: TestClient) {
  const started = await client.call<{ url: string; challengeId: string }>('POST', '/v1/farcaster/start')
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const channelToken = new URL(started.body.url).searchParams.get('channelToken')!
  return { ...started.body, channelToken }
}

const users = async () => {
  const db = await auth.database()
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n
}

describe('sign in with Farcaster', () => {
  test('the app page approves with the custody key: the fid becomes a user with its username, once', async () => {
    const client = createTestClient(url)
    const { url: link, challengeId, channelToken } = await start(client)
    expect(link).toBe(`${farcaster.appUrl}/~/siwf?channelToken=${channelToken}`)
    // The frame is already waiting when the person approves: the connect answers once they do.
    const connecting = client.call<{ status: string; token: string; user: Record<string, unknown> }>(
      'POST',
      '/v1/farcaster/connect',
      { challengeId },
    )
    const approved = await fetch(`${farcaster.appUrl}/~/siwf/approve`, {
      method: 'POST',
      body: new URLSearchParams({ channelToken, fid: String(ada.fid) }),
    })
    expect(approved.status).toBe(200)
    const connected = await connecting
    expect(connected.status, JSON.stringify(connected.body)).toBe(200)
    expect(connected.body).toMatchObject({
      status: 'completed',
      isNewUser: true,
      user: { socialProvider: 'farcaster', username: 'ada', email: null },
    })
    client.token = connected.body.token
    expect((await client.call('GET', '/v1/session')).body).toMatchObject({ user: { username: 'ada' } })

    const again = await client.call('POST', '/v1/farcaster/connect', { challengeId })
    expect([again.status, again.body.error?.message]).toEqual([410, 'Farcaster login already used'])
    const db = await auth.database()
    const { rows } = await db.query('SELECT provider, subject, username FROM social_identities WHERE provider = $1', [
      'farcaster',
    ])
    expect(rows).toEqual([{ provider: 'farcaster', subject: String(ada.fid), username: 'ada' }])
  })

  test('another device cannot finish this device’s login', async () => {
    const { challengeId } = await start(createTestClient(url))
    const other = await createTestClient(url).call('POST', '/v1/farcaster/connect', { challengeId })
    expect([other.status, other.body.error?.message]).toEqual([404, 'Farcaster login not found'])
  })

  test.each([
    ['signed by a key that does not hold the fid', 'impostor'],
    ['for another nonce', 'nonce'],
  ] as const)('a message %s (handed over by a relay) is refused and nothing is stored', async (_, kind) => {
    const client = createTestClient(url)
    const { challengeId, channelToken } = await start(client)
    const status = (await (
      await fetch(`${farcaster.relayUrl}/v1/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })
    ).json()) as { nonce: string; signatureParams: { domain: string; siweUri: string } }
    const signer = privateKeyToAccount(kind === 'impostor' ? evmAccounts[0].privateKey : grace.custodyPrivateKey)
    const built = createWalletClient({
      relay: farcaster.relayUrl,
      ethereum: viemConnector({ rpcUrl: farcaster.rpcUrl }),
    }).buildSignInMessage({
      fid: grace.fid,
      address: signer.address,
      domain: status.signatureParams.domain,
      uri: status.signatureParams.siweUri,
      nonce: kind === 'nonce' ? 'anotherNonce1234' : status.nonce,
    })
    if (built.isError) throw built.error
    const handed = await fetch(`${farcaster.relayUrl}/v1/channel/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${channelToken}`,
        'x-farcaster-auth-relay-key': farcaster.authKey,
      },
      body: JSON.stringify({
        message: built.message,
        signature: await signer.signMessage({ message: built.message }),
        fid: grace.fid,
        username: 'grace.eth',
      }),
    })
    expect(handed.status).toBe(201)
    const before = await users()
    const refused = await client.call('POST', '/v1/farcaster/connect', { challengeId })
    expect([refused.status, refused.body.error?.code]).toEqual([401, 'SOCIAL_LOGIN_FAILED'])
    expect(refused.body.error?.message).toMatch(
      kind === 'impostor' ? /not an auth address or owner of fid 20002/ : /nonce/i,
    )
    expect(await users()).toBe(before)
  })
})
