// The test browsers stay offline: a page's requests off loopback (HTTP, HTTPS, WebSocket, an IP
// literal, a link-local address, this machine's own non-loopback address) fail in the page and are
// listed, while loopback (the demo, the devnet, `*.localhost`) loads.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Browser, launchChromium, offlineContext } from './browser.js'

let browser: Browser
let server: Server
let port: number

/** This machine's first non-loopback IPv4 address: the server below answers there too. */
const ownAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address

beforeAll(async () => {
  server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' }).end('<p>ok</p>'),
  )
  // Every interface, so that only the browser's rule can keep the page from the machine's own address.
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve))
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
    const ownUrl = ownAddress ? `http://${ownAddress}:${port}/own` : undefined
    const outcomes = await page.evaluate(
      async ({ port, ownUrl }) => {
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
          ownAddress: ownUrl ? await get(ownUrl) : 'failed',
        }
      },
      { port, ownUrl },
    )
    expect(outcomes).toEqual({
      loopback: '200',
      localhost: '200',
      subdomainOfLocalhost: '200',
      http: 'failed',
      https: 'failed',
      ipLiteral: 'failed',
      linkLocal: 'failed',
      webSocket: 'failed',
      ownAddress: 'failed',
    })
    expect(blocked).toEqual(
      expect.arrayContaining([
        'http://example.com/d',
        'https://example.com/e',
        'http://8.8.8.8/f',
        'http://169.254.169.254/g',
        'wss://relay.example.com/h',
        ...(ownUrl ? [ownUrl] : []),
      ]),
    )
    expect(blocked.filter((url) => url.startsWith('http://127.0.0.1') || url.includes('localhost'))).toEqual([])
  } finally {
    await context.close()
  }
})
