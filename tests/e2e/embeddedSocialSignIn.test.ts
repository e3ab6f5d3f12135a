// The secure frame's one-step social sign-in against a hostile host, in Chromium across loopback
// origins: a page that speaks the frame protocol itself asks `connect social` to sign sign-in data
// for another site (to collect a signature it could replay there). The frame refuses before any
// login starts, with a typed error (4100); malformed sign-in data gets an error reply (-32602), not
// silence. The signing itself runs in tests/e2e/socialSignIn.test.ts. Every wait is on a message.

import { frameTexts } from '@portico/secure/protocol'
import { expect, test } from 'vitest'
import { offlineContext } from './browser.js'
import { startFrameHost } from './embedded/frameHarness.js'

const env = startFrameHost()

type Reply = { id?: string; type: string; payload?: { message?: string; code?: number } }

test('hostile host: connect social with sign-in data for another site, or malformed data, is refused with a typed error', async () => {
  const { context } = await offlineContext(env.browser)
  try {
    const hostile = await context.newPage()
    await hostile.goto(`http://127.0.0.1:${env.port}/blank`)
    const frameUrl = new URL(`${env.devnet.auth.frameUrl}/`)
    for (const [key, value] of Object.entries({ projectId: 'test-project', chainId: '31337', version: '1' }))
      frameUrl.searchParams.set(key, value)
    const hostOrigin = `http://127.0.0.1:${env.port}`
    const siwxMessage = {
      accountAddress: '0x0000000000000000000000000000000000000000',
      chainId: 'eip155:31337',
      domain: 'bank.example',
      uri: 'https://bank.example/login',
      version: '1',
      nonce: 'abcdefgh1234',
      issuedAt: new Date().toISOString(),
    }
    await hostile.evaluate(
      ([src, origin, data, own]) => {
        const iframe = document.createElement('iframe')
        iframe.src = src as string
        const replies: unknown[] = []
        Object.assign(window, { replies })
        const ask = (id: string, payload: unknown) =>
          iframe.contentWindow?.postMessage({ id, type: '@portico-app/CONNECT_SOCIAL', payload }, origin as string)
        window.addEventListener('message', (event) => {
          if (event.origin !== origin) return
          replies.push(event.data)
          if (event.data?.type !== '@portico-frame/READY') return
          const message = data as Record<string, unknown>
          // Another site's domain and URI; this page's URI under another domain; then a malformed shape.
          ask('other-site', { uri: 'https://provider.example/authorize', siwxMessage: message })
          ask('other-domain', { uri: 'https://provider.example/authorize', siwxMessage: { ...message, uri: own } })
          ask('malformed', { uri: 'https://provider.example/authorize', siwxMessage: { ...message, version: 2 } })
        })
        document.body.append(iframe)
      },
      [frameUrl.href, frameUrl.origin, siwxMessage, hostOrigin] as const,
    )
    const reply = async (id: string) => {
      let found: Reply | undefined
      await expect
        .poll(
          async () => {
            const replies = await hostile.evaluate(() => (window as unknown as { replies: Reply[] }).replies)
            found = replies.find((r) => r.id === id)
            return found !== undefined
          },
          { timeout: 30_000 },
        )
        .toBe(true)
      return found
    }
    const wrongSite = {
      type: '@portico-frame/CONNECT_SOCIAL_ERROR',
      payload: { message: frameTexts.siwxWrongSite, code: 4100 },
    }
    expect(await reply('other-site')).toMatchObject(wrongSite)
    expect(await reply('other-domain')).toMatchObject(wrongSite)
    const malformed = await reply('malformed')
    expect(malformed).toMatchObject({ type: '@portico-frame/CONNECT_SOCIAL_ERROR', payload: { code: -32602 } })
    expect(malformed?.payload?.message).toContain('Invalid CONNECT_SOCIAL payload')
  } finally {
    await context.close()
  }
}, 180_000)
