import { afterEach, expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { switchNetwork } from '../../kernel/actions/switchNetwork.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import type { Portico } from '../../kernel/portico.js'
import type { SiwxConfig } from '../../kernel/siwxConfig.js'
import type { StorageLike } from '../../kernel/state/storage.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { cancelSiwxSignIn } from './cancelSiwxSignIn.js'
import { getSiwxSessions } from './getSiwxSessions.js'
import { getSiwxState, type SiwxState } from './getSiwxState.js'
import { type LocalSiwxOptions, localSiwx } from './localSiwx.js'
import { signInSiwx } from './signInSiwx.js'
import { signOutSiwx } from './signOutSiwx.js'
import { watchSiwxState } from './watchSiwxState.js'

const key = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
const address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const stops: (() => void)[] = []

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  removeTestWindow()
  vi.restoreAllMocks()
})

function setup({
  siwx = {},
  storage = memoryStorage(),
  sessionStorage = memoryStorage(),
  reuse,
}: {
  siwx?: LocalSiwxOptions | SiwxConfig
  storage?: StorageLike
  sessionStorage?: StorageLike
  /** The same wallet after a reload (it remembers that it authorised the site). */
  reuse?: ReturnType<typeof createTestEip1193Wallet>
} = {}) {
  installTestWindow()
  const { devnet, devnet2 } = testNetworks()
  const wallet =
    reuse ??
    createTestEip1193Wallet({
      accounts: [key],
      chains: [
        { id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' },
        { id: 31338, name: 'Devnet 2', rpcUrl: 'http://127.0.0.1:1' },
      ],
    })
  const config =
    'createMessage' in siwx
      ? siwx
      : localSiwx({ storage: sessionStorage, domain: 'app.test', uri: 'https://app.test', ...siwx })
  const portico = createPortico({
    projectId: 'p',
    networks: [devnet, devnet2],
    adapters: [
      eip155Adapter({ eip6963: false, connectors: [{ id: 'test', name: 'Test', provider: wallet.provider }] }),
    ],
    storage,
    siwx: config,
  })
  stops.push(initialize(portico))
  return { portico, wallet, config, storage, sessionStorage }
}

/** Resolves with the first sign-in state that matches (checked now and on every change). */
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

test('default: connecting without a session opens the sign step; signing adds the session', async () => {
  const { portico, wallet } = setup()
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle', sessions: [] })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  const prompt = await stateWhere(portico, (s) => s.step === 'prompt')
  expect(prompt).toMatchObject({ status: 'authenticating', address, caipNetworkId: 'eip155:31337', required: false })
  expect(wallet.requests.some((r) => r.method === 'personal_sign')).toBe(false)

  const steps: string[] = []
  stops.push(watchSiwxState(portico, { onChange: (s) => steps.push(`${s.status}/${s.step}`) }))
  const session = await signInSiwx(portico)
  expect(steps).toEqual(['authenticating/signing', 'authenticated/idle'])
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticated', step: 'idle', sessions: [session] })
  expect(await getSiwxSessions(portico)).toEqual([session])
})

test('behavior: the flow starts lazily from createPortico, without any sign-in call', async () => {
  const inner = localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })
  const getSessions = vi.fn(inner.getSessions)
  const { portico } = setup({ siwx: { ...inner, getSessions } })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await vi.waitFor(() => expect(getSessions).toHaveBeenCalledWith('eip155:31337', address), { timeout: 10_000 })
})

test('behavior: a failed signature lets the user retry', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  wallet.rejectNext('personal_sign')
  await expect(signInSiwx(portico)).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  const failed = getSiwxState(portico)
  expect(failed).toMatchObject({ status: 'authenticating', step: 'failed', sessions: [] })
  expect(failed.error).toMatchObject({ name: 'UserRejectedRequestError' })
  await signInSiwx(portico)
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticated', step: 'idle', error: undefined })
})

test('behavior: a session the config refuses is a failure too (nothing stored)', async () => {
  const inner = localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })
  const { portico } = setup({
    siwx: {
      ...inner,
      addSession: async () => {
        throw new Error('server said no')
      },
    },
  })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  await expect(signInSiwx(portico)).rejects.toThrow('server said no')
  expect(getSiwxState(portico)).toMatchObject({ step: 'failed', status: 'authenticating', sessions: [] })
})

test('behavior: cancel when optional just closes; the account stays connected', async () => {
  const { portico } = setup()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  await cancelSiwxSignIn(portico)
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle' })
  expect(getConnection(portico).status).toBe('connected')
})

test('behavior: cancel when required and no session anywhere disconnects', async () => {
  const { portico } = setup({ siwx: { required: true } })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  expect(await stateWhere(portico, (s) => s.step === 'prompt')).toMatchObject({ required: true })
  await cancelSiwxSignIn(portico)
  expect(getConnection(portico).status).toBe('disconnected')
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle', address: undefined })
})

test('behavior: switching to a network without a session asks again; cancel (required) goes back', async () => {
  const { portico, wallet } = setup({ siwx: { required: true } })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  await signInSiwx(portico)

  await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
  expect(await stateWhere(portico, (s) => s.step === 'prompt')).toMatchObject({
    caipNetworkId: 'eip155:31338',
    status: 'authenticating',
  })
  await cancelSiwxSignIn(portico)
  expect(getConnection(portico)).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31337' })
  expect(wallet.requests.filter((r) => r.method === 'wallet_switchEthereumChain')).toHaveLength(2)
  expect(await stateWhere(portico, (s) => s.caipNetworkId === 'eip155:31337')).toMatchObject({
    status: 'authenticated',
    step: 'idle',
  })
})

test('behavior: switching to a network that has a session does not ask', async () => {
  const { portico } = setup()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  await signInSiwx(portico)
  await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  await signInSiwx(portico)
  await switchNetwork(portico, { caipNetworkId: 'eip155:31337' })
  const back = await stateWhere(portico, (s) => s.caipNetworkId === 'eip155:31337' && s.status === 'authenticated')
  expect(back.step).toBe('idle')
})

test('behavior: disconnect signs out by default', async () => {
  const { portico, config } = setup()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  await signInSiwx(portico)
  const setSessions = vi.spyOn(config, 'setSessions')
  await disconnect(portico)
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle', sessions: [] })
  await vi.waitFor(() => expect(setSessions).toHaveBeenCalledWith([]), { timeout: 10_000 })
  expect(await config.getSessions('eip155:31337', address)).toEqual([])
})

test('behavior: signOutOnDisconnect false keeps the session', async () => {
  const { portico, config } = setup({ siwx: { signOutOnDisconnect: false } })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  await signInSiwx(portico)
  await disconnect(portico)
  expect(getSiwxState(portico).status).toBe('unauthenticated')
  expect(await config.getSessions('eip155:31337', address)).toHaveLength(1)
})

test('behavior: signOut revokes the session and keeps the connection', async () => {
  const { portico, config } = setup()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  await signInSiwx(portico)
  await signOutSiwx(portico)
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle', sessions: [] })
  expect(await config.getSessions('eip155:31337', address)).toEqual([])
  expect(getConnection(portico).status).toBe('connected')
})

test('behavior: a reload with a stored session reconnects signed in, without asking', async () => {
  const first = setup()
  await connect(first.portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(first.portico, (s) => s.step === 'prompt')
  await signInSiwx(first.portico)
  for (const stop of stops.splice(0)) stop()
  removeTestWindow()
  const signatures = first.wallet.requests.filter((r) => r.method === 'personal_sign').length

  const second = setup({ storage: first.storage, sessionStorage: first.sessionStorage, reuse: first.wallet })
  const state = await stateWhere(second.portico, (s) => s.status === 'authenticated')
  expect(state).toMatchObject({ step: 'idle', address, caipNetworkId: 'eip155:31337' })
  expect(state.sessions).toHaveLength(1)
  expect(second.wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(signatures)
})

test('behavior: without a siwx option the state stays idle', async () => {
  installTestWindow()
  const { devnet } = testNetworks()
  const portico = createPortico({ projectId: 'p', networks: [devnet], adapters: [eip155Adapter()] })
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle' })
  await expect(signInSiwx(portico)).rejects.toMatchObject({ shortMessage: 'SIWX is not enabled' })
})
