// The e2e browsers stay offline: a page's requests off loopback (HTTP, HTTPS, WebSocket, an IP
// literal, a link-local address) are refused and listed, while loopback (the demo, the devnet) loads.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Browser, launchChromium, offlineContext } from './browser.js'

let browser: Browser
let server: Server
let port: number

beforeAll(async () => {
  server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' }).end('<p>ok</p>'),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
})

test('behavior: loopback loads; every request off loopback fails in the page and is listed', async () => {
  const { context, blocked } = await offlineContext(browser)
  try {
    const page = await context.newPage()
    await page.goto(`http://127.0.0.1:${port}/`)
    const outcomes = await page.evaluate(async (port) => {
      const get = (url: string) =>
        fetch(url).then(
          (response) => String(response.status),
          () => 'failed',
        )
      const socket = (url: string) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url)
          ws.onopen = () => resolve('open')
          ws.onerror = () => resolve('failed')
        })
      return {
        loopback: await get(`http://127.0.0.1:${port}/a`),
        localhost: await get(`http://localhost:${port}/b`),
        subdomainOfLocalhost: await get(`http://app.localhost:${port}/c`),
        http: await get('http://example.com/d'),
        https: await get('https://example.com/e'),
        ipLiteral: await get('http://8.8.8.8/f'),
        linkLocal: await get('http://169.254.169.254/g'),
        webSocket: await socket('wss://relay.example.com/h'),
      }
    }, port)
    expect(outcomes).toEqual({
      loopback: '200',
      localhost: '200',
      subdomainOfLocalhost: '200',
      http: 'failed',
      https: 'failed',
      ipLiteral: 'failed',
      linkLocal: 'failed',
      webSocket: 'failed',
    })
    expect(blocked).toEqual(
      expect.arrayContaining([
        'http://example.com/d',
        'https://example.com/e',
        'http://8.8.8.8/f',
        'http://169.254.169.254/g',
        'wss://relay.example.com/h',
      ]),
    )
    expect(blocked.filter((url) => url.includes(String(port)))).toEqual([])
  } finally {
    await context.close()
  }
})
