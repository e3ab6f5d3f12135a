// The chain's side of the EIP-7702 upgrade (delegation.ts) against the shared devnet's anvil (Prague):
// which contract an EOA delegates to, read from its code, and that only Simple7702Account counts as
// the upgrade (any other target is never taken for it); whether a network can take the upgrade,
// asked with a throwaway key and decided at EIP-7702's gas floor; the probe that keeps a yes but
// asks a no again; the undo, which clears any delegation with the EOA's own transaction. Faults
// (no contract, a node that ignores authorization lists, a failed receipt, a node that is down)
// come from a loopback proxy in front of anvil. The prompts are in upgrade.test.ts; the upgrade and
// undo through a real bundler, Cancun and a blank chain in tests/integration/upgradeAccountFrame.test.ts.
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  createTestClient,
  type Hex,
  hexToNumber,
  http,
  type LocalAccount,
  parseEther,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { recoverAuthorizationAddress } from 'viem/utils'
import { afterAll, describe, expect, inject, test } from 'vitest'
// The devnet the root vitest globalSetup starts; its module types what `inject('devnet')` returns.
import type {} from '../../../headless/src/test/globalDevnet.js'
import {
  delegationOf,
  isUpgraded,
  prepareUndo,
  sendUndo,
  simple7702Implementation,
  upgradeProbe,
  upgradeUnsupported,
} from './delegation.js'
import { chainClient } from './eip155Client.js'
import { RpcError } from './rpcError.js'

const { evmRpcUrl } = inject('devnet')
const anvil = createTestClient({ mode: 'anvil', transport: http(evmRpcUrl) })
const attacker = '0x00000000000000000000000000000000deadbeef' as Address
const designator = (target: Address) => `0xef0100${target.slice(2).toLowerCase()}` as Hex

/** A fresh EOA on the devnet (its own key, 1 ETH), delegating to `target` when given. */
async function freshEoa(target?: Address) {
  const owner = privateKeyToAccount(generatePrivateKey())
  await anvil.setBalance({ address: owner.address, value: parseEther('1') })
  if (target) await anvil.setCode({ address: owner.address, bytecode: designator(target) })
  let uses = 0
  const withOwner = async <T>(use: (account: LocalAccount) => Promise<T>) => {
    uses++
    return use(owner)
  }
  return { owner, withOwner, uses: () => uses }
}

type Rpc = { method: string; params?: unknown[]; id: number }
/**
 * A JSON-RPC proxy in front of anvil: `answer` replaces the result of a method (undefined: anvil's),
 * `patch` edits anvil's result, `down` drops every connection unanswered. Every request is recorded.
 */
type Proxy = {
  url: string
  requests: Rpc[]
  down: boolean
  answer: (call: Rpc) => unknown
  patch: (call: Rpc, result: unknown) => unknown
}
const servers: Server[] = []
async function proxy(): Promise<Proxy> {
  const state: Proxy = {
    url: '',
    requests: [],
    down: false,
    answer: () => undefined,
    patch: (_, result) => result,
  }
  const server = createServer(async (request, response) => {
    if (state.down) {
      request.socket.destroy()
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString()) as Rpc | Rpc[]
    const one = async (call: Rpc) => {
      state.requests.push(call)
      const fixed = state.answer(call)
      if (fixed !== undefined) {
        if (fixed instanceof Error)
          return { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: fixed.message } }
        return { jsonrpc: '2.0', id: call.id, result: fixed }
      }
      const reply = (await (
        await fetch(evmRpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(call),
        })
      ).json()) as { result?: unknown }
      return 'result' in reply ? { ...reply, result: state.patch(call, reply.result) } : reply
    }
    const reply = Array.isArray(body) ? await Promise.all(body.map(one)) : await one(body)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(reply))
  })
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  return state
}
afterAll(() => {
  for (const server of servers) server.close()
})

const estimates = (p: Proxy) => p.requests.filter((r) => r.method === 'eth_estimateGas')
/** The address that signed the first authorization of an `eth_estimateGas` request, and its target. */
async function authorizationOf(call: Rpc) {
  const [rpc] = ((call.params ?? [])[0] as { authorizationList: Record<string, Hex>[] }).authorizationList as [
    Record<string, Hex>,
  ]
  const authorization = {
    address: rpc.address as Address,
    chainId: hexToNumber(rpc.chainId as Hex),
    nonce: hexToNumber(rpc.nonce as Hex),
    r: rpc.r as Hex,
    s: rpc.s as Hex,
    yParity: hexToNumber(rpc.yParity as Hex),
  }
  return { target: authorization.address, signer: await recoverAuthorizationAddress({ authorization }) }
}

describe('which contract an EOA delegates to', () => {
  test('default: a plain EOA delegates to nothing and is not upgraded', async () => {
    const { owner } = await freshEoa()
    expect(await delegationOf(evmRpcUrl, owner.address)).toBeUndefined()
    expect(await isUpgraded(evmRpcUrl, owner.address)).toBe(false)
  })

  test('behavior: an EOA delegating to Simple7702Account is upgraded', async () => {
    const { owner } = await freshEoa(simple7702Implementation)
    expect(await delegationOf(evmRpcUrl, owner.address)).toBe(simple7702Implementation.toLowerCase())
    expect(await isUpgraded(evmRpcUrl, owner.address)).toBe(true)
  })

  test('security: a delegation to any other contract is named as it is, and never taken for the upgrade', async () => {
    const { owner } = await freshEoa(attacker)
    expect(await delegationOf(evmRpcUrl, owner.address)).toBe(attacker)
    expect(await isUpgraded(evmRpcUrl, owner.address)).toBe(false)
    // One character off the implementation's address is another contract too.
    const near = `${simple7702Implementation.slice(0, -1)}C` as Address
    const { owner: other } = await freshEoa(near)
    expect(await isUpgraded(evmRpcUrl, other.address)).toBe(false)
  })

  test("edge: a contract's own code on chain is no delegation", async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address
    const code = await (await chainClient(evmRpcUrl)).getCode({ address: simple7702Implementation })
    expect(code?.length).toBeGreaterThan(48)
    await anvil.setCode({ address, bytecode: code as Hex })
    expect(await delegationOf(evmRpcUrl, address)).toBeUndefined()
    expect(await isUpgraded(evmRpcUrl, simple7702Implementation)).toBe(false)
  })

  // Malformed designators come from the proxy: anvil itself refuses (and falls over on) such code.
  test.each([
    ['a designator with a byte too many', `${designator(simple7702Implementation)}00`],
    ['a designator a byte short', designator(simple7702Implementation).slice(0, -2)],
    ['another prefix of the same length', `0xef0200${simple7702Implementation.slice(2)}`],
    ['the designator inside longer code', `0x00${designator(simple7702Implementation).slice(2)}`],
    ['the address alone, 0x-padded to the length', `0x000000${simple7702Implementation.slice(2)}`],
  ])('edge: %s is no delegation', async (_, code) => {
    const node = await proxy()
    node.answer = (call) => (call.method === 'eth_getCode' ? code : undefined)
    const { address } = privateKeyToAccount(generatePrivateKey())
    expect(await delegationOf(node.url, address)).toBeUndefined()
    expect(await isUpgraded(node.url, address)).toBe(false)
  })

  test('edge: a designator a node writes in capitals still names its target', async () => {
    const node = await proxy()
    node.answer = (call) =>
      call.method === 'eth_getCode' ? `0xEF0100${simple7702Implementation.slice(2).toUpperCase()}` : undefined
    const { address } = privateKeyToAccount(generatePrivateKey())
    expect(await isUpgraded(node.url, address)).toBe(true)
  })

  test('error: an RPC URL that is not http is refused before anything is asked', async () => {
    const { owner } = await freshEoa()
    await expect(delegationOf('ws://127.0.0.1:8545', owner.address)).rejects.toThrow(
      new RpcError('Provided URL is not compatible with HTTP connection', -32602),
    )
    await expect(isUpgraded(undefined, owner.address)).rejects.toThrow('No RPC URL for this network')
  })
})

describe('whether the network can take the upgrade', () => {
  test("behavior: the devnet can; the estimate's authorization is a throwaway key's, to Simple7702Account", async () => {
    const node = await proxy()
    expect(await upgradeUnsupported(node.url)).toBeUndefined()
    const [estimate] = estimates(node)
    expect(estimate).toBeDefined()
    const { target, signer } = await authorizationOf(estimate as Rpc)
    expect(target.toLowerCase()).toBe(simple7702Implementation.toLowerCase())
    // The probe's key is new each time: two probes never sign with the same key.
    expect(await upgradeUnsupported(node.url)).toBeUndefined()
    expect((await authorizationOf(estimates(node)[1] as Rpc)).signer).not.toBe(signer)
    expect(node.requests.some((r) => r.method.startsWith('eth_send'))).toBe(false)
  })

  test('error: without Simple7702Account at its address the network cannot, and no estimate is asked', async () => {
    const node = await proxy()
    node.answer = (call) =>
      call.method === 'eth_getCode' && String(call.params?.[0]).toLowerCase() === simple7702Implementation.toLowerCase()
        ? '0x'
        : undefined
    expect(await upgradeUnsupported(node.url)).toBe(
      `Simple7702Account is not deployed at ${simple7702Implementation} on this network`,
    )
    expect(estimates(node)).toEqual([])
  })

  test('edge: a node that estimates under 46,000 gas ignored the authorization; at 46,000 it ran it', async () => {
    const node = await proxy()
    node.answer = (call) => (call.method === 'eth_estimateGas' ? '0xb3af' : undefined) // 45,999
    expect(await upgradeUnsupported(node.url)).toBe(
      'the network does not run EIP-7702 (it ignores authorization lists)',
    )
    node.answer = (call) => (call.method === 'eth_estimateGas' ? '0xb3b0' : undefined) // 46,000
    expect(await upgradeUnsupported(node.url)).toBeUndefined()
  })

  test('error: a node that refuses the estimate: its reason, cut to 200 characters', async () => {
    const node = await proxy()
    node.answer = (call) =>
      call.method === 'eth_estimateGas' ? new Error(`invalid transaction type ${'x'.repeat(400)}`) : undefined
    const reason = await upgradeUnsupported(node.url)
    expect(reason).toMatch(/^the network does not run EIP-7702 \(invalid transaction type x+\)$/)
    expect(reason?.length).toBe('the network does not run EIP-7702 ()'.length + 200)
  })

  test('behavior: the probe keeps a yes (the node is not asked again) but asks a no again', async () => {
    const canTakeUpgrade = upgradeProbe()
    const node = await proxy()
    node.down = true
    expect(await canTakeUpgrade(node.url)).toBe(false)
    node.down = false
    expect(await canTakeUpgrade(node.url)).toBe(true)
    const asked = node.requests.length
    node.down = true
    expect(await canTakeUpgrade(node.url)).toBe(true)
    expect(node.requests.length).toBe(asked)
  })

  test("security: a yes for one URL is not another's; nor is it shared between probes", async () => {
    const canTakeUpgrade = upgradeProbe()
    const good = await proxy()
    const bad = await proxy()
    bad.answer = (call) => (call.method === 'eth_estimateGas' ? '0x5208' : undefined) // 21,000
    expect(await canTakeUpgrade(good.url)).toBe(true)
    expect(await canTakeUpgrade(bad.url)).toBe(false)
    expect(await canTakeUpgrade(undefined)).toBe(false)
    good.down = true
    expect(await upgradeProbe()(good.url)).toBe(false)
  })
})

describe('undoing the upgrade', () => {
  test("behavior: prepared with a stand-in's authorization to the zero address, nothing of the user's signed", async () => {
    const eoa = await freshEoa(simple7702Implementation)
    const node = await proxy()
    node.answer = (call) => (call.method === 'eth_estimateGas' ? '0x1d4c1' : undefined) // 120,001
    const prepared = await prepareUndo(node.url, eoa.owner.address)
    // 20 % over the estimate, rounded down; the most it pays is that gas at the max fee.
    expect(prepared.gas).toBe(144_001n)
    expect(prepared.maxCost).toBe(prepared.gas * prepared.maxFeePerGas)
    expect(prepared.maxFeePerGas).toBeGreaterThanOrEqual(prepared.maxPriorityFeePerGas)
    const [estimate] = estimates(node) as [Rpc]
    expect(((estimate.params ?? [])[0] as { from: string }).from.toLowerCase()).toBe(eoa.owner.address.toLowerCase())
    const { target, signer } = await authorizationOf(estimate)
    expect(target).toBe(zeroAddress)
    expect(signer).not.toBe(eoa.owner.address)
    expect(eoa.uses()).toBe(0)
  })

  test("security: the undo clears a delegation to a contract that is not ours, with the EOA's one key use", async () => {
    const eoa = await freshEoa(attacker)
    const prepared = await prepareUndo(evmRpcUrl, eoa.owner.address)
    const hash = await sendUndo(evmRpcUrl, eoa.owner.address, eoa.withOwner, prepared)
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(eoa.uses()).toBe(1)
    expect(await delegationOf(evmRpcUrl, eoa.owner.address)).toBeUndefined()
    const client = await chainClient(evmRpcUrl)
    expect(await client.getCode({ address: eoa.owner.address })).toBeUndefined()
    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt.from.toLowerCase()).toBe(eoa.owner.address.toLowerCase())
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBeLessThanOrEqual(prepared.maxCost)
  })

  test('error: a receipt that says the undo failed ends in the typed error, not a hash', async () => {
    const eoa = await freshEoa(simple7702Implementation)
    const node = await proxy()
    node.patch = (call, result) =>
      call.method === 'eth_getTransactionReceipt' && result ? { ...(result as object), status: '0x0' } : result
    const prepared = await prepareUndo(node.url, eoa.owner.address)
    const error = await sendUndo(node.url, eoa.owner.address, eoa.withOwner, prepared).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ message: 'The transaction that undoes the upgrade failed', code: -32000 })
  })

  test('error: the user refusing to sign sends nothing', async () => {
    const eoa = await freshEoa(simple7702Implementation)
    const node = await proxy()
    const prepared = await prepareUndo(node.url, eoa.owner.address)
    const refused = new RpcError('User rejected the request.', 4001)
    await expect(sendUndo(node.url, eoa.owner.address, async () => Promise.reject(refused), prepared)).rejects.toBe(
      refused,
    )
    expect(node.requests.some((r) => r.method === 'eth_sendRawTransaction')).toBe(false)
    expect(await isUpgraded(evmRpcUrl, eoa.owner.address)).toBe(true)
  })
})
