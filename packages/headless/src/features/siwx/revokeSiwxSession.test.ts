import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { memoryStorage } from '../../test/fixtures.js'
import { siwxSuite } from '../../test/siwxFixture.js'
import { getSiwxSessions } from './getSiwxSessions.js'
import { localSiwx } from './localSiwx.js'
import { revokeSiwxSession } from './revokeSiwxSession.js'
import { signInWithSiwx } from './signInWithSiwx.js'

const setup = siwxSuite()
const local = () => localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })

test('removes the connected account’s session', async () => {
  const { portico } = setup(local())
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await signInWithSiwx(portico)
  expect(await getSiwxSessions(portico)).toHaveLength(1)
  await revokeSiwxSession(portico)
  expect(await getSiwxSessions(portico)).toEqual([])
})

test('without a sign-in option: SiwxNotEnabledError with the spec’s text', async () => {
  const { portico } = setup(undefined)
  await expect(revokeSiwxSession(portico)).rejects.toMatchObject({
    name: 'SiwxNotEnabledError',
    shortMessage: 'SIWX is not enabled',
  })
})
