// connectFarcaster against a stand-in of the frame (test/embeddedStandIn.ts): the refusals, and the
// link given to the QR code only when it is http(s). The approved path runs in
// tests/e2e/socialLoginModal.test.ts (the devnet's Farcaster app signs).
import { afterEach, expect, test, vi } from 'vitest'
import { answer, refuse, embeddedStandIn as setup } from '../../test/embeddedStandIn.js'
import { removeTestWindow } from '../../test/window.js'
import { connectFarcaster } from './connectFarcaster.js'

afterEach(removeTestWindow)

test('error: Farcaster that cannot start or is not approved fails with "Failed to connect to farcaster"', async () => {
  const noChannel = setup({ GET_FARCASTER_URI: refuse('GET_FARCASTER_URI', 'Failed to connect to farcaster') })
  const onUrl = vi.fn()
  await expect(connectFarcaster(noChannel.portico, { onUrl })).rejects.toMatchObject({
    name: 'FarcasterConnectError',
    shortMessage: 'Failed to connect to farcaster',
  })
  expect(onUrl).not.toHaveBeenCalled()

  const refused = setup({
    GET_FARCASTER_URI: answer({ url: 'https://farcaster.xyz/~/siwf?channelToken=t' }),
    CONNECT_FARCASTER: refuse('CONNECT_FARCASTER', 'Failed to connect to farcaster'),
  })
  await expect(connectFarcaster(refused.portico, { onUrl })).rejects.toMatchObject({
    shortMessage: 'Failed to connect to farcaster',
  })
  expect(onUrl).toHaveBeenCalledWith('https://farcaster.xyz/~/siwf?channelToken=t')
})

test('error: a Farcaster link that is not http(s) is never given to the QR code', async () => {
  const { portico, requests } = setup({ GET_FARCASTER_URI: answer({ url: 'javascript:alert(1)' }) })
  const onUrl = vi.fn()
  await expect(connectFarcaster(portico, { onUrl })).rejects.toMatchObject({
    shortMessage: 'Failed to connect to farcaster',
  })
  expect(onUrl).not.toHaveBeenCalled()
  expect(requests.map((r) => r.name)).toEqual(['GET_FARCASTER_URI'])
})
