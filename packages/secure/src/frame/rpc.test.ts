import { describe, expect, test } from 'vitest'
import { handleRpc, type RpcContext } from './rpc.js'

const eoa = '0x1111111111111111111111111111111111111111'
const endpoints = {
  rpcUrl: 'http://127.0.0.1:9/',
  bundlerUrl: 'http://127.0.0.1:9/bundler',
  paymasterUrl: 'http://127.0.0.1:9/pm',
}

function context(extra: Partial<RpcContext> = {}): RpcContext {
  return {
    hostOrigin: 'http://127.0.0.1:1',
    chainId: 31337,
    rpcUrl: endpoints.rpcUrl,
    addresses: { eip155: eoa, solana: '' },
    withSecret: () => Promise.reject(new Error('no key in this test')),
    assertCanSign: async () => {},
    prompt: { show: () => {}, hidden: () => {} },
    log: () => {},
    ...extra,
  }
}

describe('wallet_getCapabilities and the EIP-7702 upgrade', () => {
  test('a plain EOA on a network without a bundler: atomic unsupported, no paymaster service', async () => {
    const capabilities = (await handleRpc(context(), 'wallet_getCapabilities', [eoa])) as Record<string, object>
    expect(capabilities['0x7a69']).toMatchObject({ atomic: { status: 'unsupported' } })
    expect(capabilities['0x7a69']).not.toHaveProperty('paymasterService')
  })

  test('a plain EOA that can be upgraded: atomic ready (EIP-5792), the upgrade asked with the first atomic batch', async () => {
    const capabilities = (await handleRpc(context({ upgradable: endpoints }), 'wallet_getCapabilities', [
      eoa,
    ])) as Record<string, object>
    expect(capabilities['0x7a69']).toMatchObject({ atomic: { status: 'ready' } })
  })

  test('the upgraded EOA answers as itself: atomic supported and the paymaster service', async () => {
    const upgraded = context({ smartAccount: { address: eoa, kind: 'eip7702', endpoints } })
    expect(await handleRpc(upgraded, 'eth_accounts', [])).toEqual([eoa])
    expect(await handleRpc(upgraded, 'wallet_getCapabilities', [eoa])).toMatchObject({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
  })

  test('an atomic batch from a plain EOA that cannot be upgraded is refused with 5760, before any prompt', async () => {
    let prompted = false
    const refusing = context({ prompt: { show: () => (prompted = true), hidden: () => {} } })
    const calls = [
      { to: eoa, value: '0x1' },
      { to: eoa, value: '0x2' },
    ]
    await expect(
      handleRpc(refusing, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', calls, atomicRequired: true }]),
    ).rejects.toMatchObject({ code: 5760, message: 'Atomicity not supported' })
    expect(prompted).toBe(false)
  })
})
