import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { expect, test } from 'vitest'
import { bitcoinTestKeys, unsignedPsbt as psbtTo, regtestNetwork } from '../../../test/bitcoin.js'
import { createTestBitcoinWallet } from '../../../testing/bitcoinWallet.js'
import { hexToBytes } from '../../../testing/testWalletPrompts.js'
import { InvalidPsbtError } from '../../errors/bitcoin.js'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { ConnectorEvent } from '../../types.js'
import { createSatsConnectConnector, type SatsConnectProvider, SatsConnectRpcError } from './satsConnectConnector.js'

// The connector over a sats-connect style provider (the Bitcoin test wallet's), driven directly.
// Discovery through `window.btc_providers` and the actions' error translation are in
// bip122Adapter.test.ts; the PSBT checks themselves in psbt.test.ts.

const privateKeys = bitcoinTestKeys
const network = regtestNetwork

/** The Bitcoin test wallet's sats-connect provider (optionally altered) and a connector over it. */
function setup({
  provider,
  utxos,
}: {
  provider?: (real: SatsConnectProvider) => SatsConnectProvider
  utxos?: { txid: string; vout: number; amount: bigint }[]
} = {}) {
  const wallet = createTestBitcoinWallet({ privateKeys, utxos })
  const connector = createSatsConnectConnector({
    id: 'DevnetWallet.BitcoinProvider',
    name: 'Devnet Wallet',
    icon: 'data:image/svg+xml,<svg/>',
    provider: provider ? provider(wallet.satsProvider) : wallet.satsProvider,
  })
  const methods = () => wallet.requests.map((r) => r.method)
  const { payment, ordinals } = wallet.addresses
  return { wallet, connector, methods, payment, ordinals }
}

/** A provider whose answer to `method` is replaced by `answer(realAnswer)`. */
const answering =
  (method: string, answer: (real: Awaited<ReturnType<SatsConnectProvider['request']>>) => unknown) =>
  (real: SatsConnectProvider): SatsConnectProvider => ({
    ...real,
    async request(m, params) {
      const response = await real.request(m, params)
      return (m === method ? answer(response) : response) as Awaited<ReturnType<SatsConnectProvider['request']>>
    },
  })

const request = (connector: ReturnType<typeof setup>['connector'], address: string, method: string, params: unknown) =>
  connector.request({ namespace: 'bip122', chainId: network.caipNetworkId, address, method, params })

/** The shared unsigned PSBT, base64 as sats-connect takes it. */
const unsignedPsbt = (to: string) => base64.encode(psbtTo(to))

test('default: an installed connector under the id of its provider path, with the provider it wraps', () => {
  const { connector, wallet } = setup()
  expect(connector).toMatchObject({
    id: 'DevnetWallet.BitcoinProvider',
    uid: 'bip122:DevnetWallet.BitcoinProvider',
    name: 'Devnet Wallet',
    imageUrl: 'data:image/svg+xml,<svg/>',
    chain: 'bip122',
    type: 'INJECTED',
  })
  expect(connector.provider).toBe(wallet.satsProvider)
})

test('behavior: connect asks getAccounts for payment and ordinals addresses and lists payment first', async () => {
  const { connector, wallet, payment, ordinals } = setup()
  expect(await connector.connect({ networks: { bip122: network } })).toEqual([
    { namespace: 'bip122', accounts: [payment, ordinals], caipNetworkId: network.caipNetworkId },
  ])
  expect(wallet.requests).toEqual([{ method: 'getAccounts', input: { purposes: ['payment', 'ordinals'] } }])
  expect(await connector.connect({ networks: {} })).toEqual([
    { namespace: 'bip122', accounts: [payment, ordinals], caipNetworkId: undefined },
  ])
})

test('behavior: invalid and repeated addresses are dropped, ordinals after payment; none left is no connection', async () => {
  const listed = setup({
    provider: answering('getAccounts', ({ result }) => {
      const [pay, ord] = result as { address: string; purpose: string }[]
      return {
        result: [ord, { address: 'bcrt1qnotanaddress', purpose: 'payment' }, null, pay, { ...pay, purpose: undefined }],
      }
    }),
  })
  expect(await listed.connector.connect({ networks: { bip122: network } })).toEqual([
    { namespace: 'bip122', accounts: [listed.payment, listed.ordinals], caipNetworkId: network.caipNetworkId },
  ])
  const none = setup({ provider: answering('getAccounts', () => ({ result: { addresses: 'x' } })) })
  expect(await none.connector.connect({ networks: { bip122: network } })).toEqual([])
})

test('error: an error answer is thrown as SatsConnectRpcError, a user rejection (-32000) as code 4001', async () => {
  const { connector, wallet } = setup()
  wallet.rejectNext('getAccounts')
  const rejected = await connector.connect({ networks: { bip122: network } }).catch((e: unknown) => e)
  expect(rejected).toBeInstanceOf(SatsConnectRpcError)
  expect(rejected).toMatchObject({ name: 'SatsConnectRpcError', code: 4001, message: 'User rejected the request.' })
  const other = setup({
    provider: answering('getAccounts', () => ({ error: { code: -32603, message: 'Wallet locked' } })),
  })
  await expect(other.connector.connect({ networks: { bip122: network } })).rejects.toMatchObject({
    name: 'SatsConnectRpcError',
    code: -32603,
    message: 'Wallet locked',
  })
})

test('behavior: reconnect asks wallet_getAccount, which never prompts, and answers no connection when refused', async () => {
  const { connector, wallet, methods, payment, ordinals } = setup()
  wallet.setRejectAll(true)
  expect(await connector.reconnect({ networks: { bip122: network } })).toEqual([])
  wallet.setRejectAll(false)
  await connector.connect({ networks: { bip122: network } })
  wallet.setRejectAll(true)
  expect(await connector.reconnect({ networks: { bip122: network } })).toEqual([
    { namespace: 'bip122', accounts: [payment, ordinals], caipNetworkId: network.caipNetworkId },
  ])
  expect(methods()).toEqual(['wallet_getAccount', 'getAccounts', 'wallet_getAccount'])
  const throwing = setup({
    provider: (real) => ({ ...real, request: async () => Promise.reject(new Error('extension context invalidated')) }),
  })
  expect(await throwing.connector.reconnect({ networks: { bip122: network } })).toEqual([])
})

test('behavior: disconnect renounces the permissions and forgets the addresses, even when the wallet fails to answer', async () => {
  const { connector, wallet, payment } = setup()
  await connector.connect({ networks: { bip122: network } })
  expect(await request(connector, payment, 'getAccountAddresses', {})).toHaveLength(2)
  await connector.disconnect()
  expect(wallet.requests.at(-1)?.method).toBe('wallet_renouncePermissions')
  expect(wallet.connected).toBe(false)
  expect(await request(connector, payment, 'getAccountAddresses', {})).toEqual([])
  const failing = setup({
    provider: answering('wallet_renouncePermissions', () => ({ error: { code: -32601, message: 'Method not found' } })),
  })
  await failing.connector.connect({ networks: { bip122: network } })
  await expect(failing.connector.disconnect()).resolves.toBeUndefined()
})

test('behavior: getAccountAddresses lists the connected addresses with their public keys, filtered by intention', async () => {
  const { connector, payment, ordinals } = setup()
  await connector.connect({ networks: { bip122: network } })
  const publicKey = secp256k1.getPublicKey(hexToBytes(privateKeys[0] as string), true)
  const all = (await request(connector, payment, 'getAccountAddresses', undefined)) as { publicKey: string }[]
  expect(all).toEqual([
    { address: payment, publicKey: Buffer.from(publicKey).toString('hex'), intention: 'payment' },
    { address: ordinals, publicKey: expect.stringMatching(/^[0-9a-f]{64}$/), intention: 'ordinal' },
  ])
  expect(await request(connector, payment, 'getAccountAddresses', { intentions: ['ordinal'] })).toEqual([all[1]])
})

test('behavior: signMessage sends the text (bytes decoded as UTF-8) for an ECDSA signature and answers it as given', async () => {
  const { connector, wallet, payment } = setup()
  await connector.connect({ networks: { bip122: network } })
  const message = new TextEncoder().encode('héllo ₿')
  const signature = await connector.signMessage({ namespace: 'bip122', address: payment, message, network })
  expect(wallet.requests.at(-1)).toEqual({
    method: 'signMessage',
    input: { address: payment, message: 'héllo ₿', protocol: 'ECDSA' },
  })
  // BIP-137: 65 bytes, header 39 + recovery id (P2WPKH).
  const bytes = base64.decode(signature)
  expect(bytes).toHaveLength(65)
  expect([39, 40]).toContain(bytes[0])
})

test('error: signMessage of bytes that are not UTF-8 is refused with a TypeError before the wallet is asked; a byte-order mark is kept', async () => {
  const { connector, wallet, methods, payment } = setup()
  await connector.connect({ networks: { bip122: network } })
  for (const message of [Uint8Array.of(0xff, 0), Uint8Array.of(0x61, 0xc3)]) {
    await expect(connector.signMessage({ namespace: 'bip122', address: payment, message, network })).rejects.toThrow(
      new TypeError('`message` must be UTF-8 text'),
    )
  }
  expect(methods()).toEqual(['getAccounts'])
  const withMark = Uint8Array.of(0xef, 0xbb, 0xbf, 0x61)
  await connector.signMessage({ namespace: 'bip122', address: payment, message: withMark, network })
  expect(wallet.requests.at(-1)?.input).toEqual({ address: payment, message: '\ufeffa', protocol: 'ECDSA' })
})

test('behavior: the signMessage request signs as address, else account, else the connected address, answering {address, signature}', async () => {
  const { connector, wallet, payment } = setup()
  await connector.connect({ networks: { bip122: network } })
  const answer = (await request(connector, payment, 'signMessage', { message: 'a', protocol: 'ecdsa' })) as {
    address: string
    signature: string
  }
  expect(answer).toEqual({ address: payment, signature: expect.any(String) })
  expect(base64.decode(answer.signature)).toHaveLength(65)
  await request(connector, 'bcrt1qunused', 'signMessage', { account: payment, message: 'b' })
  expect(wallet.requests.at(-1)?.input).toEqual({ address: payment, message: 'b', protocol: 'ECDSA' })
})

test.each([
  ['signMessage', { message: 'x', protocol: 'bip322' }, RequestNotApprovedError, 'Requested RPC call is not allowed'],
  ['signMessage', { message: 7 }, TypeError, '`message` must be a string'],
  ['signMessage', { message: 'x', address: 'bc1notanaddress' }, TypeError, '`address` must be a Bitcoin address'],
  ['signPsbt', { psbt: 'not base64!' }, InvalidPsbtError, 'Invalid PSBT'],
  ['signPsbt', { psbt: base64.encode(new Uint8Array(64)) }, InvalidPsbtError, 'Invalid PSBT'],
  ['signPsbt', { psbt: 'PSBT', signInputs: [{ index: 0 }] }, InvalidPsbtError, 'Invalid PSBT'],
  ['sendTransfer', { recipientAddress: 'nope', amount: '1000' }, TypeError, '`address` must be a Bitcoin address'],
  ['sendTransfer', { amount: '1000' }, TypeError, '`address` must be a Bitcoin address'],
  ['getBalance', {}, RequestNotApprovedError, 'Requested RPC call is not allowed'],
] as const)(
  'error: %s with %j is refused with its typed error before the wallet is asked',
  async (method, params, type, message) => {
    const { connector, methods, payment } = setup()
    await connector.connect({ networks: { bip122: network } })
    const error = await request(connector, payment, method, params).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(type)
    expect((error as { shortMessage?: string; message: string }).shortMessage ?? (error as Error).message).toBe(message)
    expect(methods()).toEqual(['getAccounts'])
  },
)

test('error: a refused message protocol names itself in the details', async () => {
  const { connector, payment } = setup()
  await expect(request(connector, payment, 'signMessage', { message: 'x', protocol: 'bip322' })).rejects.toMatchObject({
    details: `The wallet did not approve signMessage (bip322) on ${network.caipNetworkId}.`,
  })
})

test('behavior: signPsbt groups the inputs to sign by address and answers the signed PSBT', async () => {
  const { connector, wallet, payment, ordinals } = setup()
  await connector.connect({ networks: { bip122: network } })
  const psbt = unsignedPsbt(ordinals)
  const answer = (await request(connector, payment, 'signPsbt', {
    psbt,
    signInputs: [{ address: payment, index: 0 }],
  })) as { psbt: string; txid?: string }
  expect(wallet.requests.at(-1)?.input).toEqual({ psbt, signInputs: { [payment]: [0] }, broadcast: false })
  expect(Object.keys(answer)).toEqual(['psbt'])
  expect(Transaction.fromPSBT(base64.decode(answer.psbt)).getInput(0).partialSig).toHaveLength(1)
  // An input the wallet cannot sign: its error answer, with its own code.
  await expect(
    request(connector, payment, 'signPsbt', { psbt, signInputs: [{ address: payment, index: 3 }] }),
  ).rejects.toMatchObject({ name: 'SatsConnectRpcError', code: -32602 })
  await expect(
    request(connector, payment, 'signPsbt', { psbt, signInputs: [{ address: payment, index: 0.5 }] }),
  ).rejects.toThrow(new TypeError('`index` must be an input index'))
})

test.each([[null], [{ index: -1 }], [{ address: undefined, index: 1.5 }], ['0'], [{}]])(
  'error: signPsbt with the signInputs item %j is refused with the connector TypeError before the wallet is asked',
  async (item) => {
    const { connector, methods, payment, ordinals } = setup()
    await connector.connect({ networks: { bip122: network } })
    await expect(
      request(connector, payment, 'signPsbt', { psbt: unsignedPsbt(ordinals), signInputs: [item] }),
    ).rejects.toThrow(new TypeError('`index` must be an input index'))
    expect(methods()).toEqual(['getAccounts'])
  },
)

test.each([['0'], [{ address: 'x', index: 0 }], [null]])(
  'error: signPsbt with signInputs %j (not a list) is refused with the connector TypeError before the wallet is asked',
  async (signInputs) => {
    const { connector, methods, payment, ordinals } = setup()
    await connector.connect({ networks: { bip122: network } })
    await expect(request(connector, payment, 'signPsbt', { psbt: unsignedPsbt(ordinals), signInputs })).rejects.toThrow(
      new TypeError('`signInputs` must be a list of {address, index}'),
    )
    expect(methods()).toEqual(['getAccounts'])
  },
)

test('behavior: signPsbt without signInputs asks the wallet to sign input 0 with the request account', async () => {
  const { connector, wallet, payment, ordinals } = setup()
  await connector.connect({ networks: { bip122: network } })
  const psbt = unsignedPsbt(ordinals)
  const answer = (await request(connector, payment, 'signPsbt', { psbt })) as { psbt: string }
  expect(wallet.requests.at(-1)?.input).toEqual({ psbt, signInputs: { [payment]: [0] }, broadcast: false })
  expect(Transaction.fromPSBT(base64.decode(answer.psbt)).getInput(0).partialSig).toHaveLength(1)
})

test('behavior: signPsbt with broadcast asks the wallet to broadcast and answers its txid', async () => {
  const { connector, payment, ordinals } = setup({
    provider: answering('signPsbt', ({ error }) =>
      // The test wallet has no chain to broadcast to: it signs, then reports that (-32603).
      error?.code === -32603 ? { result: { psbt: unsignedPsbt(payment), txid: 'ab'.repeat(32) } } : { error },
    ),
  })
  await connector.connect({ networks: { bip122: network } })
  expect(
    await request(connector, payment, 'signPsbt', { psbt: unsignedPsbt(ordinals), signInputs: [], broadcast: true }),
  ).toEqual({ psbt: unsignedPsbt(payment), txid: 'ab'.repeat(32) })
})

test('error: a wallet answering something other than a PSBT is refused with InvalidPsbtError', async () => {
  const { connector, payment, ordinals } = setup({
    provider: answering('signPsbt', () => ({
      result: { psbt: base64.encode(new TextEncoder().encode('x'.repeat(64))) },
    })),
  })
  await connector.connect({ networks: { bip122: network } })
  const error = await request(connector, payment, 'signPsbt', { psbt: unsignedPsbt(ordinals) }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(InvalidPsbtError)
  expect(error).toMatchObject({ shortMessage: 'The wallet returned an invalid PSBT' })
})

test('behavior: sendTransfer sends one recipient in satoshis and answers the txid', async () => {
  const { connector, wallet, payment, ordinals } = setup({
    utxos: [{ txid: 'cd'.repeat(32), vout: 1, amount: 50_000n }],
  })
  await connector.connect({ networks: { bip122: network } })
  const answer = (await request(connector, payment, 'sendTransfer', {
    recipientAddress: ordinals,
    amount: '1500',
  })) as {
    txid: string
  }
  expect(wallet.requests.at(-1)).toEqual({
    method: 'sendTransfer',
    input: { recipients: [{ address: ordinals, amount: 1500 }] },
  })
  expect(answer).toEqual({ txid: expect.stringMatching(/^[0-9a-f]{64}$/) })
  expect(wallet.sentTransactions).toHaveLength(1)
})

test.each(['0', '-5', '1.5', '1e3', '', ' 12'])(
  'error: sendTransfer of amount %j is refused before the wallet is asked',
  async (amount) => {
    const { connector, methods, payment, ordinals } = setup()
    await connector.connect({ networks: { bip122: network } })
    await expect(request(connector, payment, 'sendTransfer', { recipientAddress: ordinals, amount })).rejects.toThrow(
      new TypeError('`amount` must be a positive number of satoshis'),
    )
    expect(methods()).toEqual(['getAccounts'])
  },
)

test.each([
  [
    'a short signature',
    'signMessage',
    { result: { signature: 'AAAA' } },
    'The wallet returned a malformed bitcoin signature',
  ],
  ['no signature', 'signMessage', { result: null }, 'The wallet returned a malformed bitcoin signature'],
  ['no transaction id', 'sendTransfer', { result: { txid: 42 } }, 'The wallet returned no transaction id'],
] as const)('error: a wallet answering %s is refused with a TypeError', async (_, method, answer, message) => {
  const { connector, payment, ordinals } = setup({
    provider: answering(method, () => answer),
    utxos: [{ txid: 'cd'.repeat(32), vout: 1, amount: 50_000n }],
  })
  await connector.connect({ networks: { bip122: network } })
  const call =
    method === 'signMessage'
      ? connector.signMessage({ namespace: 'bip122', address: payment, message: 'x', network })
      : request(connector, payment, 'sendTransfer', { recipientAddress: ordinals, amount: '1000' })
  await expect(call).rejects.toThrow(new TypeError(message))
})

test("behavior: the wallet's accountChange is read again with wallet_getAccount: accountsChanged, or disconnect once the site is revoked", async () => {
  const { connector, wallet } = setup()
  const queue: ConnectorEvent[] = []
  let wake: (() => void) | undefined
  const next = async () => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve))
    return queue.shift()
  }
  await connector.connect({ networks: { bip122: network } })
  const off = connector.subscribe('bip122', (event) => {
    queue.push(event)
    wake?.()
  })
  wallet.setAccount(1)
  const { payment, ordinals } = wallet.addresses
  expect(await next()).toEqual({ type: 'accountsChanged', accounts: [payment, ordinals] })
  wallet.disconnectFromWallet()
  expect(await next()).toEqual({ type: 'disconnect' })
  off()
  const before = wallet.requests.length
  wallet.setAccount(0)
  expect(wallet.requests.length).toBe(before)
})

test("behavior: the wallet's disconnect event is a disconnect; a provider without addListener gives no events", async () => {
  const disconnects = new Set<(event: unknown) => void>()
  const { connector } = setup({
    provider: (real) => ({
      ...real,
      addListener(event, listener) {
        if (event !== 'disconnect') return real.addListener?.(event, listener) ?? (() => {})
        disconnects.add(listener)
        return () => disconnects.delete(listener)
      },
    }),
  })
  const events: ConnectorEvent[] = []
  const off = connector.subscribe('bip122', (event) => events.push(event))
  for (const listener of disconnects) listener({ type: 'disconnect' })
  expect(events).toEqual([{ type: 'disconnect' }])
  off()
  expect(disconnects.size).toBe(0)
  const { addListener: _, ...withoutListeners } = setup().wallet.satsProvider
  const quiet = createSatsConnectConnector({ id: 'Quiet', name: 'Quiet', provider: withoutListeners })
  expect(() => quiet.subscribe('bip122', () => {})()).not.toThrow()
})
