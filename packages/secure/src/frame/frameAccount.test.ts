// The frame's account for its host page (frameAccount.ts): who is signed in (kept in the vault
// across a reload, forgotten at sign-out), the user as the kit reads it on each network (the
// smart account first where the host gave a bundler, the EOA elsewhere or when preferred, the EOA
// upgraded with EIP-7702, whether the smart account is deployed, whether the EOA can still be
// upgraded), and that nothing it answers, logs or throws carries the user's key or a share of it
// (the key is never even rebuilt for it). Driven for real: the frame's createAuthApi against a
// loopback auth server keeping the /v1/keys shares in memory, the vault in memory, and the shared
// devnet's anvil, bundler and paymaster (fresh keys per test). The key code itself is in
// keys.test.ts; the operations in smartAccount.test.ts and tests/integration/smartAccountFrame.test.ts;
// the message handler that drives this account in the e2e tests (tests/e2e).
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { base64 } from '@scure/base'
import { type Address, bytesToHex, createTestClient, type Hex, http, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
// The devnet the root vitest globalSetup starts; its module types what `inject('devnet')` returns.
import type {} from '../../../headless/src/test/globalDevnet.js'
import { createAuthApi } from './authApi.js'
import { simple7702Implementation } from './delegation.js'
import { FrameAccount } from './frameAccount.js'
import { combineShares, operatorAssisted } from './keys.js'
import { confirmOperation, prepareOperation, sendOperation, smartAccountOf } from './smartAccount.js'
import { memoryStore, useStore } from './vault.js'

const { evmRpcUrl, bundlerUrl, paymasterUrl, downBundlerUrl } = inject('devnet')
const anvil = createTestClient({ mode: 'anvil', transport: http(evmRpcUrl) })
const chainId = 31337
const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const designator = (target: Address) => `0xef0100${target.slice(2).toLowerCase()}` as Hex

type Seen = { method: string; path: string }
/** An auth server's /v1/keys routes for signed-in users, in memory; every request is recorded. */
const keys = new Map<string, Map<string, { address: string; share: string; recoveryShare: string }>>()
const seen: Seen[] = []
let server: Server
let authUrl: string
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const method = request.method ?? ''
      const path = request.url ?? ''
      seen.push({ method, path })
      const token = String(request.headers.authorization).replace(/^Bearer /, '')
      const mine = keys.get(token) ?? new Map()
      keys.set(token, mine)
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(json))
      }
      const [, , , namespace, tail] = path.split('/')
      if (method === 'GET' && path === '/v1/keys')
        return answer(200, { keys: [...mine].map(([ns, k]) => ({ id: ns, namespace: ns, address: k.address })) })
      if (method === 'PUT' && namespace && tail === undefined) {
        mine.set(namespace, JSON.parse(body))
        return answer(200, { ok: true })
      }
      answer(404, { error: { code: 'NOT_FOUND', message: 'not here' } })
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // Alto starts on its first request: started here, not under a test's first operation.
  await fetch(bundlerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
}, 120_000)
afterAll(() => {
  server.close()
})

let users = 0
/** A new device (an empty vault) with a user signed in: their keys made here, as at a first login. */
async function signedIn(options: { receiptTimeoutMs?: number } = {}) {
  useStore(Promise.resolve(memoryStore()))
  const logged: unknown[][] = []
  const api = createAuthApi({ url: authUrl, projectId: 'p1', hostOrigin: 'http://127.0.0.1:5173' })
  const account = new FrameAccount(
    {
      api,
      recovery: operatorAssisted,
      log: (...args) => logged.push(args),
      receiptTimeoutMs: options.receiptTimeoutMs,
    },
    { chainId, rpcUrl: evmRpcUrl },
  )
  const token = `token-${++users}-${Date.now()}`
  const userId = `user-${users}`
  await account.signedIn(token, { id: userId, email: `u${users}@example.com` })
  const put = keys.get(token)?.get('eip155')
  if (!put) throw new Error('no eip155 key was made')
  const secret = await combineShares([base64.decode(put.share), base64.decode(put.recoveryShare)])
  const owner = privateKeyToAccount(bytesToHex(secret))
  const withOwner = async <T>(use: (o: LocalAccount) => Promise<T>) => use(owner)
  /** Every form of the key and its shares a leak could take. */
  const secrets = [
    bytesToHex(secret).slice(2),
    put.share,
    put.recoveryShare,
    ...(keys.get(token)?.values() ?? []),
  ].flatMap((v) => (typeof v === 'string' ? [v, v.toLowerCase()] : [v.share, v.recoveryShare]))
  return { account, api, token, userId, owner, withOwner, secrets, logged }
}
const withBundler = { chainId, rpcUrl: evmRpcUrl, bundlerUrl, paymasterUrl }
const json = (value: unknown) =>
  JSON.stringify(value, (_, v) =>
    typeof v === 'bigint' ? v.toString() : v instanceof Error ? `${v.name}: ${v.message} ${v.stack}` : v,
  )

describe('the user as the kit reads it', () => {
  test('behavior: with a bundler, the smart account first and as the address, counterfactual until its first operation deploys it', async () => {
    const user = await signedIn()
    user.account.useNetwork(withBundler)
    const smart = await smartAccountOf(evmRpcUrl, user.owner.address, user.withOwner)
    const before = await user.account.user()
    expect(before).toMatchObject({
      id: user.userId,
      address: smart.address,
      chainId,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })
    expect(before.accounts).toEqual([
      { namespace: 'eip155', address: smart.address, type: 'smartAccount' },
      { namespace: 'eip155', address: user.owner.address, type: 'eoa' },
      { namespace: 'solana', address: expect.any(String), type: 'eoa' },
    ])
    // A smart account in use is not offered the EIP-7702 upgrade.
    expect(before).not.toHaveProperty('upgradable')

    const endpoints = user.account.smartEndpoints()
    expect(endpoints).toEqual({ rpcUrl: evmRpcUrl, bundlerUrl, paymasterUrl })
    const prepared = await prepareOperation(endpoints as NonNullable<typeof endpoints>, smart, [{ to: smart.address }])
    const hash = await sendOperation(endpoints as NonNullable<typeof endpoints>, smart, prepared)
    await confirmOperation(endpoints as NonNullable<typeof endpoints>, hash, { timeoutMs: 60_000, intervalMs: 50 })
    expect(await user.account.user()).toMatchObject({ address: smart.address, smartAccountDeployed: true })

    // The user switches to the EOA: it is the address, and the deployed smart account still says so.
    await user.account.setPreferredType('eoa')
    const eoa = await user.account.user()
    expect(eoa).toMatchObject({ address: user.owner.address, preferredAccountType: 'eoa', smartAccountDeployed: true })
    expect(eoa.accounts.map((a) => a.type)).toEqual(['eoa', 'eoa'])
    expect(await user.account.activeSmartAccount()).toBeUndefined()
  })

  test('default: without a bundler the user is the EOA; a Solana network answers with the Solana address', async () => {
    const user = await signedIn()
    user.account.useNetwork({ chainId, rpcUrl: evmRpcUrl })
    expect(user.account.smartEndpoints()).toBeUndefined()
    expect(user.account.smartAccountEnabledNetworks()).toEqual([])
    const eoa = await user.account.user()
    expect(eoa).toMatchObject({ address: user.owner.address, preferredAccountType: 'eoa', smartAccountDeployed: false })
    expect(eoa).not.toHaveProperty('upgradable')
    await expect(user.account.smartAccountAddress(user.owner.address)).rejects.toThrow(
      'Smart accounts are not enabled on this network',
    )

    user.account.useNetwork(withBundler)
    user.account.useNetwork({ chainId: solana })
    expect(user.account.smartEndpoints()).toBeUndefined()
    expect(user.account.smartAccountEnabledNetworks()).toEqual([chainId])
    const onSolana = await user.account.user()
    const solanaAddress = onSolana.accounts.find((a) => a.namespace === 'solana')?.address
    expect(solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(onSolana).toMatchObject({ address: solanaAddress, chainId: solana, smartAccountDeployed: false })
  })

  test("default: the kit's default account type holds until the user picks one; the pick wins, per user", async () => {
    const user = await signedIn()
    user.account.useNetwork({ ...withBundler, preferredAccountType: 'eoa' })
    expect((await user.account.user()).address).toBe(user.owner.address)
    // A type the frame does not know leaves the default as it was.
    user.account.useNetwork({ preferredAccountType: 'passkey' })
    expect((await user.account.user()).preferredAccountType).toBe('eoa')
    await user.account.setPreferredType('smartAccount')
    user.account.useNetwork({ preferredAccountType: 'eoa' })
    expect(await user.account.user()).toMatchObject({ preferredAccountType: 'smartAccount' })
    expect((await user.account.activeSmartAccount())?.kind).toBe('smartAccount')
  })

  test('behavior: the plain EOA preferred can take the upgrade; delegated to Simple7702Account it sends as itself (eip7702)', async () => {
    const user = await signedIn({ receiptTimeoutMs: 5_000 })
    user.account.useNetwork({ ...withBundler, preferredAccountType: 'eoa' })
    expect(await user.account.user()).toMatchObject({ address: user.owner.address, upgradable: true })
    expect(await user.account.activeSmartAccount()).toBeUndefined()

    await anvil.setCode({ address: user.owner.address, bytecode: designator(simple7702Implementation) })
    expect(await user.account.activeSmartAccount()).toEqual({
      address: user.owner.address,
      kind: 'eip7702',
      endpoints: { rpcUrl: evmRpcUrl, bundlerUrl, paymasterUrl },
      receiptTimeoutMs: 5_000,
    })
    const upgraded = await user.account.user()
    expect(upgraded).toMatchObject({
      address: user.owner.address,
      preferredAccountType: 'eoa',
      delegation: simple7702Implementation.toLowerCase(),
    })
    expect(upgraded).not.toHaveProperty('upgradable')
  })

  test('security: an EOA delegated to any other contract is named, never taken for the upgrade, and not offered it', async () => {
    const user = await signedIn()
    user.account.useNetwork({ ...withBundler, preferredAccountType: 'eoa' })
    const other = '0x00000000000000000000000000000000deadbeef'
    await anvil.setCode({ address: user.owner.address, bytecode: designator(other) })
    expect(await user.account.activeSmartAccount()).toBeUndefined()
    const named = await user.account.user()
    expect(named).toMatchObject({ address: user.owner.address, delegation: other })
    expect(named).not.toHaveProperty('upgradable')
  })

  test('error: a network whose node is down leaves the user on the EOA (logged), never without an account', async () => {
    const user = await signedIn()
    user.account.useNetwork({ chainId, rpcUrl: downBundlerUrl, bundlerUrl, paymasterUrl })
    expect(await user.account.activeSmartAccount()).toBeUndefined()
    expect(user.logged.map(([what]) => what)).toContain('no smart account on this network')
    const fallback = await user.account.user()
    expect(fallback).toMatchObject({
      address: user.owner.address,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
  })
})

describe('the session on this device', () => {
  test('behavior: kept in the vault across a reload; signing out forgets it, and then nothing answers', async () => {
    const user = await signedIn()
    const reloaded = new FrameAccount(
      { api: user.api, recovery: operatorAssisted, log: () => {}, receiptTimeoutMs: undefined },
      { chainId, rpcUrl: evmRpcUrl },
    )
    await reloaded.restore()
    expect(reloaded.session).toEqual({
      token: user.token,
      userId: user.userId,
      email: expect.stringMatching(/@example\.com$/),
    })
    expect((await reloaded.user()).address).toBe(user.owner.address)

    await reloaded.signOut()
    expect(reloaded.session).toBeUndefined()
    expect(user.api.token).toBeUndefined()
    await expect(reloaded.user()).rejects.toThrow('Not connected')
    const again = new FrameAccount(
      { api: user.api, recovery: operatorAssisted, log: () => {}, receiptTimeoutMs: undefined },
      { chainId, rpcUrl: evmRpcUrl },
    )
    await again.restore()
    expect(again.session).toBeUndefined()
  })

  test("edge: a login without an email is the spec's null; an email change keeps the user and moves the token", async () => {
    const user = await signedIn()
    await user.account.signedIn(user.token, { id: user.userId, email: null, socialProvider: 'google', username: 'al' })
    expect(await user.account.user()).toMatchObject({ email: null, socialProvider: 'google', userName: 'al' })
    await user.account.updateSession(user.token, 'new@example.com')
    expect(user.account.session).toMatchObject({
      userId: user.userId,
      email: 'new@example.com',
      socialProvider: 'google',
    })
    expect((await user.account.user()).email).toBe('new@example.com')
  })
})

describe('the key never leaves', () => {
  test('security: nothing it answers, logs or throws carries the key or a share (nor the user it sends the session token), and the key is never rebuilt', async () => {
    const user = await signedIn()
    const asked = seen.length
    const answers: unknown[] = []
    const errors: unknown[] = []
    user.account.useNetwork(withBundler)
    answers.push(await user.account.user(), await user.account.keys(), await user.account.activeSmartAccount())
    answers.push(user.account.session, user.account.addresses, user.account.smartEndpoints())
    user.account.useNetwork({ chainId, rpcUrl: downBundlerUrl, bundlerUrl })
    answers.push(await user.account.user(), await user.account.activeSmartAccount())
    await user.account.setPreferredType('eoa')
    answers.push(await user.account.user())
    errors.push(await user.account.smartAccountAddress(user.owner.address).catch((e: unknown) => e))
    user.account.useNetwork({ chainId, rpcUrl: 'ws://127.0.0.1:1' })
    errors.push(await user.account.smartAccountAddress(user.owner.address).catch((e: unknown) => e))
    await user.account.signOut()
    errors.push(await user.account.user().catch((e: unknown) => e))

    expect(errors.every((e) => e instanceof Error)).toBe(true)
    expect(user.logged.length).toBeGreaterThan(0)
    const everything = json([answers, errors, user.logged, user.account])
    for (const secret of user.secrets) expect(everything).not.toContain(secret)
    // Nor does the user the host page is sent carry the session's token (a bearer of the shares).
    const users = answers.filter((a) => typeof a === 'object' && a !== null && 'accounts' in a)
    expect(users).toHaveLength(3)
    expect(json(users)).not.toContain(user.token)
    // The addresses made at the login answered all of it: no share was fetched, no key rebuilt.
    expect(seen.slice(asked)).toEqual([])
  })
})
