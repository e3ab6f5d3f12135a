// startFarcaster: what it returns and wires together (relay, app, registry, relay key, clock),
// its loopback-only rule, its start-up failures (registry not installable, a port taken) and that
// they leave no server listening, and stop. A blank anvil serves the started instance; a small
// JSON-RPC server stands in for a node that accepts or refuses anvil's methods. The sign-in
// through a started instance is in farcaster.test.ts; the relay and app alone in their own files.
import { createServer, type Server } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { farcasterIdRegistry, farcasterIdRegistryAbi, farcasterKeyRegistry, farcasterTestUsers } from './registry.js'
import { farcasterChannelTtlMs } from './relay.js'
import { type DevnetFarcaster, startFarcaster } from './server.js'

const [ada] = farcasterTestUsers as [(typeof farcasterTestUsers)[0]]
const siweUri = 'http://127.0.0.1:5173/login'
const domain = '127.0.0.1:5173'

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)))
  })
}

function openChannel(relayUrl: string) {
  return fetch(`${relayUrl}/v1/channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ siweUri, domain }),
  })
}

describe('a started instance', () => {
  let anvil: AnvilInstance
  let farcaster: DevnetFarcaster
  let clock = 1_700_000_000_000
  beforeAll(async () => {
    anvil = await startAnvil({ state: false })
    farcaster = await startFarcaster({ evmRpcUrl: anvil.rpcUrl, host: 'localhost', now: () => clock })
  })
  afterAll(async () => {
    await farcaster?.stop()
    await anvil?.stop()
  })

  test('behavior: relay and app on their own loopback ports, the registry installed, the test accounts and a relay key', async () => {
    const relay = new URL(farcaster.relayUrl)
    const app = new URL(farcaster.appUrl)
    expect(relay.hostname).toBe('127.0.0.1')
    expect(app.hostname).toBe('127.0.0.1')
    expect(relay.port).not.toBe(app.port)
    expect(farcaster.relayUrl).toBe(relay.origin)
    expect(farcaster.appUrl).toBe(app.origin)
    expect(farcaster).toMatchObject({
      rpcUrl: anvil.rpcUrl,
      idRegistry: farcasterIdRegistry,
      keyRegistry: farcasterKeyRegistry,
    })
    expect(farcaster.users).toBe(farcasterTestUsers)
    // 24 random bytes, as the header carries them.
    expect(farcaster.authKey).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(
      await chain.readContract({
        address: farcasterIdRegistry,
        abi: farcasterIdRegistryAbi,
        functionName: 'custodyOf',
        args: [20001n],
      }),
    ).toBe(ada.custody)
    expect((await fetch(`${farcaster.relayUrl}/healthcheck`)).status).toBe(200)
    expect((await fetch(farcaster.appUrl)).status).toBe(200)
  })

  test('behavior: channel links open this app; its relay key completes a channel, with no verifications', async () => {
    const created = await openChannel(farcaster.relayUrl)
    const { channelToken, url } = (await created.json()) as { channelToken: string; url: string }
    expect(url).toBe(`${farcaster.appUrl}/~/siwf?channelToken=${channelToken}`)
    const page = await fetch(url)
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('wants you to sign in')])
    // A test acting as the Farcaster app, with the key the instance hands out.
    const done = await fetch(`${farcaster.relayUrl}/v1/channel/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${channelToken}`,
        'x-farcaster-auth-relay-key': farcaster.authKey,
      },
      body: JSON.stringify({ message: 'm', signature: `0x${'11'.repeat(65)}`, fid: ada.fid }),
    })
    expect([done.status, await done.json()]).toEqual([
      201,
      expect.objectContaining({ state: 'completed', custody: ada.custody, verifications: [] }),
    ])
  })

  test('behavior: channels expire on the clock it was given', async () => {
    const { channelToken } = (await (await openChannel(farcaster.relayUrl)).json()) as { channelToken: string }
    const start = clock
    try {
      clock = start + farcasterChannelTtlMs
      expect((await fetch(`${farcaster.appUrl}/~/siwf?channelToken=${channelToken}`)).status).toBe(404)
    } finally {
      clock = start
    }
  })

  test('security: another instance on the same chain has its own relay key and its own channels', async () => {
    const other = await startFarcaster({ evmRpcUrl: anvil.rpcUrl })
    try {
      expect(other.authKey).not.toBe(farcaster.authKey)
      const { channelToken } = (await (await openChannel(farcaster.relayUrl)).json()) as { channelToken: string }
      const elsewhere = await fetch(`${other.relayUrl}/v1/channel/status`, {
        headers: { authorization: `Bearer ${channelToken}` },
      })
      expect(elsewhere.status).toBe(401)
      expect((await fetch(`${other.appUrl}/~/siwf?channelToken=${channelToken}`)).status).toBe(404)
    } finally {
      await other.stop()
    }
  })
})

describe('start-up and stop without a chain of its own', () => {
  /** A JSON-RPC node that accepts (or refuses) every call and counts the requests it got. */
  let node: Server
  let nodeUrl = ''
  let refuse = false
  let requests = 0
  beforeAll(async () => {
    node = createServer((request, response) => {
      requests++
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const batch = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number }[]
        const answers = batch.map(({ id }) =>
          refuse
            ? { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
            : { jsonrpc: '2.0', id, result: null },
        )
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers))
      })
    })
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
    nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => node?.close(resolve)))

  test('security: a host that is not loopback is refused before the chain is touched', async () => {
    requests = 0
    for (const host of ['0.0.0.0', '192.168.1.10', 'example.test'])
      await expect(startFarcaster({ evmRpcUrl: nodeUrl, host })).rejects.toThrow(/only binds to loopback/)
    expect(requests).toBe(0)
  })

  test('error: a chain that refuses the registry fails the start, and nothing is left listening', async () => {
    refuse = true
    try {
      const [relayPort, appPort] = [await freePort(), await freePort()]
      await expect(startFarcaster({ evmRpcUrl: nodeUrl, relayPort, appPort })).rejects.toThrow(
        'installing the Farcaster registry failed: Method not found',
      )
      expect(await canBind(relayPort)).toBe(true)
      expect(await canBind(appPort)).toBe(true)
    } finally {
      refuse = false
    }
  })

  test('error: a taken port fails the start with EADDRINUSE, and the other server is closed again', async () => {
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const busy = (taken.address() as AddressInfo).port
    try {
      for (const ports of [
        { relayPort: await freePort(), appPort: busy },
        { relayPort: busy, appPort: await freePort() },
      ]) {
        await expect(startFarcaster({ evmRpcUrl: nodeUrl, ...ports })).rejects.toMatchObject({ code: 'EADDRINUSE' })
        const other = ports.relayPort === busy ? ports.appPort : ports.relayPort
        expect(await canBind(other)).toBe(true)
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })

  test('behavior: the given ports are used; stop closes both, and a second stop is the same', async () => {
    const [relayPort, appPort] = [await freePort(), await freePort()]
    const farcaster = await startFarcaster({ evmRpcUrl: nodeUrl, relayPort, appPort })
    expect(farcaster.relayUrl).toBe(`http://127.0.0.1:${relayPort}`)
    expect(farcaster.appUrl).toBe(`http://127.0.0.1:${appPort}`)
    expect(await canBind(relayPort)).toBe(false)
    expect((await fetch(`${farcaster.relayUrl}/healthcheck`)).status).toBe(200)
    const first = farcaster.stop()
    expect(farcaster.stop()).toBe(first)
    await first
    expect(await canBind(relayPort)).toBe(true)
    expect(await canBind(appPort)).toBe(true)
    await expect(fetch(`${farcaster.relayUrl}/healthcheck`)).rejects.toThrow()
  })
})
