import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { buildFrameScript, createSecureFrameHandler, frameScriptHash } from './server.js'

test('the frame build is reproducible: two builds give the same bytes, and the page pins their hash', async () => {
  const first = await buildFrameScript()
  const second = await buildFrameScript()
  expect(first.length).toBeGreaterThan(10_000)
  expect(second === first).toBe(true)
  const hash = createHash('sha256').update(first, 'utf8').digest('base64')
  expect(await frameScriptHash()).toBe(hash)
  const handler = createSecureFrameHandler({ authUrl: 'http://127.0.0.1:8790' })
  const page = await (await handler(new Request('http://127.0.0.1/'))).text()
  expect(page).toContain(`<script type="module" src="/frame.js" integrity="sha256-${hash}"></script>`)
  expect(page).toContain('<meta name="portico-recovery-mode" content="user-held">')
  const script = await (await handler(new Request('http://127.0.0.1/frame.js'))).text()
  expect(createHash('sha256').update(script, 'utf8').digest('base64')).toBe(hash)
}, 120_000)
