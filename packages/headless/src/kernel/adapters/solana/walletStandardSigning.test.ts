// A Wallet Standard wallet's signing, called directly with the Solana test wallet's object (never
// registered): WalletConnect's Solana request format mapped onto the wallet's features, the
// options checked and translated, and what the wallet answers checked before it is passed on. Only
// `solana_signAndSendTransaction`'s success reaches a chain (the shared devnet's Solana RPC); the
// rest signs offline. The connector that loads this module (which account, which wallet chain) is
// in walletStandardConnector.test.ts; signing through the actions in solanaAdapter.test.ts.
import {
  type Address,
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  lamports,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import type { IdentifierString, WalletAccount } from '@wallet-standard/base'
import { expect, inject, test } from 'vitest'
import { unsignedSolanaTransfer } from '../../../test/solana.js'
import { withFeatures } from '../../../test/walletStandard.js'
import { createTestSolanaWallet, type TestSolanaWalletFeatures } from '../../../testing/solanaWallet.js'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { buildSolanaTransfer } from './solanaTransfer.js'
import { requestWallet, signWalletMessage } from './walletStandardSigning.js'

const seeds = ['01'.repeat(32)]
// Never contacted by the offline tests: they send nothing (loopback discard port).
const offlineRpcUrl = 'http://127.0.0.1:9/'
const chain: IdentifierString = 'solana:localnet'
const chainId: CaipNetworkId = 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K'
const stranger = address('FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ')
/** A transfer from `from` to the stranger, as an app hands it over (wire bytes, base64). */
const unsignedTransfer = (from: Address, amount = 1n) => unsignedSolanaTransfer(from, stranger, amount)

/** The Solana test wallet, connected (its features optionally altered), and a request helper. */
async function setup({
  features,
  rpcUrl = offlineRpcUrl,
  seed = seeds[0] as string | Uint8Array,
  signIn,
}: {
  features?: (real: TestSolanaWalletFeatures) => Record<string, unknown>
  rpcUrl?: string
  seed?: string | Uint8Array
  signIn?: boolean
} = {}) {
  const solana = await createTestSolanaWallet({ seeds: [seed], rpcUrl, ...(signIn === undefined ? {} : { signIn }) })
  await solana.wallet.features['standard:connect'].connect()
  const account = solana.wallet.accounts[0] as WalletAccount
  const wallet = features ? withFeatures(solana.wallet, features) : solana.wallet
  const request = (method: string, params?: unknown) =>
    requestWallet(wallet, account, chain, { chainId, method, params })
  /** The features the wallet was asked for after connecting. */
  const asked = () => solana.requests.slice(1).map((r) => r.feature)
  /** The inputs of the wallet's last call. */
  const lastInputs = <T>() => solana.requests.at(-1)?.input as readonly T[]
  return { solana, wallet, account, request, asked, lastInputs }
}

/** Whether `signature` (base58) is `signer`'s ed25519 signature of `bytes`. */
async function signedBy(signer: string, signature: string, bytes: Uint8Array) {
  const key = await getPublicKeyFromAddress(address(signer))
  const signatureBytes = getBase58Encoder().encode(signature) as SignatureBytes
  return signatureBytes.length === 64 && (await verifySignature(key, signatureBytes, bytes))
}

/** A signed base64 transaction read back: its message bytes and its signatures. */
const decode = (transaction: string) => getTransactionDecoder().decode(Buffer.from(transaction, 'base64'))

test('behavior: signWalletMessage answers the base58 ed25519 signature the account made of the bytes', async () => {
  const { solana, wallet, account, lastInputs } = await setup()
  const message = new TextEncoder().encode('héllo ◎')
  const signature = await signWalletMessage(wallet, account, message)
  expect(await signedBy(solana.address, signature, message)).toBe(true)
  expect(await signedBy(solana.address, signature, new TextEncoder().encode('hello'))).toBe(false)
  expect(lastInputs<{ account: WalletAccount; message: Uint8Array }>()).toEqual([{ account, message }])
})

test('behavior: solana_signMessage signs the bytes of the base58 `message` and answers { signature } in base58', async () => {
  const { solana, request } = await setup()
  const bytes = Uint8Array.of(0, 1, 2, 250, 255)
  const answer = (await request('solana_signMessage', { message: getBase58Decoder().decode(bytes) })) as {
    signature: string
  }
  expect(Object.keys(answer)).toEqual(['signature'])
  expect(await signedBy(solana.address, answer.signature, bytes)).toBe(true)
})

test("behavior: solana_signTransaction answers the signed base64 transaction and its first signature, the fee payer's", async () => {
  const { solana, request, asked, lastInputs } = await setup()
  const transaction = unsignedTransfer(solana.address)
  const answer = (await request('solana_signTransaction', { transaction })) as {
    signature: string
    transaction: string
  }
  const { messageBytes, signatures } = decode(answer.transaction)
  expect(messageBytes).toEqual(decode(transaction).messageBytes)
  expect(answer.signature).toBe(getBase58Decoder().decode(signatures[solana.address] as SignatureBytes))
  expect(await signedBy(solana.address, answer.signature, Uint8Array.from(messageBytes))).toBe(true)
  // One wallet call, on the given wallet chain, with the bytes the app passed and no options.
  expect(asked()).toEqual(['solana:signTransaction'])
  const [input] = lastInputs<{ chain: string; transaction: Uint8Array }>()
  expect(input).toEqual({
    account: solana.wallet.accounts[0],
    chain,
    transaction: Uint8Array.from(Buffer.from(transaction, 'base64')),
  })
})

test('behavior: solana_signAllTransactions signs every transaction in one wallet call, answering them in order', async () => {
  const { solana, request, asked, lastInputs } = await setup()
  const transactions = [unsignedTransfer(solana.address, 1n), unsignedTransfer(solana.address, 2n)]
  const answer = (await request('solana_signAllTransactions', { transactions })) as { transactions: string[] }
  expect(answer.transactions).toHaveLength(2)
  for (const [i, signed] of answer.transactions.entries()) {
    const { messageBytes, signatures } = decode(signed)
    expect(messageBytes).toEqual(decode(transactions[i] as string).messageBytes)
    const signature = getBase58Decoder().decode(signatures[solana.address] as SignatureBytes)
    expect(await signedBy(solana.address, signature, Uint8Array.from(messageBytes))).toBe(true)
  }
  expect(asked()).toEqual(['solana:signTransaction'])
  expect(lastInputs()).toHaveLength(2)
})

test.each([
  ['processed', 'processed'],
  ['confirmed', 'confirmed'],
  ['finalized', 'finalized'],
  ['recent', 'processed'],
  ['single', 'confirmed'],
  ['singleGossip', 'confirmed'],
  ['root', 'finalized'],
  ['max', 'finalized'],
])(
  "edge: preflightCommitment '%s' reaches the wallet as '%s' (web3.js's deprecated names as the current ones)",
  async (requested, sent) => {
    const { solana, request, lastInputs } = await setup()
    const transaction = unsignedTransfer(solana.address)
    await request('solana_signTransaction', { transaction, options: { preflightCommitment: requested } })
    expect(lastInputs<{ options?: unknown }>()[0]?.options).toEqual({ preflightCommitment: sent })
    // `sendOptions` is read the same way, for every transaction of a batch.
    await request('solana_signAllTransactions', {
      transactions: [transaction, transaction],
      sendOptions: { preflightCommitment: requested },
    })
    expect(lastInputs<{ options?: unknown }>().map((i) => i.options)).toEqual([
      { preflightCommitment: sent },
      { preflightCommitment: sent },
    ])
  },
)

test('edge: signing only takes a preflight commitment: skipPreflight alone gives the wallet no options', async () => {
  const { solana, request, lastInputs } = await setup()
  const transaction = unsignedTransfer(solana.address)
  await request('solana_signTransaction', { transaction, options: { skipPreflight: true } })
  expect(lastInputs<object>()[0]).not.toHaveProperty('options')
  await request('solana_signTransaction', { transaction, options: { skipPreflight: true, preflightCommitment: 'max' } })
  expect(lastInputs<{ options?: unknown }>()[0]?.options).toEqual({ preflightCommitment: 'finalized' })
})

test('error: an unknown preflight commitment or a non-boolean skipPreflight is refused before the wallet is asked', async () => {
  const { solana, request, asked } = await setup()
  const transaction = unsignedTransfer(solana.address)
  const list = 'processed, confirmed, finalized, recent, single, singleGossip, root, max'
  // Names of the object's prototype are not commitments either.
  for (const preflightCommitment of ['safe', 'toString', 'constructor', 1, null]) {
    for (const method of ['solana_signTransaction', 'solana_signAndSendTransaction']) {
      await expect(request(method, { transaction, options: { preflightCommitment } })).rejects.toThrow(
        new TypeError(`preflightCommitment must be one of ${list}`),
      )
    }
  }
  for (const skipPreflight of ['true', 1, null]) {
    await expect(
      request('solana_signAndSendTransaction', { transaction, sendOptions: { skipPreflight } }),
    ).rejects.toThrow(new TypeError('skipPreflight must be a boolean'))
  }
  expect(asked()).toEqual([])
})

test('error: a missing or malformed parameter is a TypeError naming it, and the wallet is not asked', async () => {
  const { solana, request, asked } = await setup()
  const transaction = unsignedTransfer(solana.address)
  await expect(request('solana_signMessage')).rejects.toThrow(new TypeError('`message` must be a non-empty string'))
  await expect(request('solana_signMessage', { message: '' })).rejects.toThrow('`message` must be a non-empty string')
  await expect(request('solana_signMessage', { message: Uint8Array.of(1) })).rejects.toThrow(
    '`message` must be a non-empty string',
  )
  for (const method of ['solana_signTransaction', 'solana_signAndSendTransaction']) {
    await expect(request(method, {})).rejects.toThrow(new TypeError('`transaction` must be a non-empty string'))
  }
  for (const transactions of [undefined, [], [transaction, 7], transaction]) {
    await expect(request('solana_signAllTransactions', { transactions })).rejects.toThrow(
      new TypeError('`transactions` must be a non-empty list of base64 transactions'),
    )
  }
  expect(asked()).toEqual([])
})

test('error: a method outside the Solana set is RequestNotApprovedError naming it and the chain', async () => {
  const { request, asked } = await setup()
  for (const method of ['solana_getBalance', 'eth_sendTransaction', 'signMessage']) {
    const error = await request(method, {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RequestNotApprovedError)
    expect(error).toMatchObject({ details: `The wallet did not approve ${method} on ${chainId}.` })
  }
  expect(asked()).toEqual([])
})

test("behavior: solana_signIn uses the wallet's own solana:signIn; a wallet without it refuses it (sign-in then signs the text)", async () => {
  const { solana, request, lastInputs } = await setup()
  const input = { domain: 'localhost:5173', statement: 'Sign in to Portico', nonce: 'k7Qm3xPz', chainId: 'devnet' }
  const answer = (await request('solana_signIn', input)) as {
    address: string
    signedMessage: string
    signature: string
  }
  expect(lastInputs()).toEqual([input])
  expect(answer.address).toBe(solana.address)
  const text = new TextDecoder().decode(getBase58Encoder().encode(answer.signedMessage) as Uint8Array)
  expect(text).toBe(
    `localhost:5173 wants you to sign in with your Solana account:\n${solana.address}\n\nSign in to Portico\n\nChain ID: devnet\nNonce: k7Qm3xPz`,
  )
  expect(await signedBy(solana.address, answer.signature, new TextEncoder().encode(text))).toBe(true)

  const bare = await setup({ signIn: false })
  const error = await bare.request('solana_signIn', input).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(RequestNotApprovedError)
  expect(error).toMatchObject({ details: `The wallet did not approve solana_signIn on ${chainId}.` })
  expect(bare.asked()).toEqual([])
})

test("error: the wallet's own refusals reach the caller unchanged", async () => {
  const { solana, wallet, account, request } = await setup()
  solana.rejectNext('solana:signMessage')
  await expect(signWalletMessage(wallet, account, Uint8Array.of(1))).rejects.toMatchObject({
    name: 'WalletSignMessageError',
    code: 4001,
  })
  solana.rejectNext('solana:signTransaction')
  await expect(
    request('solana_signTransaction', { transaction: unsignedTransfer(solana.address) }),
  ).rejects.toMatchObject({ name: 'WalletSignTransactionError', code: 4001 })
  // A transaction the account does not sign.
  await expect(request('solana_signTransaction', { transaction: unsignedTransfer(stranger) })).rejects.toMatchObject({
    code: -32602,
    message: `${solana.address} is not a signer of this transaction.`,
  })
})

test('error: a wallet without the feature a request needs is a TypeError naming it', async () => {
  const { request } = await setup({
    features: ({ 'solana:signTransaction': _, 'solana:signAndSendTransaction': __, ...rest }) => rest,
  })
  const transaction = 'AQ=='
  await expect(request('solana_signTransaction', { transaction })).rejects.toThrow(
    new TypeError('Devnet Wallet does not support solana:signTransaction'),
  )
  await expect(request('solana_signAndSendTransaction', { transaction })).rejects.toThrow(
    new TypeError('Devnet Wallet does not support solana:signAndSendTransaction'),
  )
})

test.each([
  ['no output', []],
  ['a 63-byte signature', [{ signedMessage: Uint8Array.of(1), signature: new Uint8Array(63) }]],
  ['a base58 string for a signature', [{ signedMessage: Uint8Array.of(1), signature: '1'.repeat(64) }]],
])('error: a wallet answering solana:signMessage with %s is refused as a malformed signature', async (_, output) => {
  const { wallet, account, request } = await setup({
    features: (real) => ({ ...real, 'solana:signMessage': { version: '1.1.0', signMessage: async () => output } }),
  })
  const malformed = new TypeError('The wallet returned a malformed signature')
  await expect(signWalletMessage(wallet, account, Uint8Array.of(1))).rejects.toThrow(malformed)
  await expect(request('solana_signMessage', { message: '2' })).rejects.toThrow(malformed)
})

test('error: a wallet answering solana:signTransaction with too few or unusable transactions is refused', async () => {
  let outputs: unknown[] = []
  const { solana, request } = await setup({
    features: (real) => ({
      ...real,
      'solana:signTransaction': { version: '1.0.0', signTransaction: async () => outputs },
    }),
  })
  const transaction = unsignedTransfer(solana.address)
  outputs = [{ signedTransaction: Uint8Array.of(1) }]
  await expect(request('solana_signAllTransactions', { transactions: [transaction, transaction] })).rejects.toThrow(
    new TypeError('The wallet returned the wrong number of transactions'),
  )
  outputs = []
  await expect(request('solana_signTransaction', { transaction })).rejects.toThrow(
    new TypeError('The wallet returned the wrong number of transactions'),
  )
  for (const output of [{ signedTransaction: transaction }, {}, null]) {
    outputs = [output]
    await expect(request('solana_signTransaction', { transaction })).rejects.toThrow(
      new TypeError('The wallet returned no transaction'),
    )
  }
})

test('error: a wallet answering solana:signAndSendTransaction without a 64-byte signature is refused', async () => {
  let outputs: unknown[] = []
  const { solana, request } = await setup({
    features: (real) => ({
      ...real,
      'solana:signAndSendTransaction': { version: '1.0.0', signAndSendTransaction: async () => outputs },
    }),
  })
  const transaction = unsignedTransfer(solana.address)
  for (const output of [
    [],
    [{ signature: new Uint8Array(32) }],
    [{ signature: getBase58Decoder().decode(new Uint8Array(64)) }],
  ]) {
    outputs = output
    await expect(request('solana_signAndSendTransaction', { transaction })).rejects.toThrow(
      new TypeError('The wallet returned a malformed signature'),
    )
  }
})

test('behavior: solana_signAndSendTransaction sends through the wallet with the translated options and answers the signature that landed', async () => {
  const devnet = inject('devnet')
  const rpc = createSolanaRpc(devnet.solanaRpcUrl)
  const seed = crypto.getRandomValues(new Uint8Array(32))
  const { solana, request, lastInputs } = await setup({ seed, rpcUrl: devnet.solanaRpcUrl })
  await rpc.requestAirdrop(solana.address, lamports(1_000_000_000n)).send()
  const receiver = (await generateKeyPairSigner()).address
  const { transaction } = await buildSolanaTransfer({
    rpc,
    from: solana.address,
    to: receiver,
    amount: 2_000_000n,
    decimals: 9,
  })
  const answer = (await request('solana_signAndSendTransaction', {
    transaction,
    options: { preflightCommitment: 'singleGossip', skipPreflight: false },
  })) as { signature: string }
  expect(Object.keys(answer)).toEqual(['signature'])
  expect(lastInputs<{ chain: string; options: unknown }>()).toMatchObject([
    { chain, options: { preflightCommitment: 'confirmed', skipPreflight: false } },
  ])
  const {
    value: [status],
  } = await rpc.getSignatureStatuses([answer.signature as never]).send()
  expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  expect((await rpc.getBalance(receiver).send()).value).toBe(2_000_000n)
  expect(await signedBy(solana.address, answer.signature, Uint8Array.from(decode(transaction).messageBytes))).toBe(true)
})
