import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { siwxFlowSuite, stateWhere } from '../../test/siwxFlowFixture.js'
import { getSiwxState } from './getSiwxState.js'
import { signInSiwx } from './signInSiwx.js'
import { signOutSiwx } from './signOutSiwx.js'

const { setup, address } = siwxFlowSuite()

test('default: revokes the session and keeps the connection', async () => {
  const { portico, config } = setup()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  await signInSiwx(portico)
  expect(await config.getSessions('eip155:31337', address)).toHaveLength(1)
  await signOutSiwx(portico)
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle', sessions: [] })
  expect(await config.getSessions('eip155:31337', address)).toEqual([])
  expect(getConnection(portico).status).toBe('connected')
})
