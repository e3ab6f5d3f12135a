import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { switchNetwork } from '../../kernel/actions/switchNetwork.js'
import { siwxFlowSuite, stateWhere } from '../../test/siwxFlowFixture.js'
import { cancelSiwxSignIn } from './cancelSiwxSignIn.js'
import { getSiwxState } from './getSiwxState.js'
import { signInSiwx } from './signInSiwx.js'
import { siwxFlowSettled } from './siwxFlow.js'

const { setup } = siwxFlowSuite()

test('behavior: cancel when optional just closes; the account stays connected', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  await cancelSiwxSignIn(portico)
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle' })
  expect(getConnection(portico).status).toBe('connected')
  expect(wallet.requests.some((r) => r.method === 'personal_sign')).toBe(false)
})

test('behavior: cancel when required and no session anywhere disconnects', async () => {
  const { portico } = setup({ siwx: { required: true } })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  expect(await stateWhere(portico, (s) => s.step === 'prompt')).toMatchObject({ required: true })
  await cancelSiwxSignIn(portico)
  expect(getConnection(portico).status).toBe('disconnected')
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle', address: undefined })
})

test('behavior: cancel when required goes back to the last network with a session', async () => {
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
  // Back on a network, the flow looks its sessions up (asynchronously, as any config may); the
  // state after that lookup is the one the rule promises.
  await siwxFlowSettled(portico)
  expect(getSiwxState(portico)).toMatchObject({ caipNetworkId: 'eip155:31337', status: 'authenticated', step: 'idle' })
})
