// Sign In With Farcaster on the devnet, with the real `@farcaster/auth-client` on the app's side:
// a channel on the relay emulator, approval by the devnet Farcaster app (over HTTP and in
// Chromium), and verification against the IdRegistry the devnet installs on anvil.
import { readFileSync } from 'node:fs'
import { type AppClient, createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client'
import { type Browser, chromium } from 'playwright-core'
import { createPublicClient, type Hex, http, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
// @ts-expect-error: a plain .mjs script without types
import { chromiumArgs, headlessShellPath } from '../../../../scripts/ensure-chromium.mjs'
import { farcasterRegistryModule, registryCodePath } from '../../scripts/build-farcaster-registry.js'
import { evmAccounts } from '../accounts.js'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { farcasterIdRegistry, farcasterIdRegistryAbi, farcasterTestUsers } from './registry.js'
import { type DevnetFarcaster, startFarcaster } from './server.js'

const [ada, grace] = farcasterTestUsers as [(typeof farcasterTestUsers)[0], (typeof farcasterTestUsers)[0]]
const domain = '127.0.0.1:5173'
const siweUri = 'http://127.0.0.1:5173/login'

let anvil: AnvilInstance
let farcaster: DevnetFarcaster
let clock = Date.now()
let appClient: AppClient

beforeAll(async () => {
  anvil = await startAnvil({ state: false })
  farcaster = await startFarcaster({ evmRpcUrl: anvil.rpcUrl, now: () => clock })
  appClient = createAppClient({ relay: farcaster.relayUrl, ethereum: viemConnector({ rpcUrl: farcaster.rpcUrl }) })
})
afterAll(async () => {
  await farcaster?.stop()
  await anvil?.stop()
})

/** The app's side: a channel, as an app opens one for a sign-in. */
async function openChannel(extra: { nonce?: string; requestId?: string } = {}) {
  const created = await appClient.createChannel({ siweUri, domain, ...extra })
  if (created.isError) throw created.error
  expect(created.response.status).toBe(201)
  return created.data
}

/** The approval a person gives in the devnet Farcaster app: its form, posted over HTTP. */
function approve(channelToken: string, fid: number) {
  return fetch(`${farcaster.appUrl}/~/siwf/approve`, {
    method: 'POST',
    body: new URLSearchParams({ channelToken, fid: String(fid) }),
  })
}

test('the committed registry bytecode is what contracts/FarcasterRegistry.sol compiles to', () => {
  expect(readFileSync(registryCodePath, 'utf8')).toBe(farcasterRegistryModule())
})

test("the IdRegistry answers at Farcaster's Optimism address on the devnet chain", async () => {
  const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
  const read = <F extends 'idOf' | 'custodyOf'>(functionName: F, arg: F extends 'idOf' ? Hex : bigint) =>
    chain.readContract({
      address: farcasterIdRegistry,
      abi: farcasterIdRegistryAbi,
      functionName,
      args: [arg] as never,
    })
  expect(await read('idOf', ada.custody)).toBe(20001n)
  expect(await read('custodyOf', 20002n)).toBe(grace.custody)
  expect(await read('idOf', evmAccounts[0].address)).toBe(0n)
  expect(await read('custodyOf', 1n)).toBe(zeroAddress)
})

describe('sign in: create, approve, status, verify', () => {
  test('auth-client creates a channel whose link opens the devnet app; status is pending until approved', async () => {
    const channel = await openChannel({ requestId: 'login-1' })
    expect(channel.url).toBe(`${farcaster.appUrl}/~/siwf?channelToken=${channel.channelToken}`)
    expect(channel.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
    const pending = await appClient.status({ channelToken: channel.channelToken })
    if (pending.isError) throw pending.error
    expect(pending.response.status).toBe(202)
    expect(pending.data).toMatchObject({
      state: 'pending',
      nonce: channel.nonce,
      signatureParams: { siweUri, domain, nonce: channel.nonce, requestId: 'login-1' },
      acceptAuthAddress: true,
    })
    // Reading a pending channel does not close it.
    expect((await appClient.status({ channelToken: channel.channelToken })).isError).toBe(false)
  })

  test('after approval, watchStatus completes with the signed message and profile, and it verifies against the devnet IdRegistry', async () => {
    const channel = await openChannel({ nonce: 'porticoNonce0001' })
    const approved = await approve(channel.channelToken, ada.fid)
    expect(approved.status).toBe(200)
    expect(await approved.text()).toContain(`Signed in to ${domain} as @ada.`)

    const done = await appClient.watchStatus({ channelToken: channel.channelToken, interval: 10 })
    if (done.isError) throw done.error
    expect(done.response.status).toBe(200)
    expect(done.data).toMatchObject({
      state: 'completed',
      nonce: 'porticoNonce0001',
      fid: 20001,
      username: 'ada',
      displayName: 'Ada Lovelace',
      pfpUrl: `${farcaster.appUrl}/avatars/20001.svg`,
      custody: ada.custody,
      authMethod: 'custody',
    })
    expect(done.data.signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(done.data.message).toContain(`${domain} wants you to sign in with your Ethereum account:\n${ada.custody}`)
    expect(done.data.message).toContain('farcaster://fid/20001')

    const verified = await appClient.verifySignInMessage({
      nonce: 'porticoNonce0001',
      domain,
      message: done.data.message!,
      signature: done.data.signature!,
    })
    if (verified.isError) throw verified.error
    expect(verified).toMatchObject({ success: true, fid: 20001, authMethod: 'custody' })

    // A completed channel is handed over once.
    const again = await appClient.status({ channelToken: channel.channelToken })
    expect(again.isError ? again.error : [again.response.status, again.data]).toEqual([401, { error: 'Unauthorized' }])
  })

  test('a tampered signature, another nonce or domain, and a signer who does not hold the fid all fail verification', async () => {
    const channel = await openChannel()
    await approve(channel.channelToken, grace.fid)
    const done = await appClient.watchStatus({ channelToken: channel.channelToken, interval: 10 })
    if (done.isError) throw done.error
    const { message, signature } = done.data as { message: string; signature: Hex }
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'a' ? 'b' : 'a'}${signature.slice(11)}` as Hex

    const tampered = await appClient.verifySignInMessage({ nonce: channel.nonce, domain, message, signature: flipped })
    expect(tampered.isError).toBe(true)
    const otherNonce = await appClient.verifySignInMessage({ nonce: 'another-nonce', domain, message, signature })
    expect(otherNonce).toMatchObject({ isError: true, error: { errCode: 'unauthorized', message: 'Invalid nonce' } })
    const otherDomain = await appClient.verifySignInMessage({
      nonce: channel.nonce,
      domain: 'evil.test',
      message,
      signature,
    })
    expect(otherDomain).toMatchObject({ isError: true, error: { errCode: 'unauthorized', message: 'Invalid domain' } })

    // A well-formed message for fid 20002, signed by a key that is not its custody: the registry says no.
    const impostor = privateKeyToAccount(evmAccounts[0].privateKey)
    const wallet = createWalletClient({
      relay: farcaster.relayUrl,
      ethereum: viemConnector({ rpcUrl: farcaster.rpcUrl }),
    })
    const built = wallet.buildSignInMessage({
      fid: grace.fid,
      address: impostor.address,
      domain,
      uri: siweUri,
      nonce: channel.nonce,
    })
    if (built.isError) throw built.error
    const forged = await appClient.verifySignInMessage({
      nonce: channel.nonce,
      domain,
      message: built.message,
      signature: await impostor.signMessage({ message: built.message }),
    })
    expect(forged).toMatchObject({ isError: true, error: { errCode: 'unauthorized' } })
    expect(forged.error?.message).toMatch(/is not an auth address or owner of fid 20002/)
  })
})

describe('what the relay and the app refuse', () => {
  test('authenticate needs the relay key; status and authenticate need a known channel token', async () => {
    const channel = await openChannel()
    const body = JSON.stringify({ message: 'm', signature: `0x${'11'.repeat(65)}`, fid: ada.fid })
    const post = (headers: Record<string, string>) =>
      fetch(`${farcaster.relayUrl}/v1/channel/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
    expect((await post({ authorization: `Bearer ${channel.channelToken}` })).status).toBe(401)
    expect(
      (await post({ authorization: `Bearer ${channel.channelToken}`, 'x-farcaster-auth-relay-key': 'guess' })).status,
    ).toBe(401)
    expect(
      (await post({ authorization: 'Bearer unknown', 'x-farcaster-auth-relay-key': farcaster.authKey })).status,
    ).toBe(401)
    const noToken = await fetch(`${farcaster.relayUrl}/v1/channel/status`)
    expect([noToken.status, await noToken.json()]).toEqual([401, { error: 'Unauthorized' }])
    // The channel is still pending after the refused attempts.
    expect((await appClient.status({ channelToken: channel.channelToken })).response?.status).toBe(202)
  })

  test('a channel without siweUri or with an unknown field is a validation error', async () => {
    const create = (body: unknown) =>
      fetch(`${farcaster.relayUrl}/v1/channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const missing = await create({ domain })
    expect([missing.status, await missing.json()]).toEqual([
      400,
      { error: 'Validation error', message: 'siweUri must be a URI' },
    ])
    expect((await create({ siweUri, domain, extra: 1 })).status).toBe(400)
    expect((await create({ siweUri, domain: 'not a domain' })).status).toBe(400)
    expect((await create({ siweUri, domain, expirationTime: 'tomorrow' })).status).toBe(400)
  })

  test('a request the SIWE format cannot carry (a nonce of 3 characters) gets a clear refusal, not a crash', async () => {
    const channel = await openChannel({ nonce: 'abc' })
    const refused = await approve(channel.channelToken, ada.fid)
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain(
      'The request cannot be signed: Invalid Sign-In with Ethereum message field &quot;nonce&quot;.',
    )
    expect((await appClient.status({ channelToken: channel.channelToken })).response?.status).toBe(202)
  })

  test('a channel expires after an hour', async () => {
    const channel = await openChannel()
    clock += 3600_000
    try {
      expect(
        (
          await fetch(`${farcaster.relayUrl}/v1/channel/status`, {
            headers: { authorization: `Bearer ${channel.channelToken}` },
          })
        ).status,
      ).toBe(401)
      expect((await approve(channel.channelToken, ada.fid)).status).toBe(404)
    } finally {
      clock -= 3600_000
    }
  })

  test('a second approval of the same channel (a double click) is refused and the first one stands', async () => {
    const channel = await openChannel()
    const [first, second] = await Promise.all([
      approve(channel.channelToken, ada.fid),
      approve(channel.channelToken, grace.fid),
    ])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const done = await appClient.watchStatus({ channelToken: channel.channelToken, interval: 10 })
    if (done.isError) throw done.error
    expect(done.data.fid).toBe(first.status === 200 ? ada.fid : grace.fid)
  })
})

describe('the Farcaster app page in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: headlessShellPath as string, args: chromiumArgs as string[] })
  })
  afterAll(() => browser?.close())

  test('shows the request, and Approve (as the chosen account) completes the channel', async () => {
    const channel = await openChannel({ requestId: 'chromium-1' })
    const page = await browser.newPage()
    try {
      await page.goto(channel.url)
      await page.getByRole('heading', { name: 'Sign in with Farcaster' }).waitFor()
      const text = (await page.locator('main').textContent()) ?? ''
      expect(text).toContain(`${domain} wants you to sign in`)
      expect(text).toContain(channel.nonce)
      expect(text).toContain('chromium-1')
      await page.getByLabel('@grace.eth · Grace Hopper (fid 20002)').check()
      await page.getByRole('button', { name: 'Approve' }).click()
      await page
        .getByRole('status')
        .filter({ hasText: `Signed in to ${domain} as @grace.eth.` })
        .waitFor()
    } finally {
      await page.close()
    }
    const done = await appClient.watchStatus({ channelToken: channel.channelToken, interval: 10 })
    if (done.isError) throw done.error
    expect(done.data).toMatchObject({ state: 'completed', fid: 20002, username: 'grace.eth', custody: grace.custody })
    const verified = await appClient.verifySignInMessage({
      nonce: channel.nonce,
      domain,
      message: done.data.message!,
      signature: done.data.signature!,
    })
    expect(verified).toMatchObject({ isError: false, fid: 20002 })
  })

  test('/try runs the app side for a human: approve, then see the verified result', async () => {
    const page = await browser.newPage()
    try {
      await page.goto(`${farcaster.appUrl}/try`)
      await page.getByRole('button', { name: 'Approve' }).click()
      await page.getByRole('link', { name: 'See what the app receives' }).click()
      await page.getByText('yes, fid 20001 (custody)').waitFor()
    } finally {
      await page.close()
    }
  })
})
