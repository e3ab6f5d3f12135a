// The devnet Farcaster app over HTTP, beside a relay of its own on a blank anvil with the registry
// installed: its pages (home, avatars, the approval page and what it escapes), what Approve signs
// (the channel's own request fields), its refusals and what they leave behind, and the /try pages.
// The sign-in end to end, the double click and the page in Chromium are in farcaster.test.ts.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AppClient, createAppClient, viemConnector } from '@farcaster/auth-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { type RunningEmulator, serveEmulator } from '../emulator/app.js'
import { createFarcasterApp, type FarcasterAppOptions } from './app.js'
import { farcasterTestUsers, installFarcasterRegistry } from './registry.js'
import { createFarcasterRelay, type FarcasterRelay } from './relay.js'

const [ada, grace] = farcasterTestUsers as [(typeof farcasterTestUsers)[0], (typeof farcasterTestUsers)[0]]
const authKey = 'app-test-key'
const domain = '127.0.0.1:5173'
const siweUri = 'http://127.0.0.1:5173/login'

let anvil: AnvilInstance
let relay: FarcasterRelay
let relayServer: RunningEmulator
let appServer: RunningEmulator
let options: FarcasterAppOptions
let appClient: AppClient
/** Where the app sends its relay calls; a test may point it at a dead port. */
let relayTarget = ''

beforeAll(async () => {
  anvil = await startAnvil({ state: false })
  await installFarcasterRegistry(anvil.rpcUrl)
  relay = createFarcasterRelay({
    evmRpcUrl: anvil.rpcUrl,
    appUrl: () => appServer?.url ?? '',
    authKey,
    verifications: () => [],
  })
  relayServer = await serveEmulator(relay.app)
  relayTarget = relayServer.url
  options = {
    relayUrl: () => relayTarget,
    appUrl: () => appServer?.url ?? '',
    evmRpcUrl: anvil.rpcUrl,
    authKey,
    users: farcasterTestUsers,
    peek: relay.peek,
  }
  appServer = await serveEmulator(createFarcasterApp(options))
  appClient = createAppClient({ relay: relayServer.url, ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }) })
})
afterAll(async () => {
  await appServer?.stop()
  await relayServer?.stop()
  await anvil?.stop()
})

async function openChannel(extra: Record<string, unknown> = {}) {
  const response = await fetch(`${relayServer.url}/v1/channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ siweUri, domain, ...extra }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as { channelToken: string; url: string; nonce: string }
}

function approve(channelToken: string, fid: number | string | undefined, base = appServer.url) {
  const form = new URLSearchParams({ channelToken })
  if (fid !== undefined) form.set('fid', String(fid))
  return fetch(`${base}/~/siwf/approve`, { method: 'POST', body: form })
}

const page = (path: string) => fetch(`${appServer.url}${path}`)

async function takeCompleted(channelToken: string) {
  const done = await appClient.status({ channelToken })
  if (done.isError) throw done.error
  expect(done.response.status).toBe(200)
  return done.data
}

describe('pages', () => {
  test('behavior: the home page lists the devnet accounts with their custody addresses and links to /try', async () => {
    const response = await page('/')
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toContain(`@ada · Ada Lovelace (fid 20001), custody ${ada.custody}`)
    expect(text).toContain(`@grace.eth · Grace Hopper (fid 20002), custody ${grace.custody}`)
    expect(text).toContain('<a href="/try">')
    expect(text).not.toContain(ada.custodyPrivateKey.slice(2))
  })

  test('behavior: each account has an SVG avatar with its initials; other names are 404', async () => {
    const avatar = await page('/avatars/20002.svg')
    expect(avatar.status).toBe(200)
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await avatar.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('>GH</text>')
    expect(await (await page('/avatars/20001.svg')).text()).toContain('>AL</text>')
    for (const path of ['/avatars/1.svg', '/avatars/ada.svg', '/avatars/20001.png', '/avatars/20001.svg.svg'])
      expect((await page(path)).status, path).toBe(404)
  })

  test('error: the approval page of no, an unknown or a made-up channel token is 404 with an alert', async () => {
    for (const path of [
      '/~/siwf',
      '/~/siwf?channelToken=',
      '/~/siwf?channelToken=00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await page(path)
      expect(response.status, path).toBe(404)
      expect(await response.text()).toContain(
        '<p role="alert">This sign-in request is unknown, expired or already used.</p>',
      )
    }
  })

  test('security: the approval page shows what the app asks for, escaped, and posts the token back', async () => {
    const hostile = 'http://127.0.0.1:5173/"><script>alert(1)</script>'
    const channel = await openChannel({
      siweUri: hostile,
      requestId: '<img src=x onerror=alert(2)>',
      expirationTime: '2030-01-01T00:00:00Z',
    })
    const response = await page(`/~/siwf?channelToken=${channel.channelToken}`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toContain('<script>alert(1)')
    expect(text).not.toContain('<img src=x')
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(text).toContain('<dt>Request</dt><dd>&lt;img src=x onerror=alert(2)&gt;</dd>')
    expect(text).toContain('<dt>Expires</dt><dd>2030-01-01T00:00:00Z</dd>')
    expect(text).toContain(`<dt>Nonce</dt><dd>${channel.nonce}</dd>`)
    expect(text).toContain(`<input type="hidden" name="channelToken" value="${channel.channelToken}" />`)
    expect(text).toContain('<input type="radio" name="fid" value="20001" checked />')
    expect(text).toContain('<input type="radio" name="fid" value="20002"  />')
    // Looking at the page leaves the channel as it was.
    expect(relay.peek(channel.channelToken)?.state).toBe('pending')
  })

  test('default: a request without a request id or expiry shows neither', async () => {
    const channel = await openChannel()
    const text = await (await page(`/~/siwf?channelToken=${channel.channelToken}`)).text()
    expect(text).toContain(`<strong>${domain}</strong> wants you to sign in`)
    expect(text).not.toContain('<dt>Request</dt>')
    expect(text).not.toContain('<dt>Expires</dt>')
  })
})

describe('approve', () => {
  test("behavior: Approve signs the channel's own request (times, request id) as the chosen account", async () => {
    const channel = await openChannel({
      notBefore: '2020-01-01T00:00:00.000Z',
      expirationTime: '2099-01-01T00:00:00.000Z',
      requestId: 'req-42',
      redirectUrl: 'http://127.0.0.1:5173/back?x=1',
    })
    const approved = await approve(channel.channelToken, grace.fid)
    expect(approved.status).toBe(200)
    const text = await approved.text()
    expect(text).toContain(`Signed in to ${domain} as @grace.eth.`)
    expect(text).toContain(`<a href="http://127.0.0.1:5173/back?x=1">Return to ${domain}</a>`)
    expect(text).not.toContain('See what the app receives')

    // Until the app takes it, the page says it is approved, and a second approval is refused.
    const again = await page(`/~/siwf?channelToken=${channel.channelToken}`)
    expect([again.status, await again.text()]).toEqual([200, expect.stringContaining('Signed in as @grace.eth.')])
    const twice = await approve(channel.channelToken, ada.fid)
    expect([twice.status, await twice.text()]).toEqual([409, expect.stringContaining('already approved')])

    const done = await takeCompleted(channel.channelToken)
    expect(done).toMatchObject({
      fid: grace.fid,
      username: 'grace.eth',
      displayName: 'Grace Hopper',
      bio: grace.bio,
      pfpUrl: `${appServer.url}/avatars/20002.svg`,
      custody: grace.custody,
    })
    const message = done.message ?? ''
    expect(message).toContain(`${domain} wants you to sign in with your Ethereum account:\n${grace.custody}`)
    expect(message).toContain(`URI: ${siweUri}`)
    expect(message).toContain(`Nonce: ${channel.nonce}`)
    expect(message).toContain('Not Before: 2020-01-01T00:00:00.000Z')
    expect(message).toContain('Expiration Time: 2099-01-01T00:00:00.000Z')
    expect(message).toContain('Request ID: req-42')
    const verified = await appClient.verifySignInMessage({
      nonce: channel.nonce,
      domain,
      message,
      signature: done.signature ?? '0x',
    })
    expect(verified).toMatchObject({ isError: false, success: true, fid: grace.fid })

    // Once the app took it, the channel is gone for the Farcaster app too.
    expect((await page(`/~/siwf?channelToken=${channel.channelToken}`)).status).toBe(404)
    expect((await approve(channel.channelToken, ada.fid)).status).toBe(404)
  })

  test('default: without a redirect URL the success page says where to return, with no link', async () => {
    const channel = await openChannel()
    const text = await (await approve(channel.channelToken, ada.fid)).text()
    expect(text).toContain(`<p>You can return to ${domain}.</p>`)
    expect(text).not.toContain('Return to')
    await takeCompleted(channel.channelToken)
  })

  test('error: an unknown channel is 404 before the account is looked at; an unknown account is 400 and changes nothing', async () => {
    const unknown = await approve('00000000-0000-4000-8000-000000000000', 'nobody')
    expect([unknown.status, await unknown.text()]).toEqual([
      404,
      expect.stringContaining('This sign-in request is unknown, expired or already used.'),
    ])
    const channel = await openChannel()
    for (const fid of [undefined, '', '1', ' 20001', '20001.0', 'ada']) {
      const refused = await approve(channel.channelToken, fid)
      expect([refused.status, await refused.text()], String(fid)).toEqual([
        400,
        expect.stringContaining('Choose one of the devnet accounts.'),
      ])
    }
    // A JSON body is not the form: no channel token is read from it.
    const asJson = await fetch(`${appServer.url}/~/siwf/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelToken: channel.channelToken, fid: String(ada.fid) }),
    })
    expect(asJson.status).toBe(404)
    expect(relay.peek(channel.channelToken)?.state).toBe('pending')
    expect((await approve(channel.channelToken, ada.fid)).status).toBe(200)
  })

  test('error: an unreachable relay is reported as a refusal, and the channel can be approved once it is back', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const deadPort = (probe.address() as AddressInfo).port
    await new Promise((resolve) => probe.close(resolve))
    const channel = await openChannel()
    relayTarget = `http://127.0.0.1:${deadPort}`
    try {
      const refused = await approve(channel.channelToken, ada.fid)
      expect([refused.status, await refused.text()]).toEqual([
        409,
        expect.stringContaining('The relay refused the approval: '),
      ])
    } finally {
      relayTarget = relayServer.url
    }
    expect(relay.peek(channel.channelToken)?.state).toBe('pending')
    // The refused attempt does not hold the channel: the next approval goes through.
    expect((await approve(channel.channelToken, ada.fid)).status).toBe(200)
    expect((await takeCompleted(channel.channelToken)).fid).toBe(ada.fid)
  })

  test('edge: a request that cannot be signed is refused each time, not held as "already approved"', async () => {
    const channel = await openChannel({ nonce: 'short' })
    for (const _ of [1, 2]) {
      const refused = await approve(channel.channelToken, ada.fid)
      expect([refused.status, await refused.text()]).toEqual([
        400,
        expect.stringContaining('The request cannot be signed: '),
      ])
    }
    expect(relay.peek(channel.channelToken)?.state).toBe('pending')
  })

  // `@farcaster/auth-client` resolves a relay answer of any HTTP status without `isError` (only a
  // network or JSON failure is one): a refusal (401 for a key the relay does not know or a channel
  // that expired meanwhile, 500 when the IdRegistry cannot be read) must not read as "Signed in".
  test('error: when the relay answers the approval with an error status, the page says Not approved', async () => {
    const wrongKey = createFarcasterApp({ ...options, authKey: 'not-the-relay-key' })
    const channel = await openChannel()
    const response = await wrongKey.request('/~/siwf/approve', {
      method: 'POST',
      body: new URLSearchParams({ channelToken: channel.channelToken, fid: String(ada.fid) }),
    })
    expect(relay.peek(channel.channelToken)?.state).toBe('pending')
    const text = await response.text()
    expect(text).not.toContain('Signed in to')
    expect([response.status, text]).toEqual([409, expect.stringContaining('The relay refused the approval')])
  })

  // The redirect URL an app gives is any string (the relay accepts it, as the real one does): the
  // page links only to http(s), so a `javascript:` URL never runs on the Farcaster app's origin.
  test('security: a redirect URL that is not http(s) is not rendered as a link', async () => {
    const channel = await openChannel({ redirectUrl: 'javascript:alert(document.cookie)' })
    const text = await (await approve(channel.channelToken, ada.fid)).text()
    expect(text).toContain(`Signed in to ${domain} as @ada.`)
    expect(text).not.toContain('href="javascript:')
  })
})

describe('/try', () => {
  test('behavior: /try opens a channel for the app itself and sends the person to its approval page', async () => {
    const response = await fetch(`${appServer.url}/try`, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(`${appServer.url}/~/siwf`)
    const channelToken = location.searchParams.get('channelToken') ?? ''
    expect(relay.peek(channelToken)?.signatureParams).toMatchObject({
      siweUri: `${appServer.url}/try`,
      domain: new URL(appServer.url).host,
    })
    const approved = await approve(channelToken, ada.fid)
    expect(await approved.text()).toContain(
      `<a href="/try/result?channelToken=${channelToken}">See what the app receives</a>`,
    )

    const result = await page(`/try/result?channelToken=${channelToken}`)
    expect(result.status).toBe(200)
    const text = await result.text()
    expect(text).toContain('<dt>fid</dt><dd>20001</dd>')
    expect(text).toContain(`<dt>custody</dt><dd>${ada.custody}</dd>`)
    expect(text).toContain('<dt>verified</dt><dd>yes, fid 20001 (custody)</dd>')
    // The result is handed over once, as the relay hands a channel over once.
    const again = await page(`/try/result?channelToken=${channelToken}`)
    expect([again.status, await again.text()]).toEqual([404, expect.stringContaining('Nothing to show')])
  })

  test('error: /try/result of a pending or unknown channel shows nothing, and leaves a pending channel open', async () => {
    const channel = await openChannel()
    for (const token of [channel.channelToken, 'unknown', '']) {
      const response = await page(`/try/result?channelToken=${token}`)
      expect([response.status, await response.text()], token).toEqual([
        404,
        expect.stringContaining('The channel is not completed'),
      ])
    }
    expect(relay.peek(channel.channelToken)?.state).toBe('pending')
  })

  test("security: /try/result verifies against the app's own domain: a message signed for another domain is not verified", async () => {
    const channel = await openChannel()
    await approve(channel.channelToken, grace.fid)
    const text = await (await page(`/try/result?channelToken=${channel.channelToken}`)).text()
    expect(text).toContain('<dt>fid</dt><dd>20002</dd>')
    expect(text).toContain('<dt>verified</dt><dd>no: Invalid domain</dd>')
  })
})
