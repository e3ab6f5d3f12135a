import { expect, test } from 'vitest'
import { siwxAddress as address, siwxSuite } from '../../test/siwxFixture.js'
import { createSiwxMessage } from './createSiwxMessage.js'
import { getSiwxConfig } from './getSiwxConfig.js'
import { getSiwxSessions } from './getSiwxSessions.js'
import { isSiwxRequired } from './isSiwxRequired.js'
import { revokeSiwxSession } from './revokeSiwxSession.js'
import { setSiwxSessions } from './setSiwxSessions.js'
import { signInWithSiwx } from './signInWithSiwx.js'

const setup = siwxSuite()

test('behavior: without a siwx option every action says so', async () => {
  const { portico } = setup(undefined)
  expect(getSiwxConfig(portico)).toBeUndefined()
  expect(isSiwxRequired(portico)).toBe(false)
  for (const run of [
    () => getSiwxSessions(portico, { caipNetworkId: 'eip155:31337', address }),
    () => createSiwxMessage(portico),
    () => revokeSiwxSession(portico),
    () => setSiwxSessions(portico, []),
    () => signInWithSiwx(portico),
  ])
    await expect(run()).rejects.toMatchObject({ name: 'SiwxNotEnabledError', shortMessage: 'SIWX is not enabled' })
})

test('behavior: a siwx option that is not a config is refused, naming what is missing', () => {
  expect(() => setup({ createMessage: () => {}, getSessions: 'no' })).toThrowError(
    expect.objectContaining({
      name: 'InvalidOptionsError',
      issues: [
        {
          path: 'siwx',
          message: 'not a SiwxConfig (missing or not a function: addSession, getSessions, revokeSession, setSessions)',
        },
      ],
    }),
  )
  expect(() => setup('localSiwx')).toThrowError(expect.objectContaining({ name: 'InvalidOptionsError' }))
  // An instance whose options were altered after creation still gets the sign-in error.
  const { portico } = setup(undefined)
  ;(portico.options as { siwx: unknown }).siwx = { createMessage: () => {}, getSessions: 'no' }
  expect(() => getSiwxConfig(portico)).toThrowErrorMatchingInlineSnapshot(`
    [InvalidSiwxConfigError: Invalid siwx configuration

    Use \`localSiwx()\`, \`serverSiwx({ url })\`, or an object with every SiwxConfig method.

    Details: Missing or not a function: addSession, getSessions, revokeSession, setSessions.
    Docs: https://portico.dev/docs/api/siwx]
  `)
})
