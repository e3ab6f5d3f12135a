// One-click auth over WalletConnect against the real devnet wallet (@reown/walletkit) through the
// devnet relay: wc_sessionAuthenticate connects and signs in with one approval; a wallet without
// it answers the fallback proposal and Portico asks for the signature afterwards.

import { createDevnetWallet, type DevnetWallet, startRelay, type WalletConnectRelay } from '@portico/devnet'
import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { getConnectors } from '../../kernel/actions/getConnectors.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from '../../kernel/adapters/solana/solanaAdapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { eip155Network, solanaNetwork } from '../../kernel/networks.js'
import type { Portico } from '../../kernel/portico.js'
import type { SiwxConfig } from '../../kernel/siwxConfig.js'
import { createMemoryWalletConnectStorage } from '../../kernel/walletConnectOptions.js'
import { memoryStorage } from '../../test/fixtures.js'
import { walletConnectOf } from '../../test/walletConnect.js'
import { watchWalletConnectUri } from '../walletconnect/watchWalletConnectUri.js'
import { getSiwxState, type SiwxState } from './getSiwxState.js'
import { localSiwx } from './localSiwx.js'
import { signInSiwx } from './signInSiwx.js'
import { watchSiwxState } from './watchSiwxState.js'

let relay: WalletConnectRelay
const wallets: DevnetWallet[] = []
const porticos: Portico[] = []
let count = 0

beforeAll(async () => {
  relay = await startRelay()
}, 60_000)
afterEach(async () => {
  for (const portico of porticos.splice(0)) await (await walletConnectOf(portico)?.load())?.close()
  await Promise.all(wallets.splice(0).map((w) => w.close()))
})
afterAll(async () => {
  await relay?.stop()
})

function dapp({ withSolana = false, siwx }: { withSolana?: boolean; siwx: SiwxConfig }) {
  const evm = eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9', testnet: true })
  const sol = solanaNetwork({ genesisHash: 'X'.repeat(44), name: 'Solana elsewhere', rpcUrl: 'http://127.0.0.1:9' })
  const networks = withSolana ? ([evm, sol] as const) : ([evm] as const)
  const portico = createPortico({
    projectId: 'portico-devnet',
    metadata: { name: 'Portico test dapp', description: 'siwx', url: 'http://127.0.0.1:5173', icons: [] },
    networks,
    adapters: withSolana ? [eip155Adapter(), solanaAdapter()] : [eip155Adapter()],
    storage: memoryStorage(),
    ssr: false,
    walletConnect: {
      relayUrl: relay.url,
      verifyUrl: relay.verifyUrl,
      storage: createMemoryWalletConnectStorage(),
    },
    siwx,
  })
  porticos.push(portico)
  return portico
}

async function wallet(oneClickAuth: boolean) {
  const w = await createDevnetWallet({
    storagePrefix: `siwx-wallet-${++count}`,
    relayUrl: relay.url,
    verifyUrl: relay.verifyUrl,
    evmChainIds: [31337],
    oneClickAuth,
  })
  wallets.push(w)
  return w
}

async function pairAndConnect(portico: Portico, w: DevnetWallet) {
  const connector = getConnectors(portico, { namespace: 'eip155' }).find((c) => c.type === 'WALLET_CONNECT')
  if (!connector) throw new Error('no WalletConnect connector')
  const uri = new Promise<string>((resolve) => {
    const stop = watchWalletConnectUri(portico, {
      onChange: (pairing) => {
        if (!pairing) return
        stop()
        resolve(pairing.uri)
      },
    })
  })
  const connected = connect(portico, { connector })
  await w.pair(await uri)
  return connected
}

function stateWhere(portico: Portico, match: (state: SiwxState) => boolean): Promise<SiwxState> {
  return new Promise((resolve) => {
    const now = getSiwxState(portico)
    if (match(now)) return resolve(now)
    const stop = watchSiwxState(portico, {
      onChange(state) {
        if (!match(state)) return
        stop()
        resolve(state)
      },
    })
  })
}

const siwxFor = () =>
  localSiwx({
    storage: memoryStorage(),
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173',
    statement: 'Sign in to the test dapp.',
  })

test('one-click auth: one approval connects and signs in (wc_sessionAuthenticate, no sign step)', async () => {
  const siwx = siwxFor()
  const portico = dapp({ siwx })
  const w = await wallet(true)
  const requests: string[] = []
  w.subscribe((event) => {
    if (event.type === 'request') requests.push(event.request.method)
  })
  await pairAndConnect(portico, w)
  const address = w.accounts.eip155.address
  expect(getConnection(portico)).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31337' })
  const state = await stateWhere(portico, (s) => s.status === 'authenticated')
  expect(state.step).toBe('idle')
  const [session] = state.sessions
  expect(session?.data).toMatchObject({
    chainId: 'eip155:31337',
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173',
  })
  expect(session?.data.accountAddress.toLowerCase()).toBe(address.toLowerCase())
  expect(session?.cacao).toBeDefined()
  // The signature is the wallet's real EIP-191 signature over the stored text.
  expect(
    await verifyMessage({
      address: address as `0x${string}`,
      message: session?.message ?? '',
      signature: session?.signature as `0x${string}`,
    }),
  ).toBe(true)
  // No session_request was needed: the signature came with the approval.
  expect(requests).toEqual([])
  // The session can sign afterwards too (the recap granted the methods).
  expect(w.sessions()[0]?.namespaces.eip155?.methods).toContain('personal_sign')
})

test('fallback: a wallet without wc_sessionAuthenticate connects through the proposal, then the sign step asks', async () => {
  const siwx = siwxFor()
  const portico = dapp({ siwx })
  const w = await wallet(false)
  await pairAndConnect(portico, w)
  expect(await stateWhere(portico, (s) => s.step === 'prompt')).toMatchObject({ status: 'authenticating' })
  const session = await signInSiwx(portico)
  expect(getSiwxState(portico).status).toBe('authenticated')
  expect(
    await verifyMessage({
      address: w.accounts.eip155.address as `0x${string}`,
      message: session.message,
      signature: session.signature as `0x${string}`,
    }),
  ).toBe(true)
})

test('not eip155-only: a proposal with several namespaces connects normally, then asks to sign', async () => {
  const siwx = siwxFor()
  const portico = dapp({ siwx, withSolana: true })
  const w = await wallet(true)
  await pairAndConnect(portico, w)
  expect(await stateWhere(portico, (s) => s.step === 'prompt')).toMatchObject({ status: 'authenticating' })
})

test('one-click auth declined: the connection is rejected and nothing is signed in', async () => {
  const siwx = siwxFor()
  const portico = dapp({ siwx })
  const w = await createDevnetWallet({
    storagePrefix: `siwx-wallet-${++count}`,
    relayUrl: relay.url,
    verifyUrl: relay.verifyUrl,
    evmChainIds: [31337],
    autoApprove: { proposals: 'reject' },
  })
  wallets.push(w)
  await expect(pairAndConnect(portico, w)).rejects.toMatchObject({ name: 'ConnectionRejectedError' })
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle' })
  expect(await siwx.getSessions('eip155:31337', w.accounts.eip155.address)).toEqual([])
})
