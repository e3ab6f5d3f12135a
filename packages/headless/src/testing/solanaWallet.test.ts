// @vitest-environment happy-dom

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createKeyPairFromPrivateKeyBytes,
  createTransactionMessage,
  getAddressEncoder,
  getAddressFromPublicKey,
  getBase58Decoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getStructEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getU32Encoder,
  getU64Encoder,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { getWallets } from '@wallet-standard/app'
import type { WindowAppReadyEventAPI } from '@wallet-standard/base'
import { describe, expect, test, vi } from 'vitest'
import { devnetWalletIcon } from './devnetWalletIcon.js'
import { createTestSolanaWallet } from './solanaWallet.js'
import { TestSolanaWalletError } from './testSolanaWalletError.js'
import { TestWalletUsageError } from './testWalletUsageError.js'

// Arbitrary secrets: nothing here touches a chain (solanaWallet.devnet.test.ts does, with devnet keys).
const seeds = ['01'.repeat(32), `0x${'02'.repeat(32)}`]
// Never contacted by the offline tests (loopback discard port).
const offlineRpcUrl = 'http://127.0.0.1:9/'

async function setup(parameters: Partial<Parameters<typeof createTestSolanaWallet>[0]> = {}) {
  const solana = await createTestSolanaWallet({ seeds, rpcUrl: offlineRpcUrl, ...parameters })
  const change = vi.fn()
  const off = solana.wallet.features['standard:events'].on('change', change)
  const connect = (input?: { silent?: boolean }) => solana.wallet.features['standard:connect'].connect(input)
  return { solana, wallet: solana.wallet, change, off, connect }
}

async function addressOf(seed: string): Promise<Address> {
  const bytes = Uint8Array.from((seed.replace(/^0x/, '').match(/../g) ?? []).map((b) => Number.parseInt(b, 16)))
  return getAddressFromPublicKey((await createKeyPairFromPrivateKeyBytes(bytes)).publicKey)
}

const systemProgram = address('11111111111111111111111111111111')
const transferData = getStructEncoder([
  ['instruction', getU32Encoder()],
  ['lamports', getU64Encoder()],
])

/** A System Program transfer as wire bytes, unsigned: what an app hands to the wallet. */
function transferTransaction(
  from: Address,
  to: Address,
  lamports: bigint,
  lifetime = { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 0n },
): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: systemProgram,
          accounts: [
            { address: from, role: AccountRole.WRITABLE_SIGNER },
            { address: to, role: AccountRole.WRITABLE },
          ],
          data: transferData.encode({ instruction: 2, lamports }),
        },
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

test('default', async () => {
  const { wallet, solana } = await setup()
  expect(wallet).toMatchObject({
    version: '1.0.0',
    name: 'Devnet Wallet',
    icon: devnetWalletIcon,
    chains: ['solana:localnet'],
    accounts: [],
  })
  expect(
    Object.fromEntries(
      Object.entries(wallet.features).map(([name, feature]) => [
        name,
        [
          (feature as { version: string }).version,
          (feature as { supportedTransactionVersions?: unknown }).supportedTransactionVersions,
        ],
      ]),
    ),
  ).toEqual({
    'standard:connect': ['1.0.0', undefined],
    'standard:disconnect': ['1.0.0', undefined],
    'standard:events': ['1.0.0', undefined],
    'solana:signMessage': ['1.1.0', undefined],
    'solana:signIn': ['1.0.0', undefined],
    'solana:signTransaction': ['1.0.0', ['legacy', 0]],
    'solana:signAndSendTransaction': ['1.0.0', ['legacy', 0]],
  })
  expect(solana.address).toBe(await addressOf(seeds[0] as string))
  expect(solana.connected).toBe(false)
})

test('parameters: name, icon, chains', async () => {
  const { wallet } = await setup({ name: 'Other', icon: 'data:image/png;base64,AA==', chains: ['solana:abc'] })
  expect(wallet).toMatchObject({ name: 'Other', icon: 'data:image/png;base64,AA==', chains: ['solana:abc'] })
})

test('behavior: misconfiguration throws a usage error', async () => {
  await expect(createTestSolanaWallet({ seeds: [], rpcUrl: offlineRpcUrl })).rejects.toThrow(TestWalletUsageError)
  await expect(createTestSolanaWallet({ seeds: ['abcd'], rpcUrl: offlineRpcUrl })).rejects.toThrow(/32-byte/)
  await expect(createTestSolanaWallet({ seeds, rpcUrl: offlineRpcUrl, chains: [] })).rejects.toThrow(/one chain/)
})

describe('registration', () => {
  test('behavior: getWallets() sees a wallet registered before and after the app', async () => {
    const first = await setup()
    const unregisterFirst = first.solana.register() // app not ready yet: waits for app-ready
    const wallets = getWallets() // dispatches app-ready
    expect(wallets.get()).toContain(first.wallet)

    const second = await setup({ name: 'Second' })
    const onRegister = vi.fn()
    const onUnregister = vi.fn()
    wallets.on('register', onRegister)
    wallets.on('unregister', onUnregister)
    const unregisterSecond = second.solana.register() // app listening: register-wallet
    expect(onRegister).toHaveBeenCalledWith(second.wallet)
    expect(wallets.get()).toEqual(expect.arrayContaining([first.wallet, second.wallet]))

    unregisterSecond()
    unregisterFirst()
    expect(onUnregister).toHaveBeenCalledTimes(2)
    expect(wallets.get()).not.toContain(first.wallet)
    expect(wallets.get()).not.toContain(second.wallet)
  })

  test('behavior: speaks the app-ready protocol on any target', async () => {
    const { solana, wallet } = await setup()
    const target = new EventTarget()
    const registered: unknown[] = []
    const api: WindowAppReadyEventAPI = {
      register(w) {
        registered.push(w)
        return () => registered.splice(registered.indexOf(w), 1)
      },
    }
    // An app already listening receives register-wallet…
    const onRegisterWallet = (event: Event) => (event as CustomEvent<(api: WindowAppReadyEventAPI) => void>).detail(api)
    target.addEventListener('wallet-standard:register-wallet', onRegisterWallet)
    const unregister = solana.register(target)
    expect(registered).toEqual([wallet])
    // …and an app that becomes ready later is answered too.
    target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
    expect(registered).toEqual([wallet, wallet])
    unregister()
    expect(registered).toEqual([])
    target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
    expect(registered).toEqual([])
  })
})

describe('connection', () => {
  test('behavior: connect exposes the account and emits change', async () => {
    const { wallet, change, connect, solana } = await setup()
    const { accounts } = await connect()
    const expectedAddress = await addressOf(seeds[0] as string)
    expect(accounts).toHaveLength(1)
    expect(accounts[0]).toMatchObject({
      address: expectedAddress,
      chains: ['solana:localnet'],
      features: ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage', 'solana:signIn'],
    })
    expect(accounts[0]?.publicKey).toEqual(new Uint8Array(getAddressEncoder().encode(expectedAddress)))
    expect(wallet.accounts).toEqual(accounts)
    // Stable identity: apps key accounts by object.
    expect(wallet.accounts[0]).toBe(accounts[0])
    expect(change.mock.calls).toEqual([[{ accounts }]])
    expect(solana.connected).toBe(true)
    // Connecting again neither prompts nor emits.
    solana.rejectNext('standard:connect')
    await connect()
    expect(change).toHaveBeenCalledTimes(1)
  })

  test('behavior: silent connect returns accounts only once authorised', async () => {
    const { wallet, solana, connect } = await setup()
    expect(await connect({ silent: true })).toEqual({ accounts: [] })
    expect(solana.connected).toBe(false)
    await connect()
    await wallet.features['standard:disconnect'].disconnect()
    expect(wallet.accounts).toEqual([])
    // The app disconnected, but the site stays trusted in the wallet.
    expect((await connect({ silent: true })).accounts).toHaveLength(1)
    // The user revokes it in the wallet.
    solana.disconnectFromWallet()
    expect(wallet.accounts).toEqual([])
    expect(await connect({ silent: true })).toEqual({ accounts: [] })
  })

  test('behavior: disconnect and disconnectFromWallet emit change; off() stops events', async () => {
    const { wallet, solana, change, off, connect } = await setup()
    await connect()
    await wallet.features['standard:disconnect'].disconnect()
    expect(change).toHaveBeenLastCalledWith({ accounts: [] })
    await connect()
    solana.disconnectFromWallet()
    expect(change).toHaveBeenLastCalledWith({ accounts: [] })
    expect(change).toHaveBeenCalledTimes(4)
    off()
    await connect()
    expect(change).toHaveBeenCalledTimes(4)
  })

  test('behavior: setAccount emits change while connected', async () => {
    const { wallet, solana, change, connect } = await setup()
    solana.setAccount(1)
    expect(change).not.toHaveBeenCalled()
    await connect()
    expect(wallet.accounts[0]?.address).toBe(await addressOf(seeds[1] as string))
    solana.setAccount(0)
    expect(change).toHaveBeenLastCalledWith({
      accounts: [expect.objectContaining({ address: await addressOf(seeds[0] as string) })],
    })
    expect(() => solana.setAccount(2)).toThrow(TestWalletUsageError)
  })
})

describe('signing', () => {
  test('behavior: signMessage returns an ed25519 signature that verifies', async () => {
    const { wallet, connect } = await setup()
    const { accounts } = await connect()
    const account = accounts[0]!
    const message = new TextEncoder().encode('hello portico')
    const [output] = await wallet.features['solana:signMessage'].signMessage({ account, message })
    expect(output?.signedMessage).toEqual(message)
    expect(output?.signatureType).toBe('ed25519')
    const publicKey = await getPublicKeyFromAddress(account.address as Address)
    expect(await verifySignature(publicKey, output?.signature as SignatureBytes, message)).toBe(true)
    expect(await verifySignature(publicKey, output?.signature as SignatureBytes, new Uint8Array([1]))).toBe(false)
  })

  test('behavior: signing needs a connection and the exposed account (4100)', async () => {
    const { wallet, connect, solana } = await setup()
    const other = (await setup()).wallet
    await connect()
    const account = wallet.accounts[0]!
    await wallet.features['standard:disconnect'].disconnect()
    const signMessage = wallet.features['solana:signMessage'].signMessage
    await expect(signMessage({ account, message: new Uint8Array([1]) })).rejects.toMatchObject({
      name: 'WalletSignMessageError',
      code: 4100,
    })
    await connect()
    solana.setAccount(1)
    await expect(signMessage({ account, message: new Uint8Array([1]) })).rejects.toMatchObject({ code: 4100 })
    expect(other.accounts).toEqual([])
  })

  test('behavior: signTransaction signs the wire bytes for its key', async () => {
    const { wallet, connect } = await setup()
    const account = (await connect()).accounts[0]!
    const from = account.address as Address
    const unsigned = transferTransaction(from, await addressOf(seeds[1] as string), 1_000n)
    const [output] = await wallet.features['solana:signTransaction'].signTransaction({
      account,
      transaction: unsigned,
      chain: 'solana:localnet',
    })
    const signed = getTransactionDecoder().decode(output!.signedTransaction)
    expect(signed.messageBytes).toEqual(getTransactionDecoder().decode(unsigned).messageBytes)
    const signature = signed.signatures[from]
    expect(signature).toBeInstanceOf(Uint8Array)
    expect(await verifySignature(await getPublicKeyFromAddress(from), signature!, signed.messageBytes)).toBe(true)
  })

  test('behavior: signTransaction refuses bad input with -32602', async () => {
    const { wallet, connect } = await setup()
    const account = (await connect()).accounts[0]!
    const signTransaction = wallet.features['solana:signTransaction'].signTransaction
    const strangers = transferTransaction(await addressOf(seeds[1] as string), account.address as Address, 1n)
    await expect(signTransaction({ account, transaction: strangers })).rejects.toMatchObject({
      name: 'WalletSignTransactionError',
      code: -32602,
    })
    await expect(signTransaction({ account, transaction: new Uint8Array([1, 2, 3]) })).rejects.toMatchObject({
      code: -32602,
      message: 'The transaction bytes could not be decoded.',
    })
    await expect(signTransaction({ account, transaction: strangers, chain: 'solana:mainnet' })).rejects.toMatchObject({
      code: -32602,
    })
  })
})

describe('rejection', () => {
  test('behavior: rejectNext rejects with 4001 and leaves state unchanged', async () => {
    const { wallet, solana, change, connect } = await setup()
    solana.rejectNext('standard:connect')
    const error = await connect().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TestSolanaWalletError)
    expect(error).toMatchObject({ name: 'WalletConnectionError', code: 4001, message: 'User rejected the request.' })
    expect(wallet.accounts).toEqual([])
    expect(change).not.toHaveBeenCalled()
    // A rejected connect does not authorise a silent one either.
    expect(await connect({ silent: true })).toEqual({ accounts: [] })

    const account = (await connect()).accounts[0]!
    solana.rejectNext('solana:signTransaction')
    // Other features pass while a rejection waits for its own.
    await wallet.features['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) })
    await expect(
      wallet.features['solana:signTransaction'].signTransaction({
        account,
        transaction: transferTransaction(account.address as Address, account.address as Address, 1n),
      }),
    ).rejects.toMatchObject({ name: 'WalletSignTransactionError', code: 4001 })

    solana.rejectNext()
    await expect(
      wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
        account,
        chain: 'solana:localnet',
        transaction: transferTransaction(account.address as Address, account.address as Address, 1n),
      }),
    ).rejects.toMatchObject({ name: 'WalletSendTransactionError', code: 4001 })
    expect(solana.requests.map((r) => r.feature)).toEqual([
      'standard:connect',
      'standard:connect',
      'standard:connect',
      'solana:signMessage',
      'solana:signTransaction',
      'solana:signAndSendTransaction',
    ])
  })

  test('behavior: setRejectAll', async () => {
    const { solana, connect } = await setup()
    solana.setRejectAll(true)
    await expect(connect()).rejects.toMatchObject({ code: 4001 })
    await expect(connect()).rejects.toMatchObject({ code: 4001 })
    solana.setRejectAll(false)
    expect((await connect()).accounts).toHaveLength(1)
  })
})

describe('signAndSendTransaction', () => {
  test('behavior: requires a supported chain', async () => {
    const { wallet, connect } = await setup()
    const account = (await connect()).accounts[0]!
    await expect(
      wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
        account,
        chain: 'solana:mainnet',
        transaction: transferTransaction(account.address as Address, account.address as Address, 1n),
      }),
    ).rejects.toMatchObject({ name: 'WalletSendTransactionError', code: -32602 })
  })

  test('behavior: an unreachable RPC fails with -32603', async () => {
    const { wallet, connect } = await setup()
    const account = (await connect()).accounts[0]!
    // Stubbed rather than a dead port: happy-dom would log the refused connection to the console.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')))
    try {
      await expect(
        wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
          account,
          chain: 'solana:localnet',
          transaction: transferTransaction(account.address as Address, account.address as Address, 1n),
        }),
      ).rejects.toMatchObject({
        name: 'WalletSendTransactionError',
        code: -32603,
        cause: expect.objectContaining({ message: expect.stringContaining('fetch failed') }),
      })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('behavior: sends the signed wire transaction to rpcUrl and confirms it', async () => {
    const rpc = await startFakeSolanaRpc((method, params) => {
      if (method === 'sendTransaction') {
        const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(params[0] as string))
        return getBase58Decoder().decode(Object.values(transaction.signatures)[0] as Uint8Array)
      }
      if (method === 'getSignatureStatuses')
        return {
          context: { slot: 7 },
          value: [{ slot: 7, confirmations: null, err: null, confirmationStatus: 'confirmed' }],
        }
      throw { code: -32601, message: 'Method not found' }
    })
    try {
      const { wallet, connect } = await setup({ rpcUrl: rpc.url })
      const account = (await connect()).accounts[0]!
      const from = account.address as Address
      const [output] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
        account,
        chain: 'solana:localnet',
        transaction: transferTransaction(from, await addressOf(seeds[1] as string), 5n),
        options: { skipPreflight: true, maxRetries: 3, commitment: 'confirmed' },
      })
      expect(rpc.received.map((r) => r.method)).toEqual(['sendTransaction', 'getSignatureStatuses'])
      expect(rpc.received[0]?.params[1]).toMatchObject({ encoding: 'base64', skipPreflight: true, maxRetries: 3 })
      const sent = getTransactionDecoder().decode(getBase64Encoder().encode(rpc.received[0]?.params[0] as string))
      expect(output?.signature).toEqual(sent.signatures[from])
      expect(
        await verifySignature(
          await getPublicKeyFromAddress(from),
          output?.signature as SignatureBytes,
          sent.messageBytes,
        ),
      ).toBe(true)
    } finally {
      await rpc.close()
    }
  })

  test('behavior: an RPC error fails with -32603 and keeps the RPC error as cause', async () => {
    const rpc = await startFakeSolanaRpc(() => {
      throw {
        code: -32002,
        message: 'Transaction simulation failed: Blockhash not found',
        data: { err: 'BlockhashNotFound', logs: [] },
      }
    })
    try {
      const { wallet, connect } = await setup({ rpcUrl: rpc.url })
      const account = (await connect()).accounts[0]!
      const error = await wallet.features['solana:signAndSendTransaction']
        .signAndSendTransaction({
          account,
          chain: 'solana:localnet',
          transaction: transferTransaction(account.address as Address, account.address as Address, 1n),
        })
        .catch((e: unknown) => e)
      expect(error).toMatchObject({ name: 'WalletSendTransactionError', code: -32603 })
      expect((error as Error).cause).toMatchObject({ context: { __code: -32002 } })
    } finally {
      await rpc.close()
    }
  })
})

/** A loopback stand-in for a Solana RPC: records each call and answers with `answer` (a throw becomes a JSON-RPC error). */
async function startFakeSolanaRpc(answer: (method: string, params: unknown[]) => unknown) {
  const received: { method: string; params: unknown[] }[] = []
  const server = createServer((request, response) => {
    // happy-dom enforces CORS like a browser does.
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-headers', '*')
    if (request.method === 'OPTIONS') return void response.end()
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => {
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] }
      received.push({ method, params })
      let reply: object
      try {
        reply = { jsonrpc: '2.0', id, result: answer(method, params) }
      } catch (error) {
        reply = { jsonrpc: '2.0', id, error }
      }
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
