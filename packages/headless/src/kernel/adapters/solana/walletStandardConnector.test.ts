import {
  address,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardEventsListeners } from '@wallet-standard/features'
import { expect, test } from 'vitest'
import { unsignedSolanaTransfer } from '../../../test/solana.js'
import { withFeatures } from '../../../test/walletStandard.js'
import { createTestSolanaWallet, type TestSolanaWalletFeatures } from '../../../testing/solanaWallet.js'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import { solanaNetwork } from '../../networks.js'
import type { ConnectorEvent } from '../../types.js'
import { createWalletStandardConnector } from './walletStandardConnector.js'

// The connector over a Wallet Standard Solana wallet: the Solana test wallet's object handed to it
// directly (never registered, so no Wallet Standard registry is involved) and nothing sent to a
// chain. Discovery, balances and the actions are in solanaAdapter.test.ts.

const seeds = ['01'.repeat(32), '02'.repeat(32)]
// Never contacted: nothing here sends a transaction (loopback discard port).
const offlineRpcUrl = 'http://127.0.0.1:9/'

/** The input of the wallet's last recorded call. */
const lastInput = <T>(requests: readonly { readonly input: unknown }[]) => requests.at(-1)?.input as T
const network = solanaNetwork({
  genesisHash: 'B6CvzdUKzcdB1ZY65XSZAxfiu9DyB75MhTChrrUNHcRp',
  name: 'Solana Devnet',
  rpcUrl: offlineRpcUrl,
})

/** The Solana test wallet (its features optionally altered) and a connector over it. */
async function setup({
  features,
  chain = 'solana:localnet',
}: {
  features?: (real: TestSolanaWalletFeatures) => Record<string, unknown>
  chain?: IdentifierString
} = {}) {
  const solana = await createTestSolanaWallet({ seeds, rpcUrl: offlineRpcUrl })
  const real = solana.wallet
  const wallet: Wallet = features ? withFeatures(real, features) : real
  const walletChains: string[] = []
  const connector = createWalletStandardConnector(
    { wallet, name: 'Devnet Wallet', icon: real.icon },
    (caipNetworkId) => {
      walletChains.push(caipNetworkId)
      return chain
    },
  )
  const features_ = () => solana.requests.map((r) => r.feature)
  return { solana, wallet, connector, walletChains, features: features_ }
}

const request = (
  connector: Awaited<ReturnType<typeof setup>>['connector'],
  from: string,
  method: string,
  params: unknown,
) => connector.request({ namespace: 'solana', chainId: network.caipNetworkId, address: from, method, params })

test('default: an announced connector named by the wallet, with the wallet object as provider', async () => {
  const { connector, wallet } = await setup()
  expect(connector).toMatchObject({
    id: 'Devnet Wallet',
    uid: 'solana:Devnet Wallet',
    name: 'Devnet Wallet',
    imageUrl: wallet.icon,
    chain: 'solana',
    type: 'ANNOUNCED',
  })
  expect(connector.provider).toBe(wallet)
})

test('behavior: connect asks standard:connect (a prompt) and answers the account on the network', async () => {
  const { connector, solana } = await setup()
  expect(await connector.connect({ networks: { solana: network } })).toEqual([
    { namespace: 'solana', accounts: [solana.address], caipNetworkId: network.caipNetworkId },
  ])
  expect(solana.requests).toEqual([{ feature: 'standard:connect', input: undefined }])
  expect(await connector.connect({ networks: {} })).toEqual([
    { namespace: 'solana', accounts: [solana.address], caipNetworkId: undefined },
  ])
})

test('behavior: reconnect connects silently: no connection, and no prompt, while the site is not allowed', async () => {
  const { connector, solana } = await setup()
  solana.setRejectAll(true)
  expect(await connector.reconnect({ networks: { solana: network } })).toEqual([])
  solana.setRejectAll(false)
  await connector.connect({ networks: { solana: network } })
  await connector.disconnect()
  solana.setRejectAll(true)
  expect(await connector.reconnect({ networks: { solana: network } })).toEqual([
    { namespace: 'solana', accounts: [solana.address], caipNetworkId: network.caipNetworkId },
  ])
  expect(solana.requests.filter((r) => r.feature === 'standard:connect').map((r) => r.input)).toEqual([
    { silent: true },
    undefined,
    { silent: true },
  ])
})

test.each([
  [
    'refuses a silent connect (as wallets do for a site they no longer trust)',
    (real: TestSolanaWalletFeatures) => ({
      ...real,
      'standard:connect': {
        version: '1.0.0',
        connect: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
      },
    }),
  ],
  ['has no standard:connect', ({ 'standard:connect': _, ...rest }: TestSolanaWalletFeatures) => rest],
])(
  'behavior: a wallet that %s reconnects to nothing, as the contract says, instead of failing',
  async (_, features) => {
    const { connector } = await setup({ features })
    expect(await connector.reconnect({ networks: { solana: network } })).toEqual([])
  },
)

test("behavior: the accounts of the network's wallet chain are listed, else every valid account; malformed ones are dropped", async () => {
  const withAccounts =
    (
      change: (accounts: readonly WalletAccount[]) => unknown[],
    ): ((real: TestSolanaWalletFeatures) => Record<string, unknown>) =>
    (real) => ({
      ...real,
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => ({
          accounts: change((await real['standard:connect'].connect(input)).accounts),
        }),
      },
    })
  const devnetOnly = (a: WalletAccount, addr: string) => ({ ...a, address: addr, chains: ['solana:devnet'] })
  const other = 'FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'
  const mixed = withAccounts(([a]) => [
    a,
    devnetOnly(a as WalletAccount, other),
    { ...a, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
    { ...a, address: 'O0Il'.repeat(10) },
    null,
  ])
  const onDevnet = await setup({ features: mixed, chain: 'solana:devnet' })
  expect((await onDevnet.connector.connect({ networks: { solana: network } }))[0]?.accounts).toEqual([other])
  expect(onDevnet.walletChains).toEqual([network.caipNetworkId])
  const onLocalnet = await setup({ features: mixed, chain: 'solana:localnet' })
  expect((await onLocalnet.connector.connect({ networks: { solana: network } }))[0]?.accounts).toEqual([
    onLocalnet.solana.address,
  ])
  // No account claims the chain (wallets often list only the public clusters): all valid ones.
  const elsewhere = await setup({ features: mixed, chain: 'solana:mainnet' })
  expect((await elsewhere.connector.connect({ networks: { solana: network } }))[0]?.accounts).toEqual([
    elsewhere.solana.address,
    other,
  ])
  const none = await setup({ features: withAccounts(([a]) => [{ ...a, address: 'short' }]) })
  expect(await none.connector.connect({ networks: { solana: network } })).toEqual([])
})

test('error: a wallet without standard:connect cannot connect: a TypeError naming the feature', async () => {
  const { connector } = await setup({ features: ({ 'standard:connect': _, ...rest }) => rest })
  await expect(connector.connect({ networks: { solana: network } })).rejects.toThrow(
    new TypeError('Devnet Wallet does not support standard:connect'),
  )
})

test('behavior: disconnect calls standard:disconnect; a wallet without it is just left', async () => {
  const { connector, solana } = await setup()
  await connector.connect({ networks: { solana: network } })
  await connector.disconnect()
  expect(solana.requests.at(-1)?.feature).toBe('standard:disconnect')
  expect(solana.connected).toBe(false)
  const bare = await setup({ features: ({ 'standard:disconnect': _, ...rest }) => rest })
  await bare.connector.connect({ networks: { solana: network } })
  await expect(bare.connector.disconnect()).resolves.toBeUndefined()
  expect(bare.solana.connected).toBe(true)
})

test('behavior: signMessage signs text as UTF-8 (bytes as given) with the wallet account, answering a base58 ed25519 signature', async () => {
  const { connector, solana } = await setup()
  await connector.connect({ networks: { solana: network } })
  const key = await getPublicKeyFromAddress(address(solana.address))
  const text = 'héllo ◎'
  const bytes = new TextEncoder().encode(text)
  for (const message of [text, bytes]) {
    const signature = await connector.signMessage({ namespace: 'solana', address: solana.address, message, network })
    const signatureBytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(signatureBytes).toHaveLength(64)
    expect(await verifySignature(key, signatureBytes, bytes)).toBe(true)
  }
  const [input] = lastInput<{ account: WalletAccount }[]>(solana.requests)
  expect(input?.account).toBe(solana.wallet.accounts[0])
})

test('error: signing or requesting with an address the wallet does not expose is refused before the wallet is asked', async () => {
  const { connector, solana, features } = await setup()
  const stranger = 'FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'
  await expect(
    connector.signMessage({ namespace: 'solana', address: solana.address, message: 'x', network }),
  ).rejects.toThrow(new TypeError(`The wallet does not expose ${solana.address}`))
  await connector.connect({ networks: { solana: network } })
  await expect(
    connector.signMessage({ namespace: 'solana', address: stranger, message: 'x', network }),
  ).rejects.toThrow(new TypeError(`The wallet does not expose ${stranger}`))
  await expect(request(connector, stranger, 'solana_signMessage', { message: '3yZe7d' })).rejects.toThrow(
    new TypeError(`The wallet does not expose ${stranger}`),
  )
  expect(features()).toEqual(['standard:connect'])
})

test("behavior: requests go to the wallet's features on the network's wallet chain, in WalletConnect's Solana format", async () => {
  const { connector, solana, walletChains } = await setup()
  await connector.connect({ networks: { solana: network } })
  const message = new TextEncoder().encode('hi')
  const { signature } = (await request(connector, solana.address, 'solana_signMessage', {
    message: getBase58Decoder().decode(message),
  })) as { signature: string }
  const key = await getPublicKeyFromAddress(address(solana.address))
  expect(await verifySignature(key, getBase58Encoder().encode(signature) as SignatureBytes, message)).toBe(true)
  const transaction = unsignedSolanaTransfer(
    address(solana.address),
    address('FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'),
  )
  const signed = (await request(connector, solana.address, 'solana_signTransaction', { transaction })) as {
    signature: string
    transaction: string
  }
  const decoded = getTransactionDecoder().decode(Buffer.from(signed.transaction, 'base64'))
  expect(Object.keys(decoded.signatures)).toEqual([solana.address])
  // connect, then each request: the network's chain asked of the mapping every time.
  expect(walletChains).toEqual([network.caipNetworkId, network.caipNetworkId, network.caipNetworkId])
  expect(lastInput<{ chain: string }[]>(solana.requests)[0]?.chain).toBe('solana:localnet')
})

test("error: a wallet chain the wallet does not serve is the wallet's refusal; an unknown method is RequestNotApprovedError", async () => {
  const { connector, solana } = await setup({ chain: 'solana:mainnet' })
  await connector.connect({ networks: { solana: network } })
  await expect(
    request(connector, solana.address, 'solana_signTransaction', {
      transaction: unsignedSolanaTransfer(
        address(solana.address),
        address('FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'),
      ),
    }),
  ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Unsupported chain solana:mainnet') })
  const error = await request(connector, solana.address, 'solana_getBalance', {}).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(RequestNotApprovedError)
  expect(error).toMatchObject({
    shortMessage: 'Requested RPC call is not allowed',
    details: `The wallet did not approve solana_getBalance on ${network.caipNetworkId}.`,
  })
})

test("behavior: the wallet's account changes arrive as accountsChanged (empty when the site is revoked); other changes are ignored", async () => {
  const changes = new Set<StandardEventsListeners['change']>()
  const { connector, solana } = await setup({
    features: (real) => ({
      ...real,
      'standard:events': {
        version: '1.0.0',
        on(event: 'change', listener: StandardEventsListeners['change']) {
          changes.add(listener)
          const off = real['standard:events'].on(event, listener)
          return () => {
            changes.delete(listener)
            off()
          }
        },
      },
    }),
  })
  await connector.connect({ networks: { solana: network } })
  const events: ConnectorEvent[] = []
  const off = connector.subscribe('solana', (event) => events.push(event))
  solana.setAccount(1)
  expect(events).toEqual([{ type: 'accountsChanged', accounts: [solana.address] }])
  for (const listener of changes) listener({ chains: ['solana:mainnet'] })
  expect(events).toHaveLength(1)
  solana.disconnectFromWallet()
  expect(events.at(-1)).toEqual({ type: 'accountsChanged', accounts: [] })
  off()
  expect(changes.size).toBe(0)
  const quiet = await setup({ features: ({ 'standard:events': _, ...rest }) => rest })
  expect(() => quiet.connector.subscribe('solana', () => {})()).not.toThrow()
})
