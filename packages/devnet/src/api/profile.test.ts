// The profile routes against the running emulator: registration verifies the signed message for
// real (a signature by another key, an old or millisecond timestamp, a taken name, a bad name are
// refused) and a registered name is served back by the account, reverse and identity routes; a
// smart account's signature (ERC-6492, checked on the shared devnet's chain) registers too.
import { createPublicClient, http } from 'viem'
import { entryPoint08Abi, entryPoint08Address, toSoladySmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
// The devnet the root vitest globalSetup starts; its module types what `inject('devnet')` returns.
import type {} from '../../../headless/src/test/globalDevnet.js'
import { devnetAccountAbstraction } from '../aa/contracts.js'
import { evmAccounts } from '../accounts.js'
import { startApiEmulator } from './server.js'

let api: Awaited<ReturnType<typeof startApiEmulator>>
const Q = 'projectId=p&st=appkit&sv=1'
beforeAll(async () => {
  // No chain needed: names are the emulator's own data.
  api = await startApiEmulator({ evmRpcUrl: 'http://127.0.0.1:9', solanaRpcUrl: 'http://127.0.0.1:9' })
})
afterAll(() => api.stop())

const get = async (path: string) => {
  const response = await fetch(`${api.url}${path}${path.includes('?') ? '&' : '?'}${Q}`)
  return { status: response.status, json: (await response.json()) as unknown }
}
const register = async (body: unknown) => {
  const response = await fetch(`${api.url}/v1/profile/account?${Q}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}
const now = () => Math.floor(Date.now() / 1000)
async function signed(
  name: string,
  { key = generatePrivateKey(), timestamp = now() }: { key?: `0x${string}`; timestamp?: number } = {},
) {
  const account = privateKeyToAccount(key)
  const message = JSON.stringify({ name, attributes: {}, timestamp })
  return { coin_type: 60, address: account.address, message, signature: await account.signMessage({ message }) }
}

test('a signed registration is stored and served by the account, reverse and identity routes', async () => {
  const body = await signed('alice-one.reown.id')
  expect(await register(body)).toEqual({ status: 200, json: { success: true } })
  const profile = await get('/v1/profile/account/Alice-One.reown.id?apiVersion=2')
  expect(profile).toMatchObject({
    status: 200,
    json: { name: 'alice-one.reown.id', addresses: { '60': { address: body.address } } },
  })
  const reverse = await get(`/v1/profile/reverse/${body.address.toLowerCase()}?sender=${body.address}&apiVersion=2`)
  expect(reverse.json).toEqual([expect.objectContaining({ name: 'alice-one.reown.id' })])
  expect((await get(`/v1/identity/${body.address}`)).json).toEqual({ name: 'alice-one.reown.id', avatar: null })
})

test('reverse: the fixtures by address, an empty list for an address without a name', async () => {
  expect((await get(`/v1/profile/reverse/${evmAccounts[2].address}`)).json).toEqual([
    expect.objectContaining({ name: 'carol.wcn.id' }),
  ])
  expect((await get(`/v1/profile/reverse/${privateKeyToAccount(generatePrivateKey()).address}`)).json).toEqual([])
})

test('a signature by another key, a stale or millisecond timestamp, a taken name are refused and nothing is stored', async () => {
  const forged = await signed('mallory.reown.id')
  forged.address = evmAccounts[0].address
  expect((await register(forged)).status).toBe(401)
  expect((await register(await signed('stale-name.reown.id', { timestamp: now() - 3600 }))).status).toBe(401)
  expect((await register(await signed('millis-name.reown.id', { timestamp: Date.now() }))).status).toBe(401)
  for (const name of ['mallory.reown.id', 'stale-name.reown.id', 'millis-name.reown.id'])
    expect((await get(`/v1/profile/account/${name}`)).status).toBe(404)
  expect((await register(await signed('carol.wcn.id'))).status).toBe(409)
  expect((await get('/v1/profile/account/carol.wcn.id')).json).toMatchObject({
    addresses: { '60': { address: evmAccounts[2].address } },
  })
})

test('a malformed body or name is a 400', async () => {
  const good = await signed('fine-name.reown.id')
  for (const body of [
    { ...good, coin_type: '60' },
    { ...good, signature: 'nope' },
    { ...good, address: '0x1234' },
    { ...good, message: 'not json' },
    await signed('abc.reown.id'),
    await signed('bad_name.reown.id'),
    await signed('nozone'),
  ])
    expect((await register(body)).status).toBe(400)
})

test('suggestions: the label in the zone asked, each marked registered or not; a label too short is a 400', async () => {
  expect((await get('/v1/profile/suggestions/bob?zone=reown.id')).status).toBe(400)
  const bobby = await get('/v1/profile/suggestions/Bobby.wcn.id?zone=reown.id')
  expect(bobby.json).toEqual({
    suggestions: [
      { name: 'bobby.reown.id', registered: false },
      { name: 'bobby1.reown.id', registered: false },
      { name: 'bobby-wallet.reown.id', registered: false },
      { name: 'the-bobby.reown.id', registered: false },
    ],
  })
  await register(await signed('bobby1.reown.id'))
  expect((await get('/v1/profile/suggestions/bobby?zone=reown.id')).json).toMatchObject({
    suggestions: [{ registered: false }, { name: 'bobby1.reown.id', registered: true }, {}, {}],
  })
})

describe('a smart account registers (the embedded wallet signs as its ERC-4337 account)', () => {
  // Checked on the shared devnet's chain, where the PorticoAccount factory is: ERC-6492 before the
  // account's first operation deploys it.
  let onChain: Awaited<ReturnType<typeof startApiEmulator>>
  beforeAll(async () => {
    onChain = await startApiEmulator({ evmRpcUrl: inject('devnet').evmRpcUrl, solanaRpcUrl: 'http://127.0.0.1:9' })
  })
  afterAll(() => onChain.stop())
  const smartAccount = async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    return toSoladySmartAccount({
      client: createPublicClient({ transport: http(inject('devnet').evmRpcUrl) }),
      owner,
      entryPoint: { abi: entryPoint08Abi, address: entryPoint08Address, version: '0.8' },
      factoryAddress: devnetAccountAbstraction.porticoAccountFactory,
      salt: `${owner.address.toLowerCase()}${'00'.repeat(12)}` as `0x${string}`,
    })
  }
  const registerOn = async (body: unknown) =>
    (
      await fetch(`${onChain.url}/v1/profile/account?${Q}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).status

  test('behavior: its counterfactual signature (ERC-6492) registers the name for its address', async () => {
    const account = await smartAccount()
    const message = JSON.stringify({ name: 'smart-one.reown.id', attributes: {}, timestamp: now() })
    const signature = await account.signMessage({ message })
    expect(await registerOn({ coin_type: 60, address: account.address, message, signature })).toBe(200)
    expect((await get('/v1/profile/account/smart-one.reown.id')).status).toBe(404) // another emulator's data
  })

  test("security: the signature is not taken for another address, nor for its owner's", async () => {
    const [account, other] = [await smartAccount(), await smartAccount()]
    const message = JSON.stringify({ name: 'smart-two.reown.id', attributes: {}, timestamp: now() })
    const signature = await account.signMessage({ message })
    expect(await registerOn({ coin_type: 60, address: other.address, message, signature })).toBe(401)
    expect(await registerOn({ coin_type: 60, address: evmAccounts[0].address, message, signature })).toBe(401)
  })
})
