// The sign-in flow across a connection's life: network switches, disconnects and reloads. Each
// sign-in verb's own behaviour is tested beside it (signInSiwx, cancelSiwxSignIn, signOutSiwx, …).
import { expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { switchNetwork } from '../../kernel/actions/switchNetwork.js'
import { memoryStorage } from '../../test/fixtures.js'
import { siwxFlowSuite, stateWhere } from '../../test/siwxFlowFixture.js'
import { removeTestWindow } from '../../test/window.js'
import { getSiwxState } from './getSiwxState.js'
import { localSiwx } from './localSiwx.js'
import { signInSiwx } from './signInSiwx.js'
import { requireSiwxFlow } from './siwxFlow.js'

const { setup, stops, address } = siwxFlowSuite()

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

test('error: a host config whose methods throw instead of rejecting is read like a rejection: warned, the wallet stays connected, the sign step is asked, disconnect still completes', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const base = localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })
  const { portico } = setup({
    siwx: {
      ...base,
      getSessions: () => {
        throw new Error('sessions broke')
      },
      setSessions: () => {
        throw new Error('sign-out broke')
      },
      getRequired: () => {
        throw new Error('required broke')
      },
    },
  })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  // As when the session store rejects: ask to sign; a getRequired that throws reads as optional.
  const asked = await stateWhere(portico, (s) => s.step === 'prompt')
  expect(asked).toMatchObject({ status: 'authenticating', address, required: false })
  expect(getConnection(portico).status).toBe('connected')
  await disconnect(portico)
  await requireSiwxFlow(portico)?.settled
  expect(getConnection(portico).status).toBe('disconnected')
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle' })
  const warnings = warn.mock.calls.map(([text]) => text)
  expect(warnings).toContain('[portico] Reading sign-in sessions failed: sessions broke')
  expect(warnings).toContain('[portico] Sign-in is optional: siwx.getRequired failed: required broke')
  expect(warnings).toContain('[portico] Signing out on disconnect failed: sign-out broke')
})
