import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { memoryStorage } from '../../test/fixtures.js'
import { siwxSuite } from '../../test/siwxFixture.js'
import { getSiwxSessions } from './getSiwxSessions.js'
import { localSiwx } from './localSiwx.js'
import { setSiwxSessions } from './setSiwxSessions.js'
import { signInWithSiwx } from './signInWithSiwx.js'

const setup = siwxSuite()
const local = () => localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })

test('replaces every session: an empty list signs the account out, the old list restores it', async () => {
  const { portico } = setup(local())
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  const session = await signInWithSiwx(portico)
  await setSiwxSessions(portico, [])
  expect(await getSiwxSessions(portico)).toEqual([])
  await setSiwxSessions(portico, [session])
  expect(await getSiwxSessions(portico)).toEqual([session])
})

test('without a sign-in option: SiwxNotEnabledError', async () => {
  const { portico } = setup(undefined)
  await expect(setSiwxSessions(portico, [])).rejects.toMatchObject({ name: 'SiwxNotEnabledError' })
})
