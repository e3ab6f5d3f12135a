// reconnectEmbeddedWallet in real Chromium against the real secure frame and auth server (ui's
// globalAuth.ts): with no login on record it does nothing (no frame is loaded); after a login, a
// second kit over the same storage (the next page of the same browser) gets the same account back
// without a code.
import { afterEach, expect, test } from 'vitest'
import {
  emailLogin,
  embeddedPortico,
  pageStorage,
  secureFrames,
  stopEmbedded,
} from '../../../../ui/src/test/embeddedKit.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { reconnectEmbeddedWallet } from './reconnectEmbeddedWallet.js'

afterEach(stopEmbedded)

test('without a login on record: undefined, still disconnected, and no frame loaded', async () => {
  const portico = embeddedPortico()
  expect(await reconnectEmbeddedWallet(portico)).toBeUndefined()
  expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')
  expect(secureFrames()).toHaveLength(0)
})

test('after a login, the next page over the same storage is connected to the same account without a code', async () => {
  const storage = pageStorage()
  const first = embeddedPortico({ storage })
  const { address } = await emailLogin(first)
  // The first page goes away: its kit stops and its frame is removed.
  stopEmbedded()

  const next = embeddedPortico({ storage })
  const restored = await reconnectEmbeddedWallet(next)
  expect(restored).toMatchObject({ namespace: 'eip155', address, caipNetworkId: 'eip155:31337' })
  expect(getConnection(next, { namespace: 'eip155' })).toMatchObject({ status: 'connected', address })
})
