import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { memoryStorage } from '../../test/fixtures.js'
import { siwxSuite } from '../../test/siwxFixture.js'
import { addSiwxSession } from './addSiwxSession.js'
import { getSiwxSessions } from './getSiwxSessions.js'
import { localSiwx } from './localSiwx.js'
import { revokeSiwxSession } from './revokeSiwxSession.js'
import { signInWithSiwx } from './signInWithSiwx.js'

const setup = siwxSuite()
const local = () => localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })

test('stores a signed session, which the account’s sessions then list', async () => {
  const { portico } = setup(local())
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  const session = await signInWithSiwx(portico)
  await revokeSiwxSession(portico)
  await addSiwxSession(portico, session)
  expect(await getSiwxSessions(portico)).toEqual([session])
})

test('without a sign-in option: SiwxNotEnabledError', async () => {
  const { portico } = setup(undefined)
  await expect(addSiwxSession(portico, {} as never)).rejects.toMatchObject({ name: 'SiwxNotEnabledError' })
})
