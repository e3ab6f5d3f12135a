import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { siwxFlowSuite, stateWhere } from '../../test/siwxFlowFixture.js'
import { installTestWindow } from '../../test/window.js'
import { getSiwxSessions } from './getSiwxSessions.js'
import { getSiwxState } from './getSiwxState.js'
import { localSiwx } from './localSiwx.js'
import { signInSiwx } from './signInSiwx.js'

const { setup } = siwxFlowSuite()

test('default: signs the connected account in and stores the session', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  const session = await signInSiwx(portico)
  expect(session.message).toMatch(
    /^app\.test wants you to sign in with your Ethereum account:\n0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc\n/,
  )
  expect(session.message).toContain('\nChain ID: 31337\n')
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticated', step: 'idle', sessions: [session] })
  expect(await getSiwxSessions(portico)).toEqual([session])
  expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1)
})

test('behavior: a second Sign while one runs joins it (one wallet prompt, one session)', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  const [a, b] = await Promise.all([signInSiwx(portico), signInSiwx(portico)])
  expect(b).toBe(a)
  expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1)
  expect(await getSiwxSessions(portico)).toHaveLength(1)
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

test('behavior: without a siwx option it refuses with the spec’s text', async () => {
  installTestWindow()
  const { devnet } = testNetworks()
  const portico = createPortico({ projectId: 'p', networks: [devnet], adapters: [eip155Adapter()] })
  await expect(signInSiwx(portico)).rejects.toMatchObject({ shortMessage: 'SIWX is not enabled' })
})
