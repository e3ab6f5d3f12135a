// watchSiwx without a DOM: the real sign-in flow (headless's localSiwx, the test wallet signing
// locally) tied to a real modal controller. Covers when the sign step view is opened and closed,
// that it is never opened twice, and which ways of leaving it are a Cancel (the spec's SIWX rules).
// The view itself, its buttons and its wording are in SIWXSignMessage.browser.test.tsx.
import { connect, getConnection } from '@portico/headless'
import { getSiwxState, signInSiwx } from '@portico/headless/siwx'
import { QueryClient } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { siwxFlowSuite, stateWhere } from '../../../../headless/src/test/siwxFlowFixture.js'
import { createModalController } from '../../modal/controller.js'
import { viewTable } from '../index.js'
import { watchSiwx } from './watchSiwx.js'

const { setup, stops } = siwxFlowSuite()

/** A modal controller whose open state is committed at once, as React would after a render. */
function modalWatched(portico: Parameters<typeof watchSiwx>[0]) {
  const modal = createModalController({ embedded: false, table: viewTable })
  const opens: string[] = []
  const setOpen = (next: boolean) => {
    if (next) opens.push(String(modal.navigation.get().history.at(-1)?.view))
    modal.attach(next, setOpen)
    modal.committed(next)
  }
  modal.attach(false, setOpen)
  const queryClient = new QueryClient()
  stops.push(watchSiwx(portico, modal, queryClient))
  const top = () => modal.navigation.get().history.at(-1)?.view
  const history = () => modal.navigation.get().history.map((entry) => entry.view)
  return { modal, opens, top, history, queryClient }
}

test('behavior: a connect without a session opens the modal on the sign step; signing in closes it', async () => {
  const { portico } = setup()
  const { modal, top, history, opens } = modalWatched(portico)
  expect(modal.isOpen()).toBe(false)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  expect(modal.isOpen()).toBe(true)
  expect(top()).toBe('SIWXSignMessage')
  expect(history()).toEqual(['SIWXSignMessage'])
  expect(opens).toEqual(['SIWXSignMessage'])

  await signInSiwx(portico)
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticated', step: 'idle' })
  expect(modal.isOpen()).toBe(false)
  expect(history()).toEqual(['Connect'])
})

test('edge: the step asked while its view is already on top is not opened a second time (a second watch, a failed signature)', async () => {
  const { portico, wallet } = setup()
  const first = modalWatched(portico)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  expect(first.opens).toEqual(['SIWXSignMessage'])
  // A second watch of the same modal (React's StrictMode runs the effect twice): nothing pushed.
  stops.push(watchSiwx(portico, first.modal, first.queryClient))
  expect(first.history()).toEqual(['SIWXSignMessage'])

  // A declined signature: the step stays, failed, on the same single entry.
  wallet.rejectNext('personal_sign')
  await expect(signInSiwx(portico)).rejects.toThrow()
  expect(getSiwxState(portico).step).toBe('failed')
  expect(first.modal.isOpen()).toBe(true)
  expect(first.history()).toEqual(['SIWXSignMessage'])
  expect(first.opens).toEqual(['SIWXSignMessage'])
})

test('behavior: the modal already open on another view is taken over by the sign step (one entry, not stacked)', async () => {
  const { portico } = setup()
  const { modal, history } = modalWatched(portico)
  modal.open({ view: 'Connect' })
  modal.push({ view: 'Networks' })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  expect(history()).toEqual(['SIWXSignMessage'])
})

test('behavior: closing the modal while the step asks is a Cancel: optional sign-in stays connected, unauthenticated, and the step is not reopened', async () => {
  const { portico } = setup()
  const { modal, history, opens } = modalWatched(portico)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  modal.close()
  await stateWhere(portico, (s) => s.step === 'idle')
  expect(getSiwxState(portico).status).toBe('unauthenticated')
  expect(getConnection(portico).status).toBe('connected')
  expect(modal.isOpen()).toBe(false)
  expect(history()).toEqual(['Connect'])
  expect(opens).toEqual(['SIWXSignMessage'])
})

test('behavior: closing the modal while a required sign-in asks disconnects (the Cancel rule)', async () => {
  const { portico } = setup({ siwx: { required: true } })
  const { modal } = modalWatched(portico)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  expect(getSiwxState(portico).required).toBe(true)
  modal.close()
  await expect.poll(() => getConnection(portico).status).toBe('disconnected')
  expect(modal.isOpen()).toBe(false)
})

test('behavior: the host closing the modal (its own open state) while a required step asks is a Cancel too: it disconnects', async () => {
  const { portico } = setup({ siwx: { required: true } })
  const { modal } = modalWatched(portico)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  // The host's onOpenChange(false), committed by React: the history goes home.
  modal.attach(false, () => {})
  modal.committed(false)
  await expect.poll(() => getConnection(portico).status).toBe('disconnected')
  expect(getSiwxState(portico).step).toBe('idle')
})

test("behavior: back from the step (the modal's first view) closes it as a Cancel and it is not reopened", async () => {
  const { portico } = setup()
  const { modal, history, opens } = modalWatched(portico)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  modal.back()
  await stateWhere(portico, (s) => s.step === 'idle')
  expect(getSiwxState(portico).status).toBe('unauthenticated')
  expect(modal.isOpen()).toBe(false)
  expect(history()).toEqual(['Connect'])
  expect(opens).toEqual(['SIWXSignMessage'])
})

test('behavior: another view replacing the step while the modal stays open gives the step its place back', async () => {
  const { portico } = setup()
  const { modal, top } = modalWatched(portico)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  modal.replace({ view: 'Account' })
  expect(modal.isOpen()).toBe(true)
  expect(top()).toBe('SIWXSignMessage')
  expect(getSiwxState(portico).step).toBe('prompt')
})

test('edge: leaving while the signature is being asked (not asking any more) is no Cancel: the sign-in goes on and the modal stays closed', async () => {
  const { portico } = setup()
  const { modal, opens } = modalWatched(portico)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  const signing = signInSiwx(portico)
  expect(getSiwxState(portico).step).toBe('signing')
  modal.close()
  await signing
  expect(getSiwxState(portico).status).toBe('authenticated')
  expect(modal.isOpen()).toBe(false)
  expect(opens).toEqual(['SIWXSignMessage'])
})

test('behavior: once stopped, the watch opens and closes nothing', async () => {
  const { portico } = setup()
  const modal = createModalController({ embedded: false, table: viewTable })
  const requests: boolean[] = []
  modal.attach(false, (next) => requests.push(next))
  const stop = watchSiwx(portico, modal, new QueryClient())
  stop()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  expect(requests).toEqual([])
  expect(modal.navigation.get().history.map((e) => e.view)).toEqual(['Connect'])
})
