import { afterEach, expect, test, vi } from 'vitest'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { featureState } from '../../kernel/featureState.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { connectFarcaster } from './connectFarcaster.js'
import { connectSocial } from './connectSocial.js'
import { EmbeddedWalletError } from './errors.js'
import { connectSocialMutationOptions } from './query.js'
import { registerPasskey } from './registerPasskey.js'
import { openSocialPopup } from './socialPopup.js'
import { embeddedState } from './state.js'
import type { EmbeddedWallet } from './types.js'

// Node has no frames: the frame's answers come from a stand-in that answers each request by name
// as the secure frame does (its own flows run for real in tests/e2e/embeddedSocial.test.ts).
type Answer = (payload: unknown) => Promise<unknown>

afterEach(() => {
  vi.useRealTimers()
  removeTestWindow()
})

const providerUrl = 'http://127.0.0.1:9/authorize?state=s1'

function setup(answers: Record<string, Answer>, { blocked = false } = {}) {
  const win = installTestWindow() as unknown as { open: ReturnType<typeof vi.fn> }
  const popups: { closed: boolean; location: { href: string }; close(): void }[] = []
  win.open = vi.fn(() => {
    if (blocked) return null
    const popup = {
      closed: false,
      location: { href: 'about:blank' },
      close() {
        popup.closed = true
      },
    }
    popups.push(popup)
    return popup
  })
  const portico = createPortico({
    projectId: 'p',
    networks: [testNetworks().devnet],
    adapters: [eip155Adapter({ eip6963: false })],
    storage: memoryStorage(),
    embeddedWallet: { frameUrl: 'https://secure.example.com/' },
  })
  const requests: { name: string; payload: unknown }[] = []
  const client = {
    request(name: string, payload?: unknown) {
      requests.push({ name, payload })
      const answer = answers[name]
      if (!answer) return Promise.reject(new Error(`unexpected ${name}`))
      return answer(payload)
    },
  }
  featureState(portico, embeddedState).wallet = {
    client,
    namespaces: ['eip155'],
    frameChain: 31337,
    writeLoginCache() {},
  } as unknown as EmbeddedWallet
  return { portico, win, popups, requests }
}

const refuse = (request: string, message: string) => () => Promise.reject(new EmbeddedWalletError({ message, request }))
const never = () => new Promise<never>(() => {})
const answer = (value: unknown) => () => Promise.resolve(value)

test('error: a provider outside the six is refused with "Failed to initiate social connection", no window opened', async () => {
  const { portico, win, requests } = setup({})
  await expect(connectSocial(portico, { provider: 'myspace' as 'github' })).rejects.toMatchObject({
    name: 'SocialInitiateError',
    shortMessage: 'Failed to initiate social connection',
  })
  expect(win.open).not.toHaveBeenCalled()
  expect(requests).toEqual([])
})

test('the login window opens 600x800 in the click itself, before anything is awaited', () => {
  const { portico, win } = setup({ GET_SOCIAL_REDIRECT_URI: never })
  void connectSocial(portico, { provider: 'github' })
  // Synchronously, still inside the caller's click.
  expect(win.open).toHaveBeenCalledTimes(1)
  expect(win.open.mock.calls[0]?.[2]).toMatch(/width=600,height=800/)
})

test('error: the frame cannot start the login: "Failed to initiate social connection" and the window is closed', async () => {
  const { portico, popups } = setup({
    GET_SOCIAL_REDIRECT_URI: refuse('GET_SOCIAL_REDIRECT_URI', 'Failed to initiate social connection'),
  })
  await expect(connectSocial(portico, { provider: 'google' })).rejects.toMatchObject({
    name: 'SocialInitiateError',
    shortMessage: 'Failed to initiate social connection',
    provider: 'google',
  })
  expect(popups[0]?.closed).toBe(true)
})

test('error: a login address that is not http(s) is never opened', async () => {
  const { portico, popups, requests } = setup({
    GET_SOCIAL_REDIRECT_URI: answer({ uri: 'javascript:alert(1)' }),
  })
  await expect(connectSocial(portico, { provider: 'x' })).rejects.toMatchObject({
    shortMessage: 'Failed to initiate social connection',
  })
  expect(popups[0]?.location.href).toBe('about:blank')
  expect(popups[0]?.closed).toBe(true)
  expect(requests.map((r) => r.name)).toEqual(['GET_SOCIAL_REDIRECT_URI'])
})

test('error: a blocked window gives the login address to offer as a link; that link’s click goes on with the same login', async () => {
  const { portico, requests, win } = setup(
    { GET_SOCIAL_REDIRECT_URI: answer({ uri: providerUrl }), CONNECT_SOCIAL: never },
    { blocked: true },
  )
  const error = await connectSocial(portico, { provider: 'github' }).catch((e: unknown) => e)
  expect(error).toMatchObject({ name: 'SocialPopupBlockedError', url: providerUrl, provider: 'github' })
  expect(requests.map((r) => r.name)).toEqual(['GET_SOCIAL_REDIRECT_URI'])

  // The user clicks the link: the window opens there, and no second login is started.
  const popup = { closed: false, location: { href: 'about:blank' }, close: vi.fn() }
  win.open.mockImplementation(() => popup)
  void connectSocial(portico, { provider: 'github', redirectUri: (error as { url: string }).url })
  await vi.waitFor(() => expect(requests.map((r) => r.name)).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL']))
  expect(popup.location.href).toBe(providerUrl)
  expect(requests[1]?.payload).toMatchObject({ uri: providerUrl, chainId: 31337 })
})

test('error: the user closes the window: "Popup closed" at the next check, a second later', async () => {
  vi.useFakeTimers()
  const { portico, popups } = setup({
    GET_SOCIAL_REDIRECT_URI: answer({ uri: providerUrl }),
    CONNECT_SOCIAL: never,
  })
  let settled: unknown
  connectSocial(portico, { provider: 'discord' }).then(
    () => (settled = 'resolved'),
    (error: unknown) => (settled = error),
  )
  await vi.advanceTimersByTimeAsync(0)
  expect(popups[0]?.location.href).toBe(providerUrl)
  await vi.advanceTimersByTimeAsync(3_000)
  expect(settled).toBeUndefined()
  popups[0]?.close()
  await vi.advanceTimersByTimeAsync(999)
  expect(settled).toBeUndefined()
  await vi.advanceTimersByTimeAsync(1)
  expect(settled).toMatchObject({ name: 'SocialPopupClosedError', shortMessage: 'Popup closed', provider: 'discord' })
})

test('error: the provider’s answer is refused by the frame: "Failed to connect", the window closed', async () => {
  const { portico, popups } = setup({
    GET_SOCIAL_REDIRECT_URI: answer({ uri: providerUrl }),
    CONNECT_SOCIAL: refuse('CONNECT_SOCIAL', 'Failed to connect'),
  })
  await expect(connectSocial(portico, { provider: 'apple' })).rejects.toMatchObject({
    name: 'SocialConnectError',
    shortMessage: 'Failed to connect',
    provider: 'apple',
  })
  expect(popups[0]?.closed).toBe(true)
})

test('a double click opens one window and starts one login', async () => {
  const { portico, win, requests } = setup({
    GET_SOCIAL_REDIRECT_URI: answer({ uri: providerUrl }),
    CONNECT_SOCIAL: never,
  })
  const { mutationFn } = connectSocialMutationOptions(portico)
  void mutationFn({ provider: 'github', popup: openSocialPopup(portico) })
  void mutationFn({ provider: 'github', popup: openSocialPopup(portico) })
  await vi.waitFor(() => expect(requests.map((r) => r.name)).toContain('CONNECT_SOCIAL'))
  expect(win.open).toHaveBeenCalledTimes(1)
  expect(requests.map((r) => r.name)).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL'])
})

test('error: Farcaster that cannot start or is not approved fails with "Failed to connect to farcaster"', async () => {
  const noChannel = setup({ GET_FARCASTER_URI: refuse('GET_FARCASTER_URI', 'Failed to connect to farcaster') })
  const onUrl = vi.fn()
  await expect(connectFarcaster(noChannel.portico, { onUrl })).rejects.toMatchObject({
    name: 'FarcasterConnectError',
    shortMessage: 'Failed to connect to farcaster',
  })
  expect(onUrl).not.toHaveBeenCalled()

  const refused = setup({
    GET_FARCASTER_URI: answer({ url: 'https://farcaster.xyz/~/siwf?channelToken=t' }),
    CONNECT_FARCASTER: refuse('CONNECT_FARCASTER', 'Failed to connect to farcaster'),
  })
  await expect(connectFarcaster(refused.portico, { onUrl })).rejects.toMatchObject({
    shortMessage: 'Failed to connect to farcaster',
  })
  expect(onUrl).toHaveBeenCalledWith('https://farcaster.xyz/~/siwf?channelToken=t')
})

test('error: a Farcaster link that is not http(s) is never given to the QR code', async () => {
  const { portico, requests } = setup({ GET_FARCASTER_URI: answer({ url: 'javascript:alert(1)' }) })
  const onUrl = vi.fn()
  await expect(connectFarcaster(portico, { onUrl })).rejects.toMatchObject({
    shortMessage: 'Failed to connect to farcaster',
  })
  expect(onUrl).not.toHaveBeenCalled()
  expect(requests.map((r) => r.name)).toEqual(['GET_FARCASTER_URI'])
})

test('error: a passkey is only added to a user signed in through the embedded wallet', async () => {
  const { portico, requests } = setup({})
  await expect(registerPasskey(portico)).rejects.toMatchObject({
    name: 'NotConnectedToEmailError',
    shortMessage: 'Not connected to email or social',
  })
  expect(requests).toEqual([])
})
