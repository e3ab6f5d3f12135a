// The kernel's mutation option factories, through a real QueryClient and MutationObserver over a
// host connector that records what it is asked: each mutation's key, that one mutate runs its verb
// once with the variables given, and that a double mutate with the same variables asks the wallet
// once (per instance) while different ones each ask. What each verb does with the wallet's answer
// is tested beside the verb (kernel/actions/*.test.ts); the join itself in state/singleFlight.
import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test } from 'vitest'
import { deferred } from '../../test/deferred.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import {
  connectedHostWallet,
  type HostConnectorBehaviour,
  hostAdapter,
  hostConnector,
  rpcError,
} from '../../test/hostConnector.js'
import { getConnection } from '../actions/getConnection.js'
import { initialize } from '../actions/initialize.js'
import { createPortico } from '../createPortico.js'
import {
  connectMutationOptions,
  disconnectMutationOptions,
  type PorticoMutationOptions,
  requestMutationOptions,
  sendTransactionMutationOptions,
  signMessageMutationOptions,
  signTypedDataMutationOptions,
  switchNetworkMutationOptions,
} from './mutations.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const signature = `0x${'ab'.repeat(65)}`
const hash = `0x${'cd'.repeat(32)}`

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** A Portico connected to a host wallet as alice on eip155:31337. */
async function connected(behaviour: HostConnectorBehaviour = {}) {
  const setup = await connectedHostWallet(behaviour)
  stops.push(setup.stop)
  return setup
}

/**
 * A MutationObserver (what `useMutation` holds) of `options`, on its own client. `entered` counts
 * the mutate calls whose mutation function has started: a double click is only a double click
 * once both have.
 */
// biome-ignore lint/suspicious/noExplicitAny: each factory has its own data, error and variables
function observe<data, variables>(options: PorticoMutationOptions<data, any, variables>) {
  let entered = 0
  const waiting: { count: number; resolve: () => void }[] = []
  const observer = new MutationObserver(new QueryClient(), {
    ...options,
    mutationFn: (variables: variables) => {
      entered += 1
      for (const w of waiting) if (entered >= w.count) w.resolve()
      return options.mutationFn(variables)
    },
  })
  return {
    observer,
    mutate: (variables: variables) => observer.mutate(variables),
    /** Resolves once `count` mutate calls have reached the mutation function. */
    entered: (count: number) =>
      new Promise<void>((resolve) => (entered >= count ? resolve() : waiting.push({ count, resolve }))),
  }
}

test('behavior: each factory has its own key, under portico, named after its verb', async () => {
  const { portico } = await connected()
  const keys = [
    connectMutationOptions(portico),
    disconnectMutationOptions(portico),
    switchNetworkMutationOptions(portico),
    signMessageMutationOptions(portico),
    signTypedDataMutationOptions(portico),
    sendTransactionMutationOptions(portico),
    requestMutationOptions(portico),
  ].map((o) => o.mutationKey)
  expect(keys).toEqual([
    ['portico', 'connect'],
    ['portico', 'disconnect'],
    ['portico', 'switchNetwork'],
    ['portico', 'signMessage'],
    ['portico', 'signTypedData'],
    ['portico', 'sendTransaction'],
    ['portico', 'request'],
  ])
})

const typedData = {
  domain: { name: 'App', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hi' },
}

/** What the connected wallet answers each request method with. */
const answers: Record<string, unknown> = {
  eth_signTypedData_v4: signature,
  eth_sendTransaction: hash,
  eth_chainId: '0x7a69',
}

test.each([
  {
    verb: 'signMessage',
    options: signMessageMutationOptions,
    variables: { message: 'hello' },
    data: signature,
    asked: ['signMessage', { namespace: 'eip155', address: alice, message: 'hello' }],
  },
  {
    verb: 'signTypedData',
    options: signTypedDataMutationOptions,
    variables: { typedData },
    data: signature,
    asked: ['request', { method: 'eth_signTypedData_v4', params: [alice, JSON.stringify(typedData)] }],
  },
  {
    verb: 'sendTransaction',
    options: sendTransactionMutationOptions,
    variables: { to: bob, value: 10n },
    data: hash,
    asked: ['request', { method: 'eth_sendTransaction', params: [{ from: alice, to: bob, value: '0xa' }] }],
  },
  {
    verb: 'request',
    options: requestMutationOptions,
    variables: { method: 'eth_chainId' },
    data: '0x7a69',
    asked: ['request', { method: 'eth_chainId', params: [], chainId: 'eip155:31337' }],
  },
] as const)(
  'behavior: one $verb mutate asks the wallet once with the variables given and settles with its answer',
  async ({ options, variables, data, asked }) => {
    const { portico, wallet } = await connected({
      signMessage: async () => signature,
      request: async ({ method }) => answers[method],
    })
    // biome-ignore lint/suspicious/noExplicitAny: the table's rows differ in their variables
    const { observer, mutate } = observe(options(portico) as PorticoMutationOptions<unknown, any, any>)
    await expect(mutate(variables)).resolves.toBe(data)
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data, variables })
    const [method, parameters] = asked
    expect(wallet.calls.filter((c) => c.method !== 'connect')).toEqual([
      { method, parameters: expect.objectContaining(parameters) },
    ])
  },
)

test('behavior: a switchNetwork mutate asks the wallet once for the network given and settles with it', async () => {
  const { portico, wallet, networks } = await connected()
  const { mutate } = observe(switchNetworkMutationOptions(portico))
  await expect(mutate({ caipNetworkId: networks.devnet2.caipNetworkId })).resolves.toBe(networks.devnet2)
  expect(wallet.callsOf('switchNetwork')).toEqual([expect.objectContaining({ network: networks.devnet2 })])
  expect(getConnection(portico).caipNetworkId).toBe('eip155:31338')
})

test('behavior: a connect mutate asks the connector given once and settles with the account', async () => {
  const { devnet, devnet2 } = testNetworks()
  const wallet = hostConnector({
    connect: async () => [{ namespace: 'eip155', accounts: [alice], caipNetworkId: devnet.caipNetworkId }],
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, devnet2],
    adapters: [hostAdapter('eip155', [wallet.connector])],
    storage: memoryStorage(),
  })
  stops.push(initialize(portico))
  const { mutate } = observe(connectMutationOptions(portico))
  await expect(mutate({ connector: wallet.connector })).resolves.toMatchObject({
    namespace: 'eip155',
    address: alice,
    caipNetworkId: 'eip155:31337',
  })
  expect(wallet.callsOf('connect')).toHaveLength(1)
  expect(getConnection(portico)).toMatchObject({ status: 'connected', address: alice })
})

test('behavior: a disconnect mutate without variables asks the wallet once and disconnects', async () => {
  const { portico, wallet } = await connected()
  const { mutate } = observe(disconnectMutationOptions(portico))
  await mutate(undefined)
  expect(wallet.callsOf('disconnect')).toHaveLength(1)
  expect(getConnection(portico).status).toBe('disconnected')
})

test('behavior: a double mutate with the same message asks the wallet once and both settle with its answer; once settled, it asks again', async () => {
  const answer = deferred<string>()
  const { portico, wallet } = await connected({ signMessage: () => answer.promise })
  const { mutate, entered } = observe(signMessageMutationOptions(portico))
  const first = mutate({ message: 'pay' })
  const second = mutate({ message: 'pay' })
  await entered(2)
  answer.resolve(signature)
  expect(await Promise.all([first, second])).toEqual([signature, signature])
  expect(wallet.callsOf('signMessage')).toHaveLength(1)
  // A deliberate second signature, after the first one settled, asks again.
  await mutate({ message: 'pay' })
  expect(wallet.callsOf('signMessage')).toHaveLength(2)
})

test('behavior: a double disconnect mutate asks the wallet once and both settle', async () => {
  const answer = deferred<void>()
  const { portico, wallet } = await connected({ disconnect: () => answer.promise })
  const { mutate, entered } = observe(disconnectMutationOptions(portico))
  const first = mutate(undefined)
  const second = mutate(undefined)
  await entered(2)
  answer.resolve()
  await Promise.all([first, second])
  expect(wallet.callsOf('disconnect')).toHaveLength(1)
  expect(getConnection(portico).status).toBe('disconnected')
})

test('behavior: a double sendTransaction mutate sends once; the same transaction sent again after it settled sends again', async () => {
  const answer = deferred<string>()
  const { portico, wallet } = await connected({ request: () => answer.promise })
  const { mutate, entered } = observe(sendTransactionMutationOptions(portico))
  const first = mutate({ to: bob, value: 1n })
  const second = mutate({ to: bob, value: 1n })
  await entered(2)
  answer.resolve(hash)
  expect(await Promise.all([first, second])).toEqual([hash, hash])
  expect(wallet.callsOf('request')).toHaveLength(1)
  await mutate({ to: bob, value: 1n })
  expect(wallet.callsOf('request')).toHaveLength(2)
})

test('behavior: mutates with different variables at once each ask the wallet and each get their own answer', async () => {
  const { portico, wallet } = await connected({
    signMessage: async (parameters) => `0x${(parameters.message === 'a' ? 'aa' : 'bb').repeat(65)}`,
  })
  const { mutate, entered } = observe(signMessageMutationOptions(portico))
  const a = mutate({ message: 'a' })
  const b = mutate({ message: 'b' })
  await entered(2)
  expect(await Promise.all([a, b])).toEqual([`0x${'aa'.repeat(65)}`, `0x${'bb'.repeat(65)}`])
  expect(wallet.callsOf('signMessage').map((p) => (p as { message: string }).message)).toEqual(['a', 'b'])
})

test('behavior: an identical mutate on another instance is not joined: each instance asks its own wallet', async () => {
  const one = deferred<string>()
  const two = deferred<string>()
  const first = await connected({ signMessage: () => one.promise })
  const second = await connected({ signMessage: () => two.promise })
  const a = observe(signMessageMutationOptions(first.portico))
  const b = observe(signMessageMutationOptions(second.portico))
  const signedA = a.mutate({ message: 'same' })
  const signedB = b.mutate({ message: 'same' })
  await Promise.all([a.entered(1), b.entered(1)])
  one.resolve(`0x${'11'.repeat(65)}`)
  two.resolve(`0x${'22'.repeat(65)}`)
  expect(await Promise.all([signedA, signedB])).toEqual([`0x${'11'.repeat(65)}`, `0x${'22'.repeat(65)}`])
  expect(first.wallet.callsOf('signMessage')).toHaveLength(1)
  expect(second.wallet.callsOf('signMessage')).toHaveLength(1)
})

test("error: a rejected mutate carries the verb's typed error, and the same variables then ask the wallet again", async () => {
  let rejections = 1
  const { portico, wallet } = await connected({
    signMessage: async () => {
      if (rejections-- > 0) throw rpcError(4001, 'User rejected the request.')
      return signature
    },
  })
  const { observer, mutate } = observe(signMessageMutationOptions(portico))
  await expect(mutate({ message: 'hi' })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  expect(observer.getCurrentResult()).toMatchObject({
    status: 'error',
    error: { name: 'UserRejectedRequestError' },
    variables: { message: 'hi' },
  })
  await expect(mutate({ message: 'hi' })).resolves.toBe(signature)
  expect(wallet.callsOf('signMessage')).toHaveLength(2)
})
