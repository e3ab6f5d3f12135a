// The devnet Farcaster registry: the test accounts (keys anyone can rebuild), the registry
// addresses (Farcaster's on Optimism), and installFarcasterRegistry on a blank anvil (read back by
// `@farcaster/auth-client`'s own connector; one batch, no transaction; idempotent; custom users)
// and against a node that refuses anvil's methods. That the committed bytecode matches the
// contract source, and reads through a started devnet Farcaster, are in farcaster.test.ts.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { viemConnector } from '@farcaster/auth-client'
import { createPublicClient, getAddress, type Hex, http, keccak256, stringToHex, zeroAddress } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { evmAccounts } from '../accounts.js'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import {
  farcasterIdRegistry,
  farcasterIdRegistryAbi,
  farcasterKeyRegistry,
  farcasterTestUsers,
  installFarcasterRegistry,
} from './registry.js'
import { idRegistryRuntime, keyRegistryRuntime } from './registryCode.js'

describe('accounts and addresses', () => {
  test("default: the registries are at Farcaster's Optimism addresses, checksummed", () => {
    expect(farcasterIdRegistry).toBe('0x00000000Fc6c5F01Fc30151999387Bb99A9f489b')
    expect(farcasterKeyRegistry).toBe('0x00000000Fc1237824fb747aBDE0FF18990E59b7e')
  })

  test('default: two frozen test accounts whose custody keys anyone can rebuild from a public label', () => {
    expect(Object.isFrozen(farcasterTestUsers)).toBe(true)
    expect(farcasterTestUsers.map((u) => [u.fid, u.username, u.displayName])).toEqual([
      [20001, 'ada', 'Ada Lovelace'],
      [20002, 'grace.eth', 'Grace Hopper'],
    ])
    for (const user of farcasterTestUsers) {
      expect(user.custodyPrivateKey).toBe(keccak256(stringToHex(`portico-devnet farcaster custody ${user.fid}`)))
      expect(user.custody).toBe(privateKeyToAddress(user.custodyPrivateKey))
      // A Farcaster username, as the relay checks it.
      expect(user.username).toMatch(/^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/)
      expect(user.bio).toMatch(/Devnet account\.$/)
    }
    const [ada, grace] = farcasterTestUsers as [(typeof farcasterTestUsers)[0], (typeof farcasterTestUsers)[0]]
    expect(ada.custody).not.toBe(grace.custody)
    // Not one of anvil's funded accounts: a custody key signs messages only.
    const anvilAddresses = new Set<string>(evmAccounts.map((a) => a.address))
    expect(anvilAddresses.has(ada.custody)).toBe(false)
    expect(anvilAddresses.has(grace.custody)).toBe(false)
  })
})

describe('installFarcasterRegistry on anvil', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ state: false })
  })
  afterAll(() => anvil?.stop())

  const chain = () => createPublicClient({ transport: http(anvil.rpcUrl) })
  const custodyOf = (fid: bigint) =>
    chain().readContract({
      address: farcasterIdRegistry,
      abi: farcasterIdRegistryAbi,
      functionName: 'custodyOf',
      args: [fid],
    })
  const idOf = (custody: Hex) =>
    chain().readContract({
      address: farcasterIdRegistry,
      abi: farcasterIdRegistryAbi,
      functionName: 'idOf',
      args: [custody],
    })

  // One test, in order: the chain is shared and installing only adds.
  test('behavior: installs both registries and registers the given users, in place, idempotently, readable by auth-client', async () => {
    const connector = viemConnector({ rpcUrl: anvil.rpcUrl })
    const [ada, grace] = farcasterTestUsers as [(typeof farcasterTestUsers)[0], (typeof farcasterTestUsers)[0]]
    // Before: nothing answers at the addresses.
    await expect(connector.getFid(ada.custody)).rejects.toThrow()
    const blockBefore = await chain().getBlockNumber()

    // A custom user list registers those users only (the big fid and the lowercase address as given).
    const custom = { fid: 2 ** 40, custody: '0x00000000000000000000000000000000000abcde' as Hex }
    await installFarcasterRegistry(anvil.rpcUrl, [custom])
    expect(await chain().getCode({ address: farcasterIdRegistry })).toBe(idRegistryRuntime)
    expect(await chain().getCode({ address: farcasterKeyRegistry })).toBe(keyRegistryRuntime)
    expect(await custodyOf(BigInt(custom.fid))).toBe(getAddress(custom.custody))
    expect(await idOf(custom.custody)).toBe(BigInt(custom.fid))
    expect(await custodyOf(20001n)).toBe(zeroAddress)
    expect(await idOf(ada.custody)).toBe(0n)

    // The default list: the test accounts, next to the user already there.
    await installFarcasterRegistry(anvil.rpcUrl)
    await installFarcasterRegistry(anvil.rpcUrl)
    expect(await custodyOf(20001n)).toBe(ada.custody)
    expect(await custodyOf(20002n)).toBe(grace.custody)
    expect(await idOf(grace.custody)).toBe(20002n)
    expect(await custodyOf(BigInt(custom.fid))).toBe(getAddress(custom.custody))
    expect(await custodyOf(20003n)).toBe(zeroAddress)
    expect(await idOf(evmAccounts[0].address)).toBe(0n)

    // The library's own reads, at its own addresses: the fid of a custody, and no auth addresses.
    expect(await connector.getFid(ada.custody)).toBe(20001n)
    expect(await connector.getFid(grace.custody)).toBe(20002n)
    expect(await connector.isValidAuthAddress(ada.custody, 20001n)).toBe(false)

    // No transaction: no block mined, no account's nonce moved.
    expect(await chain().getBlockNumber()).toBe(blockBefore)
    expect(await chain().getTransactionCount({ address: evmAccounts[0].address })).toBe(0)
  })
})

describe('installFarcasterRegistry against a node that is not anvil', () => {
  let server: Server
  let url = ''
  let answer: (batch: { id: number; method: string }[]) => { status: number; body: unknown }
  const received: { id: number; method: string; params: unknown[] }[][] = []
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const batch = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        received.push(batch)
        const { status, body } = answer(batch)
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server?.close(resolve)))

  test('behavior: sends one JSON-RPC batch of setCode and setStorageAt calls, two per user', async () => {
    received.length = 0
    answer = (batch) => ({ status: 200, body: batch.map(({ id }) => ({ jsonrpc: '2.0', id, result: null })) })
    await installFarcasterRegistry(url)
    expect(received).toHaveLength(1)
    const [batch] = received as [(typeof received)[0]]
    expect(batch.map((call) => call.method)).toEqual([
      'anvil_setCode',
      'anvil_setCode',
      'anvil_setStorageAt',
      'anvil_setStorageAt',
      'anvil_setStorageAt',
      'anvil_setStorageAt',
    ])
    expect(batch.map((call) => call.id)).toEqual([0, 1, 2, 3, 4, 5])
    expect(batch[0]?.params).toEqual([farcasterIdRegistry, idRegistryRuntime])
    expect(batch[1]?.params).toEqual([farcasterKeyRegistry, keyRegistryRuntime])
    expect(batch.slice(2).every((call) => call.params[0] === farcasterIdRegistry)).toBe(true)
  })

  test('error: a node that refuses the anvil methods fails the install, naming the registry and the reason', async () => {
    answer = (batch) => ({
      status: 200,
      body: batch.map(({ id }) => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } })),
    })
    await expect(installFarcasterRegistry(url)).rejects.toThrow(
      'installing the Farcaster registry failed: Method not found',
    )
    // One refused call among accepted ones is enough.
    answer = (batch) => ({
      status: 200,
      body: batch.map(({ id }) =>
        id === 3 ? { jsonrpc: '2.0', id, error: { message: 'slot refused' } } : { jsonrpc: '2.0', id, result: null },
      ),
    })
    await expect(installFarcasterRegistry(url)).rejects.toThrow(
      'installing the Farcaster registry failed: slot refused',
    )
  })

  test('error: an answer that is not a batch, or an HTTP error, fails the install', async () => {
    answer = () => ({
      status: 200,
      body: { jsonrpc: '2.0', id: null, error: { message: 'batch requests are disabled' } },
    })
    await expect(installFarcasterRegistry(url)).rejects.toThrow(
      'installing the Farcaster registry failed: not a batch answer',
    )
    answer = () => ({ status: 503, body: [] })
    await expect(installFarcasterRegistry(url)).rejects.toThrow('installing the Farcaster registry failed: 503')
  })
})
