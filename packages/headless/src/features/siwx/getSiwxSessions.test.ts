import { expect, test } from 'vitest'
import { memoryStorage } from '../../test/fixtures.js'
import { siwxAddress as address, siwxSuite } from '../../test/siwxFixture.js'
import { getSiwxSessions } from './getSiwxSessions.js'
import { localSiwx } from './localSiwx.js'

const setup = siwxSuite()

test('a network the app does not configure: SiwxNoActiveNetworkError with the spec’s text', async () => {
  const { portico } = setup(localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' }))
  await expect(getSiwxSessions(portico, { caipNetworkId: 'solana:abcdefgh', address })).rejects.toMatchObject({
    name: 'SiwxNoActiveNetworkError',
    shortMessage: 'No ActiveCaipNetwork or client found',
  })
})

test('given an account and network explicitly, no connection is needed', async () => {
  const { portico } = setup(localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' }))
  await expect(getSiwxSessions(portico, { caipNetworkId: 'eip155:31337', address })).resolves.toEqual([])
})
