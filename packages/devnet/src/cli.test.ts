import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { anvilProcessesOnPort, canBind, rawRpc } from './test-utils.js'

const bin = fileURLToPath(new URL('../bin/portico-devnet.mjs', import.meta.url))

describe('portico-devnet CLI', () => {
  it('prints one JSON line when ready and stops cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        bin,
        '--json',
        '--evm-port',
        '0',
        '--solana-port',
        '0',
        '--api-port',
        '0',
        '--wc-port',
        '0',
        '--auth-port',
        '0',
        '--frame-port',
        '0',
        '--inbox-port',
        '0',
        '--smtp-port',
        '0',
        // The auth database (PGlite initdb) is covered by the auth tests; stopping must not wait for it.
        '--no-auth-warmup',
        '--onramp-port',
        '0',
        '--social-port',
        '0',
        '--farcaster-port',
        '0',
        '--bundler-port',
        '0',
        '--paymaster-port',
        '0',
        // Alto's start is covered by the aa tests; stopping must not wait for it.
        '--no-bundler-warmup',
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        // Test the sources, not a possibly stale dist/ from an earlier build.
        env: { ...process.env, PORTICO_DEVNET_FROM_SOURCE: '1' },
      },
    )
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve)
      exited.then(() => reject(new Error('CLI exited before printing')))
    })
    const info = JSON.parse(firstLine) as {
      evm: { rpcUrl: string; chainId: number }
      solana: { rpcUrl: string; genesisHash: string }
      api: { url: string }
      walletConnect: { relayUrl: string; verifyUrl: string; walletUrl: string }
      auth: { url: string; frameUrl: string; inboxUrl: string; smtpPort: number; projectIds: string[] }
      onramp: { url: string }
      social: Record<string, { issuer: string; clientId: string; tryUrl: string }>
      farcaster: { relayUrl: string; appUrl: string }
      aa: { bundlerUrl: string; paymasterUrl: string; entryPoint: string }
    }
    expect(info.evm.chainId).toBe(31337)
    expect(info.api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const origins = await fetch(`${info.api.url}/projects/v1/origins?projectId=p&st=appkit&sv=1`)
    expect(await origins.json()).toEqual({ allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] })
    expect(info.walletConnect.relayUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    expect((await fetch(info.walletConnect.walletUrl)).headers.get('content-type')).toMatch(/text\/html/)
    expect((await fetch(`${info.onramp.url}/checkout`)).headers.get('content-type')).toMatch(/text\/html/)
    const verifyKey = await fetch(`${info.walletConnect.verifyUrl}/v3/public-key`)
    expect(await verifyKey.json()).toMatchObject({ publicKey: { kty: 'EC', crv: 'P-256' } })

    const evm = await rawRpc(info.evm.rpcUrl, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    expect(evm.json).toMatchObject({ result: '0x7a69' })
    const solana = await rawRpc(info.solana.rpcUrl, { jsonrpc: '2.0', id: 1, method: 'getGenesisHash' })
    expect(solana.json).toMatchObject({ result: info.solana.genesisHash })

    expect(info.auth.projectIds).toEqual(['devnet', 'portico-demo', 'test-project'])
    expect((await fetch(`${info.auth.frameUrl}/?projectId=devnet&chainId=31337`)).status).toBe(200)
    expect(await (await fetch(`${info.auth.url}/health`)).json()).toMatchObject({ status: 'ok', database: 'pglite' })
    expect(await (await fetch(`${info.auth.inboxUrl}/messages`)).json()).toEqual({ messages: [] })
    expect(Object.keys(info.social)).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
    expect(info.social.github?.clientId).toBe('portico-devnet-github')
    expect((await fetch(`${info.farcaster.relayUrl}/healthcheck`)).status).toBe(200)

    expect(info.aa.entryPoint).toBe('0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108')
    expect(await (await fetch(`${info.aa.paymasterUrl}/__devnet/switches`)).json()).toMatchObject({ bundler: 'up' })

    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    const evmPort = Number(new URL(info.evm.rpcUrl).port)
    expect(anvilProcessesOnPort(evmPort)).toEqual([])
    expect(await canBind(evmPort)).toBe(true)
    expect(await canBind(Number(new URL(info.solana.rpcUrl).port))).toBe(true)
    expect(await canBind(Number(new URL(info.api.url).port))).toBe(true)
    expect(await canBind(Number(new URL(info.walletConnect.relayUrl).port))).toBe(true)
    expect(await canBind(Number(new URL(info.auth.url).port))).toBe(true)
    expect(await canBind(Number(new URL(info.auth.frameUrl).port))).toBe(true)
    expect(await canBind(Number(new URL(info.auth.inboxUrl).port))).toBe(true)
    expect(await canBind(info.auth.smtpPort)).toBe(true)
    for (const { issuer } of Object.values(info.social)) expect(await canBind(Number(new URL(issuer).port))).toBe(true)
    expect(await canBind(Number(new URL(info.farcaster.relayUrl).port))).toBe(true)
    expect(await canBind(Number(new URL(info.farcaster.appUrl).port))).toBe(true)
    expect(await canBind(Number(new URL(info.aa.bundlerUrl).port))).toBe(true)
    expect(await canBind(Number(new URL(info.aa.paymasterUrl).port))).toBe(true)
    // The CLI compiles the whole source tree through tsx first: tens of seconds on a busy 2-core machine.
  }, 120_000)
})
