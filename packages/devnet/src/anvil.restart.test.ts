// anvil's restart(): the chain RPC dies and comes back on the same URL, for fault tests.
import { expect, test } from 'vitest'
import { startAnvil } from './anvil.js'

const chainId = async (url: string) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
  return ((await response.json()) as { result: string }).result
}

test('stop, then restart on the same port: refused meanwhile, answering again after, a new process', async () => {
  const anvil = await startAnvil({ state: false })
  try {
    const first = anvil.pid
    expect(await chainId(anvil.rpcUrl)).toBe('0x7a69')
    await anvil.stop()
    await expect(chainId(anvil.rpcUrl)).rejects.toThrow()
    await anvil.restart()
    expect(await chainId(anvil.rpcUrl)).toBe('0x7a69')
    expect(anvil.pid).not.toBe(first)
    // restart() also works on a running chain.
    await anvil.restart()
    expect(await chainId(anvil.rpcUrl)).toBe('0x7a69')
  } finally {
    await anvil.stop()
  }
})
