// The sign-in feature's registration: the kernel loads this module with an instance that has a
// `siwx` option and calls `start`, which starts the sign-in flow (siwxFlow.test.ts tests the flow
// itself). Here the flow is observed through the instance's store only: every reader
// (getSiwxState, watchSiwxState, useSiwx) would start it on its own.
import { expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { featureLoaders } from '../../kernel/featureLoaders.js'
import { siwxSuite } from '../../test/siwxFixture.js'
import { siwxFlowSuite } from '../../test/siwxFlowFixture.js'
import { lifecycle } from './lifecycle.js'
import { initialSiwxState, siwxFlowSettled, siwxStateAtom } from './siwxFlow.js'

const { setup, address } = siwxFlowSuite()
const setupWithout = siwxSuite()

test('behavior: an instance created with a siwx option starts the flow itself: a connect opens the sign step though nothing read the sign-in state', async () => {
  const { portico } = setup()
  expect(portico.store.get(siwxStateAtom)).toBe(initialSiwxState)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  // The connect is later than the loader the instance started at creation.
  await featureLoaders.siwx()
  await siwxFlowSettled(portico)
  expect(portico.store.get(siwxStateAtom)).toEqual({
    ...initialSiwxState,
    status: 'authenticating',
    step: 'prompt',
    address,
    caipNetworkId: 'eip155:31337',
  })
})

test('behavior: start follows the connection from then on: a disconnect closes the step and signs out', async () => {
  const { portico, config } = setup()
  lifecycle.start(portico)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await siwxFlowSettled(portico)
  expect(portico.store.get(siwxStateAtom).step).toBe('prompt')
  const setSessions = vi.spyOn(config, 'setSessions')
  await disconnect(portico)
  await siwxFlowSettled(portico)
  expect(portico.store.get(siwxStateAtom)).toEqual(initialSiwxState)
  expect(setSessions).toHaveBeenCalledExactlyOnceWith([])
})

test('behavior: start runs once per instance: started again (and by the kernel), a connect reads the sessions once', async () => {
  const { portico, config } = setup()
  const getSessions = vi.spyOn(config, 'getSessions')
  lifecycle.start(portico)
  lifecycle.start(portico)
  await featureLoaders.siwx()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await siwxFlowSettled(portico)
  expect(getSessions).toHaveBeenCalledExactlyOnceWith('eip155:31337', address)
})

test('edge: without a siwx option start does nothing: a connect leaves the sign-in state as it was', async () => {
  const { portico } = setupWithout(undefined)
  lifecycle.start(portico)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await siwxFlowSettled(portico)
  expect(portico.store.get(siwxStateAtom)).toBe(initialSiwxState)
})
