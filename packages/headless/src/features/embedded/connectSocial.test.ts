import { afterEach, expect, test, vi } from 'vitest'
import { answer, never, refuse, embeddedStandIn as setup } from '../../test/embeddedStandIn.js'
import { removeTestWindow } from '../../test/window.js'
import { connectSocial } from './connectSocial.js'
import { EmbeddedWalletError } from './errors.js'
import { connectSocialMutationOptions } from './query.js'
import { openSocialPopup } from './socialPopup.js'

// The frame is a stand-in (test/embeddedStandIn.ts); the login's own flows run for real in
// react/useConnectSocial.browser.test.tsx and tests/e2e/embeddedSocial.test.ts.
afterEach(() => {
  vi.useRealTimers()
  removeTestWindow()
})

const providerUrl = 'http://127.0.0.1:9/authorize?state=s1'

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

test("error: a window the user closes while the frame finds the provider's address is 'Popup closed', not blocked", async () => {
  let answered: (value: unknown) => void = () => {}
  const later = () => new Promise((resolve) => (answered = resolve))
  const { portico, popups, requests } = setup({ GET_SOCIAL_REDIRECT_URI: later })
  const login = connectSocial(portico, { provider: 'github' }).catch((e: unknown) => e)
  await vi.waitFor(() => expect(requests.map((r) => r.name)).toEqual(['GET_SOCIAL_REDIRECT_URI']))
  popups[0]?.close()
  answered({ uri: providerUrl })
  expect(await login).toMatchObject({
    name: 'SocialPopupClosedError',
    shortMessage: 'Popup closed',
    provider: 'github',
  })
  expect(requests.map((r) => r.name)).toEqual(['GET_SOCIAL_REDIRECT_URI'])
})

test("error: through the mutation (whose code loads after the click), a window the user closed before that code ran is 'Popup closed', not blocked", async () => {
  const { portico, popups, requests } = setup({ GET_SOCIAL_REDIRECT_URI: answer({ uri: providerUrl }) })
  const { mutationFn } = connectSocialMutationOptions(portico)
  const login = mutationFn({ provider: 'github', popup: openSocialPopup(portico) }).catch((e: unknown) => e)
  // Still in the click's task: the login's module has not loaded yet.
  popups[0]?.close()
  expect(await login).toMatchObject({
    name: 'SocialPopupClosedError',
    shortMessage: 'Popup closed',
    provider: 'github',
  })
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

// The callback page on the auth server (the provider's `redirect_uri`) says it is done; the
// result is then with the frame, and closing the window no longer means the user gave up.
const callback = 'http://127.0.0.1:7/v1/social/callback'
const withCallback = `http://127.0.0.1:9/authorize?state=s1&redirect_uri=${encodeURIComponent(callback)}`
const done = (source: unknown, origin: string) =>
  window.dispatchEvent(Object.assign(new Event('message'), { source, origin, data: { type: '@portico-social/done' } }))

test('behavior: once the callback page says it is done, closing the window is not "Popup closed"', async () => {
  vi.useFakeTimers()
  const { portico, popups } = setup({ GET_SOCIAL_REDIRECT_URI: answer({ uri: withCallback }), CONNECT_SOCIAL: never })
  let settled: unknown
  connectSocial(portico, { provider: 'google' }).catch((error: unknown) => (settled = error))
  await vi.advanceTimersByTimeAsync(0)
  done(popups[0], 'http://127.0.0.1:7')
  popups[0]?.close()
  await vi.advanceTimersByTimeAsync(5_000)
  expect(settled).toBeUndefined()
})

test('security: "done" from any other origin in the window (the provider, a page it redirected to) does not stop the check', async () => {
  vi.useFakeTimers()
  const { portico, popups } = setup({ GET_SOCIAL_REDIRECT_URI: answer({ uri: withCallback }), CONNECT_SOCIAL: never })
  let settled: unknown
  connectSocial(portico, { provider: 'google' }).catch((error: unknown) => (settled = error))
  await vi.advanceTimersByTimeAsync(0)
  done(popups[0], 'http://127.0.0.1:9')
  done({}, 'http://127.0.0.1:7') // the right origin, another window
  popups[0]?.close()
  await vi.advanceTimersByTimeAsync(1_000)
  expect(settled).toMatchObject({ name: 'SocialPopupClosedError', shortMessage: 'Popup closed' })
})

test('behavior: a login started in the window of one the user gave up (Back, then another provider) keeps it when the first ends', async () => {
  let failFirst: (error: Error) => void = () => {}
  const first = new Promise<never>((_, reject) => (failFirst = reject))
  const connects = [() => first, never]
  const nextConnect = () => (connects.shift() ?? never)()
  const { portico, popups, win, requests } = setup({
    GET_SOCIAL_REDIRECT_URI: answer({ uri: providerUrl }),
    CONNECT_SOCIAL: nextConnect,
  })
  const google = connectSocial(portico, { provider: 'google' }).catch((error: unknown) => error)
  await vi.waitFor(() => expect(requests.map((r) => r.name)).toContain('CONNECT_SOCIAL'))
  // The user went back and picked X: its click gets the same, still open, window.
  void connectSocial(portico, { provider: 'x', popup: openSocialPopup(portico) })
  expect(win.open).toHaveBeenCalledTimes(1)
  await vi.waitFor(() => expect(requests.filter((r) => r.name === 'CONNECT_SOCIAL')).toHaveLength(2))
  // The frame fails the login it replaced; that one ends without closing X's window.
  failFirst(new EmbeddedWalletError({ message: 'Failed to connect', request: 'CONNECT_SOCIAL' }))
  expect(await google).toMatchObject({ name: 'SocialConnectError' })
  expect(popups[0]?.closed).toBe(false)
})
