import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createPublicClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { freePort } from '../../../scripts/free-port.mjs'
import { startAnvil } from './anvil.js'
import { anvilProcessesOnPort, canBind } from './test-utils.js'
import { evmTokens } from './tokens.js'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))

describe('startAnvil', () => {
  it('starts the committed devnet state on a free port and stops the real process', async () => {
    const started = performance.now()
    const anvil = await startAnvil()
    console.log(`anvil started in ${Math.round(performance.now() - started)} ms`)
    try {
      expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`)
      expect(anvil.chainId).toBe(31337)
      expect(anvilProcessesOnPort(anvil.port)).toEqual([anvil.pid])
      const client = createPublicClient({ transport: http(anvil.rpcUrl) })
      expect(await client.getCode({ address: evmTokens[0].address })).toMatch(/^0x6080/)
    } finally {
      await anvil.stop()
    }
    expect(anvilProcessesOnPort(anvil.port)).toEqual([])
    expect(await canBind(anvil.port)).toBe(true)
    await anvil.stop() // idempotent
  })

  it('answers only with its own chain when several start at once', async () => {
    // Test files start anvils side by side; each instance must be served by its own process, never
    // by a neighbour that happened to listen on the same port first.
    const anvils = await Promise.all(Array.from({ length: 6 }, () => startAnvil({ state: false })))
    try {
      expect(new Set(anvils.map((anvil) => anvil.port)).size).toBe(anvils.length)
      for (const anvil of anvils) expect(anvilProcessesOnPort(anvil.port)).toEqual([anvil.pid])
    } finally {
      await Promise.all(anvils.map((anvil) => anvil.stop()))
    }
  })

  it('can start an empty chain on a given port', async () => {
    const port = await freePort()
    const anvil = await startAnvil({ port, state: false })
    try {
      expect(anvil.port).toBe(port)
      const client = createPublicClient({ transport: http(anvil.rpcUrl) })
      expect(await client.getCode({ address: evmTokens[0].address })).toBeUndefined()
    } finally {
      await anvil.stop()
    }
  })

  it('reports why anvil could not start', async () => {
    const first = await startAnvil()
    try {
      // anvil itself would share the port (SO_REUSEPORT); startAnvil refuses instead.
      await expect(startAnvil({ port: first.port })).rejects.toThrow(/already in use/i)
    } finally {
      await first.stop()
    }
    await expect(startAnvil({ state: '/nonexistent/state.json' })).rejects.toThrow(/state file missing/)
    await expect(startAnvil({ binary: '/nonexistent/anvil' })).rejects.toThrow(/could not start anvil/)
    await expect(startAnvil({ binary: '/bin/false' })).rejects.toThrow(/exited during start-up/)
    await expect(startAnvil({ host: '10.0.0.1' })).rejects.toThrow(/loopback/)
  })

  it.each([
    ['exits without stopping it', 'process.exit(0)'],
    ['is killed with SIGKILL', "process.kill(process.pid, 'SIGKILL')"],
  ])('kills anvil when the parent process %s', async (_, ending) => {
    // A child Node process starts anvil, reports the port, then ends without calling stop().
    const script = `
      const { startAnvil } = await import('./src/anvil.ts')
      const anvil = await startAnvil()
      console.log(JSON.stringify({ port: anvil.port }))
      ${ending}
    `
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    await new Promise((resolve) => child.once('exit', resolve))
    const { port } = JSON.parse(output.trim()) as { port: number }

    // The kill is asynchronous in the kernel: poll a bounded number of times.
    for (let attempt = 0; attempt < 250 && anvilProcessesOnPort(port).length > 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(anvilProcessesOnPort(port)).toEqual([])
  })
})
