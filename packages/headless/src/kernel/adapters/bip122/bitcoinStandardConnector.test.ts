import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardEventsListeners } from '@wallet-standard/features'
import { expect, test } from 'vitest'
import { bitcoinTestKeys, regtestNetwork, unsignedPsbt } from '../../../test/bitcoin.js'
import { withFeatures } from '../../../test/walletStandard.js'
import { createTestBitcoinWallet, type TestBitcoinWalletFeatures } from '../../../testing/bitcoinWallet.js'
import { hexToBytes } from '../../../testing/testWalletPrompts.js'
import { InvalidPsbtError } from '../../errors/bitcoin.js'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { ConnectorEvent } from '../../types.js'
import {
  accountTypeOf,
  type BitcoinSignAndSendTransactionFeature,
  bitcoinAccountPurpose,
  createBitcoinStandardConnector,
} from './bitcoinStandardConnector.js'

// The connector over a Wallet Standard Bitcoin wallet: the Bitcoin test wallet's object handed to
// it directly (never registered, so no Wallet Standard registry is involved). Discovery and the
// actions' error translation are in bip122Adapter.test.ts; the PSBT checks in psbt.test.ts.

const privateKeys = bitcoinTestKeys
const network = regtestNetwork

/** The input of the wallet's last recorded call. */
const lastInput = <T>(requests: readonly { readonly input: unknown }[]) => requests.at(-1)?.input as T
type Features = Record<string, unknown> & Partial<TestBitcoinWalletFeatures>

/** The Bitcoin test wallet (its features optionally altered) and a connector over it. */
function setup({ features }: { features?: (real: TestBitcoinWalletFeatures) => Features } = {}) {
  const btc = createTestBitcoinWallet({ privateKeys })
  const real = btc.wallet
  const wallet: Wallet = features ? withFeatures(real, features) : real
  const walletChains: string[] = []
  const connector = createBitcoinStandardConnector(
    { wallet, name: 'Devnet Wallet', icon: real.icon },
    (caipNetworkId) => {
      walletChains.push(caipNetworkId)
      return 'bitcoin:regtest'
    },
  )
  const methods = () => btc.requests.map((r) => r.method)
  const { payment, ordinals } = btc.addresses
  return { btc, wallet, connector, methods, walletChains, payment, ordinals }
}

const request = (connector: ReturnType<typeof setup>['connector'], address: string, method: string, params: unknown) =>
  connector.request({ namespace: 'bip122', chainId: network.caipNetworkId, address, method, params })

/** What the wallet's last `bitcoin:signTransaction` call was asked to sign. */
const lastSigning = (btc: ReturnType<typeof setup>['btc']) =>
  lastInput<{ inputsToSign: { account: WalletAccount; signingIndexes: number[]; sigHash?: number }[] }[]>(
    btc.requests,
  )[0]?.inputsToSign.map(({ account, ...rest }) => ({ address: account.address, ...rest }))

test('default: an announced connector named by the wallet, with the wallet object as provider', () => {
  const { connector, wallet } = setup()
  expect(connector).toMatchObject({
    id: 'Devnet Wallet',
    uid: 'bip122:Devnet Wallet',
    name: 'Devnet Wallet',
    imageUrl: wallet.icon,
    chain: 'bip122',
    type: 'ANNOUNCED',
  })
  expect(connector.provider).toBe(wallet)
})

test('behavior: connect asks bitcoin:connect for payment and ordinals addresses, payment first (the default account type)', async () => {
  const { connector, btc, payment, ordinals } = setup()
  expect(await connector.connect({ networks: { bip122: network } })).toEqual([
    { namespace: 'bip122', accounts: [payment, ordinals], caipNetworkId: network.caipNetworkId },
  ])
  expect(btc.requests).toEqual([{ method: 'bitcoin:connect', input: { purposes: ['payment', 'ordinals'] } }])
  expect(await connector.connect({ networks: {} })).toEqual([
    { namespace: 'bip122', accounts: [payment, ordinals], caipNetworkId: undefined },
  ])
})

test('behavior: reconnect connects silently: no connection, and no prompt, while the site is not allowed', async () => {
  const { connector, btc, payment, ordinals } = setup()
  btc.setRejectAll(true)
  expect(await connector.reconnect({ networks: { bip122: network } })).toEqual([])
  btc.setRejectAll(false)
  await connector.connect({ networks: { bip122: network } })
  btc.setRejectAll(true)
  expect(await connector.reconnect({ networks: { bip122: network } })).toEqual([
    { namespace: 'bip122', accounts: [payment, ordinals], caipNetworkId: network.caipNetworkId },
  ])
  expect(btc.requests.map((r) => r.input)).toEqual([
    { purposes: ['payment', 'ordinals'], silent: true },
    { purposes: ['payment', 'ordinals'] },
    { purposes: ['payment', 'ordinals'], silent: true },
  ])
})

test('error: a wallet without bitcoin:connect cannot connect (a TypeError naming the feature) and reconnects to nothing', async () => {
  const { connector } = setup({ features: ({ 'bitcoin:connect': _, ...rest }) => rest })
  await expect(connector.connect({ networks: { bip122: network } })).rejects.toThrow(
    new TypeError('Devnet Wallet does not support bitcoin:connect'),
  )
  expect(await connector.reconnect({ networks: { bip122: network } })).toEqual([])
})

test('behavior: invalid and repeated addresses are dropped; a purpose the wallet leaves out is read from the address (taproot is ordinals)', async () => {
  const { connector, payment, ordinals } = setup({
    features: (real) => ({
      ...real,
      'bitcoin:connect': {
        version: '1.0.0',
        async connect(input) {
          const { accounts } = await real['bitcoin:connect'].connect(input)
          const [pay, ord] = accounts as WalletAccount[]
          const bare = (a: WalletAccount | undefined) => ({ ...a, purpose: undefined }) as unknown as WalletAccount
          return {
            accounts: [bare(ord), { ...bare(pay), address: 'bcrt1qnotanaddress' }, bare(pay), bare(pay), null as never],
          }
        },
      },
    }),
  })
  expect(await connector.connect({ networks: { bip122: network } })).toEqual([
    { namespace: 'bip122', accounts: [payment, ordinals], caipNetworkId: network.caipNetworkId },
  ])
})

test.each([
  [{ address: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr' }, 'ordinals', 'ordinal'],
  [{ address: 'TB1PQQQQ' }, 'ordinals', 'ordinal'],
  [{ address: 'bcrt1pxyz' }, 'ordinals', 'ordinal'],
  [{ address: 'bcrt1pxyz', purpose: 'payment' }, 'payment', 'payment'],
  [{ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', purpose: 'ordinals' }, 'ordinals', 'ordinal'],
  [{ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', purpose: 'savings' }, 'payment', 'payment'],
  [{ address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' }, 'payment', 'payment'],
] as const)('behavior: the account %j has the purpose %s (account type %s)', (account, purpose, type) => {
  expect(bitcoinAccountPurpose(account)).toBe(purpose)
  expect(accountTypeOf(bitcoinAccountPurpose(account))).toBe(type)
})

test('behavior: disconnect calls standard:disconnect; a wallet without it is just left', async () => {
  const { connector, btc } = setup()
  await connector.connect({ networks: { bip122: network } })
  await connector.disconnect()
  expect(btc.requests.at(-1)?.method).toBe('standard:disconnect')
  expect(btc.connected).toBe(false)
  const bare = setup({ features: ({ 'standard:disconnect': _, ...rest }) => rest })
  await bare.connector.connect({ networks: { bip122: network } })
  await expect(bare.connector.disconnect()).resolves.toBeUndefined()
  expect(bare.btc.connected).toBe(true)
})

test('behavior: signMessage signs the UTF-8 text with the wallet account of the address, answering base64', async () => {
  const { connector, btc, payment } = setup()
  await connector.connect({ networks: { bip122: network } })
  const signature = await connector.signMessage({ namespace: 'bip122', address: payment, message: 'héllo ₿', network })
  const [input] = lastInput<{ account: WalletAccount; message: Uint8Array }[]>(btc.requests)
  expect(input?.account).toBe(btc.wallet.accounts[0])
  expect(new TextDecoder().decode(input?.message)).toBe('héllo ₿')
  // BIP-137: 65 bytes, header 39 + recovery id (P2WPKH).
  const bytes = base64.decode(signature)
  expect(bytes).toHaveLength(65)
  expect([39, 40]).toContain(bytes[0])
  const asBytes = await connector.signMessage({
    namespace: 'bip122',
    address: payment,
    message: new TextEncoder().encode('héllo ₿'),
    network,
  })
  expect(asBytes).toBe(signature)
})

test('behavior: signMessage hands message bytes to the wallet unchanged, UTF-8 or not', async () => {
  const { connector, btc, payment } = setup()
  await connector.connect({ networks: { bip122: network } })
  for (const message of [Uint8Array.of(0xff, 0), Uint8Array.of(0xef, 0xbb, 0xbf, 0x61), Uint8Array.of(0xc3)]) {
    await connector.signMessage({ namespace: 'bip122', address: payment, message, network })
    const [input] = lastInput<{ message: Uint8Array }[]>(btc.requests)
    expect(input?.message).toEqual(message)
  }
})

test('error: signing with an address the wallet does not expose is refused before the wallet is asked', async () => {
  const { connector, methods } = setup()
  const other = createTestBitcoinWallet({ privateKeys: [privateKeys[1] as string] }).addresses.payment
  // Not connected: the wallet exposes no account at all.
  await expect(connector.signMessage({ namespace: 'bip122', address: other, message: 'x', network })).rejects.toThrow(
    new TypeError(`The wallet does not expose ${other}`),
  )
  await connector.connect({ networks: { bip122: network } })
  await expect(request(connector, other, 'signMessage', { message: 'x' })).rejects.toThrow(
    new TypeError(`The wallet does not expose ${other}`),
  )
  expect(methods()).toEqual(['bitcoin:connect'])
})

test('behavior: the signMessage request signs as address, else account, else the connected address, answering {address, signature}', async () => {
  const { connector, btc, payment } = setup()
  await connector.connect({ networks: { bip122: network } })
  const answer = (await request(connector, payment, 'signMessage', { message: 'a', protocol: 'ecdsa' })) as {
    address: string
    signature: string
  }
  expect(answer).toEqual({ address: payment, signature: expect.any(String) })
  expect(base64.decode(answer.signature)).toHaveLength(65)
  const viaAccount = (await request(connector, 'bcrt1qunused', 'signMessage', { account: payment, message: 'b' })) as {
    address: string
  }
  expect(viaAccount.address).toBe(payment)
  expect(btc.requests.filter((r) => r.method === 'bitcoin:signMessage')).toHaveLength(2)
})

test.each([
  ['signMessage', { message: 'x', protocol: 'bip322' }, RequestNotApprovedError, 'Requested RPC call is not allowed'],
  ['signMessage', { message: ['x'] }, TypeError, '`message` must be a string'],
  ['signMessage', { message: 'x', address: 42 }, TypeError, '`address` must be a Bitcoin address'],
  ['signPsbt', { psbt: 42 }, InvalidPsbtError, 'Invalid PSBT'],
  ['signPsbt', { psbt: base64.encode(new Uint8Array(64)) }, InvalidPsbtError, 'Invalid PSBT'],
  ['signPsbt', { psbt: 'PSBT', signInputs: {} }, TypeError, '`signInputs` must be a list of {address, index}'],
  ['signPsbt', { psbt: 'PSBT', signInputs: [{ index: -1 }] }, TypeError, '`index` must be an input index'],
  ['signPsbt', { psbt: 'PSBT', signInputs: [null] }, TypeError, '`index` must be an input index'],
  [
    'signPsbt',
    { psbt: 'PSBT', signInputs: [{ address: 'x', index: 0 }] },
    TypeError,
    '`address` must be a Bitcoin address',
  ],
  [
    'sendTransfer',
    { recipientAddress: 'x', amount: '1' },
    RequestNotApprovedError,
    'Requested RPC call is not allowed',
  ],
  ['getBalance', {}, RequestNotApprovedError, 'Requested RPC call is not allowed'],
] as const)(
  'error: %s with %j is refused with its typed error before the wallet is asked',
  async (method, params, type, message) => {
    const { connector, methods, payment } = setup()
    await connector.connect({ networks: { bip122: network } })
    // A well-formed PSBT where the case is about the other params.
    const input = {
      ...params,
      ...('psbt' in params && params.psbt === 'PSBT' ? { psbt: base64.encode(unsignedPsbt(payment)) } : {}),
    }
    const error = await request(connector, payment, method, input).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(type)
    expect((error as { shortMessage?: string; message: string }).shortMessage ?? (error as Error).message).toBe(message)
    expect(methods()).toEqual(['bitcoin:connect'])
  },
)

test('error: the refused method (or message protocol) is named in the details', async () => {
  const { connector, payment } = setup()
  await expect(request(connector, payment, 'sendTransfer', {})).rejects.toMatchObject({
    details: `The wallet did not approve sendTransfer on ${network.caipNetworkId}.`,
  })
  await expect(request(connector, payment, 'signMessage', { message: 'x', protocol: 'bip322' })).rejects.toMatchObject({
    details: `The wallet did not approve signMessage (bip322) on ${network.caipNetworkId}.`,
  })
})

test("behavior: signPsbt asks bitcoin:signTransaction on the network's wallet chain (input 0 of the connected address by default) and answers the signed PSBT", async () => {
  const { connector, btc, walletChains, payment, ordinals } = setup()
  await connector.connect({ networks: { bip122: network } })
  const psbt = unsignedPsbt(ordinals)
  const answer = (await request(connector, payment, 'signPsbt', { psbt: base64.encode(psbt) })) as { psbt: string }
  expect(Object.keys(answer)).toEqual(['psbt'])
  expect(Transaction.fromPSBT(base64.decode(answer.psbt)).getInput(0).partialSig).toHaveLength(1)
  expect(lastSigning(btc)).toEqual([{ address: payment, signingIndexes: [0] }])
  const [sent] = lastInput<{ psbt: Uint8Array; chain: string }[]>(btc.requests)
  expect(sent?.psbt).toEqual(psbt)
  expect(sent?.chain).toBe('bitcoin:regtest')
  expect(walletChains).toEqual([network.caipNetworkId])
})

test('behavior: signInputs are grouped by address, each with its indexes and first sighash type', async () => {
  const { connector, btc, payment, ordinals } = setup()
  await connector.connect({ networks: { bip122: network } })
  // The wallet then fails (the PSBT has one input), after receiving what the connector built.
  await request(connector, payment, 'signPsbt', {
    psbt: base64.encode(unsignedPsbt(ordinals)),
    signInputs: [
      { address: payment, index: 0, sighashTypes: [1, 2] },
      { address: ordinals, index: 2 },
      { address: payment, index: 1 },
      { index: 3, sighashTypes: ['ALL'] },
    ],
  }).catch(() => {})
  expect(lastSigning(btc)).toEqual([
    { address: payment, signingIndexes: [0, 1, 3], sigHash: 1 },
    { address: ordinals, signingIndexes: [2] },
  ])
})

test('error: a wallet answering something other than a PSBT is refused with InvalidPsbtError', async () => {
  const { connector, payment, ordinals } = setup({
    features: (real) => ({
      ...real,
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: async (...inputs) => {
          await real['bitcoin:signTransaction'].signTransaction(...inputs)
          return [{ signedPsbt: base64.encode(unsignedPsbt(ordinals)) as unknown as Uint8Array }]
        },
      },
    }),
  })
  await connector.connect({ networks: { bip122: network } })
  const error = await request(connector, payment, 'signPsbt', { psbt: base64.encode(unsignedPsbt(ordinals)) }).catch(
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(InvalidPsbtError)
  expect(error).toMatchObject({ shortMessage: 'The wallet returned an invalid PSBT', details: 'expected bytes.' })
})

test('behavior: signPsbt with broadcast goes to bitcoin:signAndSendTransaction and answers its txid; without the feature it is a TypeError', async () => {
  const plain = setup()
  await plain.connector.connect({ networks: { bip122: network } })
  const psbt = base64.encode(unsignedPsbt(plain.ordinals))
  await expect(request(plain.connector, plain.payment, 'signPsbt', { psbt, broadcast: true })).rejects.toThrow(
    new TypeError('Devnet Wallet does not support bitcoin:signAndSendTransaction'),
  )
  const sent: unknown[] = []
  const sendFeature = (txId: unknown): BitcoinSignAndSendTransactionFeature['bitcoin:signAndSendTransaction'] => ({
    version: '1.0.0',
    async signAndSendTransaction(...inputs) {
      sent.push(
        ...inputs.map(({ inputsToSign, chain }) => ({ chain, indexes: inputsToSign.map((i) => i.signingIndexes) })),
      )
      return [{ txId: txId as string }]
    },
  })
  const sending = setup({
    features: (real) => ({ ...real, 'bitcoin:signAndSendTransaction': sendFeature('ab'.repeat(32)) }),
  })
  await sending.connector.connect({ networks: { bip122: network } })
  expect(await request(sending.connector, sending.payment, 'signPsbt', { psbt, broadcast: true })).toMatchObject({
    txid: 'ab'.repeat(32),
  })
  expect(sent).toEqual([{ chain: 'bitcoin:regtest', indexes: [[0]] }])
  const silent = setup({ features: (real) => ({ ...real, 'bitcoin:signAndSendTransaction': sendFeature(undefined) }) })
  await silent.connector.connect({ networks: { bip122: network } })
  await expect(request(silent.connector, silent.payment, 'signPsbt', { psbt, broadcast: true })).rejects.toThrow(
    new TypeError('The wallet returned no transaction id'),
  )
})

test.each([
  ['a 10-byte signature', () => [{ signedMessage: new Uint8Array(), signature: new Uint8Array(10) }]],
  ['a base64 string', () => [{ signedMessage: new Uint8Array(), signature: 'A'.repeat(88) }]],
  ['no output', () => []],
])('error: a wallet answering %s for a message is refused with a TypeError', async (_, answer) => {
  const { connector, payment } = setup({
    features: (real) => ({
      ...real,
      'bitcoin:signMessage': { version: '1.0.0', signMessage: async () => answer() as never },
    }),
  })
  await connector.connect({ networks: { bip122: network } })
  await expect(connector.signMessage({ namespace: 'bip122', address: payment, message: 'x', network })).rejects.toThrow(
    new TypeError('The wallet returned a malformed bitcoin signature'),
  )
})

test('behavior: getAccountAddresses lists the exposed accounts with hex public keys, filtered by intention', async () => {
  const { connector, payment, ordinals } = setup()
  expect(await request(connector, payment, 'getAccountAddresses', {})).toEqual([])
  await connector.connect({ networks: { bip122: network } })
  const publicKey = secp256k1.getPublicKey(hexToBytes(privateKeys[0] as string), true)
  const all = (await request(connector, payment, 'getAccountAddresses', undefined)) as unknown[]
  expect(all).toEqual([
    { address: payment, publicKey: Buffer.from(publicKey).toString('hex'), intention: 'payment' },
    { address: ordinals, publicKey: expect.stringMatching(/^[0-9a-f]{64}$/), intention: 'ordinal' },
  ])
  expect(await request(connector, payment, 'getAccountAddresses', { intentions: ['payment'] })).toEqual([all[0]])
  expect(await request(connector, payment, 'getAccountAddresses', { intentions: 'ordinal' })).toEqual(all)
})

test("behavior: the wallet's change events: new accounts as accountsChanged (payment first), none as disconnect, other changes ignored", async () => {
  const changes = new Set<StandardEventsListeners['change']>()
  const { connector, btc } = setup({
    features: (real) => ({
      ...real,
      'standard:events': {
        version: '1.0.0',
        on(event, listener) {
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
  const events: ConnectorEvent[] = []
  const off = connector.subscribe('bip122', (event) => events.push(event))
  await connector.connect({ networks: { bip122: network } })
  btc.setAccount(1)
  expect(events).toEqual([{ type: 'accountsChanged', accounts: [btc.addresses.payment, btc.addresses.ordinals] }])
  // A change of chains or features only is no account change.
  for (const listener of changes) listener({ chains: ['bitcoin:mainnet'] })
  expect(events).toHaveLength(1)
  btc.disconnectFromWallet()
  expect(events.at(-1)).toEqual({ type: 'disconnect' })
  off()
  expect(changes.size).toBe(0)
  const quiet = setup({ features: ({ 'standard:events': _, ...rest }) => rest })
  expect(() => quiet.connector.subscribe('bip122', () => {})()).not.toThrow()
})
