// Sign In With Solana through the Wallet Standard `solana:signIn` feature of the test wallet
// (real ed25519 keys), checked with an independent ed25519 verification (@solana/kit).
import { address, getBase58Encoder, getPublicKeyFromAddress, type SignatureBytes, verifySignature } from '@solana/kit'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { solanaAdapter } from '../../kernel/adapters/solana/solanaAdapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { createTestSolanaWallet } from '../../testing/solanaWallet.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import { getSiwxState } from './getSiwxState.js'
import { localSiwx } from './localSiwx.js'
import { signInSiwx } from './signInSiwx.js'

const seed = `0x${'11'.repeat(32)}`
const stops: (() => void)[] = []
// One window for the file: the Wallet Standard registry lives on it for the page's lifetime.
beforeAll(() => {
  installTestWindow()
})
afterAll(() => removeTestWindow())
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

async function setup() {
  const wallet = await createTestSolanaWallet({ seeds: [seed], rpcUrl: 'http://127.0.0.1:1' })
  stops.push(wallet.register())
  const siwx = localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test', statement: 'Hi.' })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [testNetworks().solanaLocal],
    adapters: [solanaAdapter()],
    storage: memoryStorage(),
    siwx,
  })
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
  return { portico, wallet, siwx }
}

test('behavior: solana sign-in goes through solana:signIn; the text is the spec layout and the ed25519 signature verifies', async () => {
  const { portico, wallet, siwx } = await setup()
  const session = await signInSiwx(portico)
  expect(wallet.requests.map((r) => r.feature)).toContain('solana:signIn')
  expect(wallet.requests.map((r) => r.feature)).not.toContain('solana:signMessage')
  // The wallet wrote the text itself; Portico's formatter writes the same bytes for the same fields.
  expect(session.message).toBe(formatSiwxMessage(session.data))
  expect(session.message.split('\n')[0]).toBe('app.test wants you to sign in with your Solana account:')
  expect(session.data).toMatchObject({ accountAddress: wallet.address, domain: 'app.test', statement: 'Hi.' })
  const key = await getPublicKeyFromAddress(address(wallet.address))
  const signature = getBase58Encoder().encode(session.signature) as SignatureBytes
  const bytes = new TextEncoder().encode(session.message)
  expect(await verifySignature(key, signature, bytes)).toBe(true)
  expect(await verifySignature(key, signature, new TextEncoder().encode(`${session.message} `))).toBe(false)
  expect(getSiwxState(portico).status).toBe('authenticated')
  expect(await siwx.getSessions(session.data.chainId, wallet.address)).toHaveLength(1)
})

test('behavior: a declined solana:signIn is a user rejection the sign step can retry', async () => {
  const { portico, wallet } = await setup()
  wallet.rejectNext('solana:signIn')
  await expect(signInSiwx(portico)).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  expect(getSiwxState(portico).step).toBe('failed')
  await signInSiwx(portico)
  expect(getSiwxState(portico).status).toBe('authenticated')
})

test('behavior: a wallet without solana:signIn signs the same Sign In With Solana text with solana:signMessage; the ed25519 signature verifies', async () => {
  const wallet = await createTestSolanaWallet({
    seeds: [`0x${'22'.repeat(32)}`],
    rpcUrl: 'http://127.0.0.1:1',
    signIn: false,
  })
  stops.push(wallet.register())
  expect(Object.keys(wallet.wallet.features)).not.toContain('solana:signIn')
  const siwx = localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test', statement: 'Hi.' })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [testNetworks().solanaLocal],
    adapters: [solanaAdapter()],
    storage: memoryStorage(),
    siwx,
  })
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
  const session = await signInSiwx(portico)
  const features = wallet.requests.map((r) => r.feature)
  expect(features).toContain('solana:signMessage')
  expect(features).not.toContain('solana:signIn')
  // Portico wrote the text (the spec's Solana layout) and the wallet signed exactly those bytes.
  expect(session.message).toBe(formatSiwxMessage(session.data))
  expect(session.message.split('\n')[0]).toBe('app.test wants you to sign in with your Solana account:')
  expect(session.data).toMatchObject({ accountAddress: wallet.address, domain: 'app.test', statement: 'Hi.' })
  const key = await getPublicKeyFromAddress(address(wallet.address))
  const signature = getBase58Encoder().encode(session.signature) as SignatureBytes
  expect(await verifySignature(key, signature, new TextEncoder().encode(session.message))).toBe(true)
  expect(getSiwxState(portico).status).toBe('authenticated')
  expect(await siwx.getSessions(session.data.chainId, wallet.address)).toHaveLength(1)
})
