// Names a user registers, against the devnet's profile service: the signature is made by a real
// key through the connector contract and checked by the service (viem's verifyMessage), so a name
// registered here resolves, reverse-resolves and is the address's identity.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, inject, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { fetchIdentity } from '../../kernel/api/blockchainApi.js'
import { createPortico } from '../../kernel/createPortico.js'
import type { PorticoOptions } from '../../kernel/options.js'
import { listConnectors } from '../../kernel/state/registry.js'
import { deferred } from '../../test/deferred.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector, rpcError } from '../../test/hostConnector.js'
import { getNameSuggestions } from './getNameSuggestions.js'
import { getNamesForAddress } from './getNamesForAddress.js'
import { registerNameMutationOptions } from './query.js'
import { registerName } from './registerName.js'
import { resolveName } from './resolveName.js'

const devnet = inject('devnet')
/** A name nobody registered yet (the devnet is shared across test files and runs). */
const freshLabel = () => `name-${Math.random().toString(36).slice(2, 10)}`

async function walletWithNames({
  accountNames = true,
  signMessage,
  options = {},
}: {
  accountNames?: boolean
  signMessage?: (message: string) => Promise<string>
  options?: Partial<PorticoOptions>
} = {}) {
  const account = privateKeyToAccount(generatePrivateKey())
  const { devnet: network, solanaLocal } = testNetworks()
  const wallet = hostConnector({
    accountNames,
    connect: async () => [{ namespace: 'eip155', accounts: [account.address], caipNetworkId: network.caipNetworkId }],
    signMessage: async ({ message }) =>
      signMessage ? signMessage(String(message)) : account.signMessage({ message: String(message) }),
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    remoteConfig: false,
    networks: [network, solanaLocal],
    adapters: [hostAdapter('eip155', [wallet.connector]), hostAdapter('solana')],
    storage: memoryStorage(),
    apiUrls: { blockchain: devnet.apiUrl, api: devnet.apiUrl },
    ...options,
  })
  const stop = initialize(portico)
  await connect(portico, { connector: wallet.connector })
  return { portico, wallet, account, stop }
}

test('registerName: the wallet signs name, attributes and a timestamp in seconds; the name then resolves, reverse-resolves and is the identity', async () => {
  const { portico, wallet, account, stop } = await walletWithNames()
  try {
    const label = freshLabel()
    const steps: string[] = []
    const before = Math.floor(Date.now() / 1000)
    expect(await registerName(portico, { name: ` ${label.toUpperCase()} `, onStep: (s) => steps.push(s) })).toEqual({
      name: `${label}.reown.id`,
      address: account.address,
    })
    expect(steps).toEqual(['sign', 'register'])
    const [signed] = wallet.callsOf('signMessage') as { message: string; namespace: string }[]
    expect(signed?.namespace).toBe('eip155')
    const message = JSON.parse(signed?.message ?? '')
    expect(message).toEqual({ name: `${label}.reown.id`, attributes: {}, timestamp: expect.any(Number) })
    expect(message.timestamp).toBeGreaterThanOrEqual(before)
    expect(message.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    expect(await resolveName(portico, { name: `${label}.reown.id`, namespace: 'eip155' })).toEqual({
      name: `${label}.reown.id`,
      address: account.address,
    })
    expect(await getNamesForAddress(portico, { address: account.address })).toEqual([
      { name: `${label}.reown.id`, addresses: { '60': account.address } },
    ])
    expect(await fetchIdentity(portico, { address: account.address })).toMatchObject({ name: `${label}.reown.id` })
    // Taken now: the second registration of the same name is refused by the service.
    await expect(registerName(portico, { name: label })).rejects.toMatchObject({
      name: 'NameRegistrationError',
      shortMessage: `Error registering name ${label}.reown.id`,
      reason: 'taken',
    })
  } finally {
    stop()
  }
})

test("registerName: a wallet that cannot register names, or no connected address: 'Address or auth connector not found', nothing signed", async () => {
  const { portico, wallet, stop } = await walletWithNames({ accountNames: false })
  try {
    await expect(registerName(portico, { name: freshLabel() })).rejects.toMatchObject({
      name: 'NameConnectorNotFoundError',
      shortMessage: 'Address or auth connector not found',
    })
    expect(wallet.callsOf('signMessage')).toEqual([])
  } finally {
    stop()
  }
  const { devnet: network } = testNetworks()
  const disconnected = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [network],
    adapters: [hostAdapter('eip155')],
    storage: null,
    apiUrls: { blockchain: devnet.apiUrl, api: devnet.apiUrl },
  })
  await expect(registerName(disconnected, { name: freshLabel() })).rejects.toMatchObject({
    shortMessage: 'Address or auth connector not found',
  })
})

test("registerName: a name breaking the rule is 'Error registering name {name}' before the wallet is asked; a declined signature stays a rejection", async () => {
  const { portico, wallet, stop } = await walletWithNames({
    signMessage: async () => {
      throw rpcError(4001, 'User rejected the request.')
    },
  })
  try {
    for (const name of ['bob', 'al_ice', 'alice.eth', '', 'a b c d'])
      await expect(registerName(portico, { name })).rejects.toMatchObject({
        name: 'NameRegistrationError',
        shortMessage: `Error registering name ${name.trim()}`,
        reason: 'invalid-name',
      })
    expect(wallet.callsOf('signMessage')).toEqual([])
    const label = freshLabel()
    await expect(registerName(portico, { name: label })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    // Nothing was registered: the name is still free.
    const suggestions = await getNameSuggestions(portico, { name: label })
    expect(suggestions[0]).toEqual({ name: `${label}.reown.id`, registered: false })
  } finally {
    stop()
  }
})

test("registerName: a signature the service refuses (another key's) is 'Error registering name {name}', reason failed", async () => {
  const other = privateKeyToAccount(generatePrivateKey())
  const { portico, stop } = await walletWithNames({ signMessage: (message) => other.signMessage({ message }) })
  try {
    const label = freshLabel()
    await expect(registerName(portico, { name: `${label}.wcn.id` })).rejects.toMatchObject({
      shortMessage: `Error registering name ${label}.wcn.id`,
      reason: 'failed',
    })
  } finally {
    stop()
  }
})

test('registerNameMutationOptions: a double click signs once and registers once; both calls get the name', async () => {
  const gate = deferred<void>()
  let account: ReturnType<typeof privateKeyToAccount> | undefined
  const { portico, wallet, stop, ...rest } = await walletWithNames({
    signMessage: async (message) => {
      await gate.promise
      return (account as ReturnType<typeof privateKeyToAccount>).signMessage({ message })
    },
  })
  account = rest.account
  try {
    const { mutationFn } = registerNameMutationOptions(portico)
    const label = freshLabel()
    const first = mutationFn({ name: label })
    const second = mutationFn({ name: label })
    gate.resolve()
    const expected = { name: `${label}.reown.id`, address: rest.account.address }
    expect(await Promise.all([first, second])).toEqual([expected, expected])
    expect(wallet.callsOf('signMessage')).toHaveLength(1)
  } finally {
    stop()
  }
})

test('suffixes: the nameSuffixes option sets the default zone and which typed suffixes are kept', async () => {
  const { portico, stop } = await walletWithNames({ options: { nameSuffixes: ['.wcn.id', '.reown.id'] } })
  try {
    const label = freshLabel()
    expect((await registerName(portico, { name: label })).name).toBe(`${label}.wcn.id`)
    expect((await registerName(portico, { name: `${label}.reown.id` })).name).toBe(`${label}.reown.id`)
    expect((await getNameSuggestions(portico, { name: label }))[0]).toEqual({
      name: `${label}.wcn.id`,
      registered: true,
    })
  } finally {
    stop()
  }
  expect(() =>
    createPortico({
      networks: [testNetworks().devnet],
      adapters: [hostAdapter('eip155')],
      storage: null,
      nameSuffixes: ['reown.id'],
    }),
  ).toThrow(/nameSuffixes/)
})

test('the embedded wallet is the connector that may register names, from the moment it is listed (before its code loads); an installed one is not', () => {
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [testNetworks().devnet],
    adapters: [
      eip155Adapter({ eip6963: false, connectors: [{ id: 'w', name: 'W', provider: { request: async () => null } }] }),
    ],
    storage: null,
    embeddedWallet: { frameUrl: 'http://127.0.0.1:9/frame' },
  })
  const stop = initialize(portico)
  try {
    const flags = Object.fromEntries(listConnectors(portico, 'eip155').map((c) => [c.id, c.accountNames === true]))
    expect(flags).toEqual({ auth: true, w: false })
  } finally {
    stop()
  }
})
