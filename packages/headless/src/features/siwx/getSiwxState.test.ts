import { expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { siwxFlowSuite, stateWhere } from '../../test/siwxFlowFixture.js'
import { installTestWindow } from '../../test/window.js'
import { getSiwxState } from './getSiwxState.js'
import { localSiwx } from './localSiwx.js'

const { setup, address } = siwxFlowSuite()

test('default: unauthenticated and idle before a connection; connecting without a session opens the sign step', async () => {
  const { portico, wallet } = setup()
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle', sessions: [] })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  const prompt = await stateWhere(portico, (s) => s.step === 'prompt')
  expect(prompt).toMatchObject({ status: 'authenticating', address, caipNetworkId: 'eip155:31337', required: false })
  // The sign step waits for the user: opening it asks the wallet nothing.
  expect(wallet.requests.some((r) => r.method === 'personal_sign')).toBe(false)
  expect(getSiwxState(portico)).toBe(prompt)
})

test('behavior: the flow starts lazily from createPortico, without any sign-in call', async () => {
  const inner = localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })
  const getSessions = vi.fn(inner.getSessions)
  const { portico } = setup({ siwx: { ...inner, getSessions } })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await vi.waitFor(() => expect(getSessions).toHaveBeenCalledWith('eip155:31337', address), { timeout: 10_000 })
})

test('behavior: without a siwx option the state stays unauthenticated and idle', async () => {
  installTestWindow()
  const { devnet } = testNetworks()
  const portico = createPortico({ projectId: 'p', networks: [devnet], adapters: [eip155Adapter()] })
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle', sessions: [] })
})
