import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { previewParams } from './preview.js'
import { startWebWallet, type WebWallet } from './server.js'

let web: WebWallet

beforeAll(async () => {
  web = await startWebWallet({
    relayUrl: 'ws://127.0.0.1:1',
    verifyUrl: 'http://127.0.0.1:1',
    evmRpcUrl: 'http://127.0.0.1:2',
    solanaRpcUrl: 'http://127.0.0.1:3',
    evmChainIds: [31337, 1],
  })
})

afterAll(() => web.stop())

describe('web wallet server', () => {
  it('serves the page with the config injected and the test ids in place', async () => {
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const response = await fetch(web.url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    const json = /<script type="application\/json" id="portico-wallet-config">(.*?)<\/script>/s.exec(html)?.[1]
    expect(JSON.parse(json ?? 'null')).toEqual({
      relayUrl: 'ws://127.0.0.1:1',
      verifyUrl: 'http://127.0.0.1:1',
      evmRpcUrl: 'http://127.0.0.1:2',
      solanaRpcUrl: 'http://127.0.0.1:3',
      evmChainIds: [31337, 1],
    })
    for (const id of ['pair-uri', 'pair-button']) expect(html).toContain(`data-testid="${id}"`)
    expect(html).toContain('<label for="pair-uri">Pairing URI</label>')
    // Nothing on the page points off loopback.
    expect(html.match(/(?:src|href)="[^"]*"/g)).toEqual(['src="/web-wallet.js"'])
  })

  it('serves the same page at /wc, the universal link of its directory entry', async () => {
    const uri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn`
    const response = await fetch(new URL(`/wc?uri=${encodeURIComponent(uri)}`, web.url))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(await response.text()).toBe(await (await fetch(web.url)).text())
  })

  it('builds and serves the browser bundle (once)', async () => {
    const response = await fetch(new URL('/web-wallet.js', web.url))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('javascript')
    const js = await response.text()
    expect(js.length).toBeGreaterThan(10_000)
    for (const id of [
      'proposal',
      'approve-proposal',
      'reject-proposal',
      'request',
      'approve-request',
      'reject-request',
      'session',
      'disconnect',
    ])
      expect(js).toContain(`"${id}"`)
    expect(js).not.toMatch(/\bprocess\.env\.NODE_ENV\b/)
    expect(await (await fetch(new URL('/web-wallet.js', web.url))).text()).toBe(js)
    expect((await fetch(new URL('/nope', web.url))).status).toBe(404)
  }, 60_000)

  it('previews request params readably', () => {
    expect(previewParams('personal_sign', ['0x68656c6c6f', '0xabc'])).toMatch(/^Message: hello/)
    expect(
      previewParams('solana_signMessage', { message: base58.encode(new TextEncoder().encode('hi solana')) }),
    ).toMatch(/^Message: hi solana/)
    expect(previewParams('cosmos_signAmino', { a: 1 })).toBe('{\n  "a": 1\n}')
  })
})
