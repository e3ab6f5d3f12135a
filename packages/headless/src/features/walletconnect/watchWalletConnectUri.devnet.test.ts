// watchWalletConnectUri with the real SDK on both sides: a dapp and the devnet wallet
// (@reown/walletkit) through the devnet relay (src/test/walletConnectSuite.ts).
import { expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { accountOf, nextUri, signClientOf, wcConnector } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import type { GetWalletConnectUriReturnType } from './getWalletConnectUri.js'
import { getWalletConnectUri } from './getWalletConnectUri.js'
import { watchWalletConnectUri } from './watchWalletConnectUri.js'

const { createDapp, createWallet } = walletConnectSuite()

test('default: onChange hears the pairing URI appear and go away once the wallet connects; nothing after unsubscribing', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const seen: GetWalletConnectUriReturnType[] = []
  const unwatch = watchWalletConnectUri(portico, { onChange: (pairing) => seen.push(pairing) })
  const shown = nextUri(portico)
  const connecting = connect(portico, { connector: wcConnector(portico) })
  const uri = await shown
  expect(seen[0]).toEqual({ uri, expiresAt: expect.any(Number) })
  await wallet.pair(uri)
  await connecting
  expect(seen.at(-1)).toBeUndefined()
  // One offer throughout (it may be reported again once its proposal is published).
  expect(new Set(seen.filter(Boolean).map((p) => p?.uri))).toEqual(new Set([uri]))

  unwatch()
  await disconnect(portico)
  const heard = seen.length
  const controller = new AbortController()
  const offered = nextUri(portico)
  const again = connect(portico, { connector: wcConnector(portico), signal: controller.signal })
  expect(await offered).not.toBe(uri)
  controller.abort()
  await expect(again).rejects.toMatchObject({ name: 'ModalClosedError' })
  expect(seen).toHaveLength(heard)
})

test('behavior: an expired pairing URI is replaced by a fresh one; giving up clears it and connect rejects with "Modal closed"', async () => {
  const { portico } = createDapp({ pairingExpirySeconds: 0.3 })
  const controller = new AbortController()
  const first = nextUri(portico)
  const connecting = connect(portico, { connector: wcConnector(portico), signal: controller.signal })
  const uri1 = await first
  const uri2 = await nextUri(portico, uri1)
  expect(uri2).not.toBe(uri1)
  expect(uri2).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  controller.abort()
  await expect(connecting).rejects.toMatchObject({ name: 'ModalClosedError', shortMessage: 'Modal closed' })
  expect(accountOf(portico, 'eip155')?.status).toBe('disconnected')
  expect(getWalletConnectUri(portico)).toBeUndefined()
})

test('behavior: the pairing URI is shown before its proposal is published; a wallet that pairs at once still gets it', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const client = await signClientOf(portico)
  const publish = vi.spyOn(client.core.relayer, 'publishCustom')
  const sdkConnect = vi.spyOn(client, 'connect')
  // What had been published when the URI first showed (read in the store's synchronous notification).
  const publishedWhenShown = new Promise<number>((resolve) => {
    const unwatch = watchWalletConnectUri(portico, {
      onChange: (pairing) => {
        if (!pairing) return
        unwatch()
        resolve(publish.mock.calls.length)
      },
    })
  })
  const uri = nextUri(portico)
  const connecting = connect(portico, { connector: wcConnector(portico) })
  expect(await publishedWhenShown).toBe(0)
  // The wallet scans it right away: the relay hands it the proposal once it lands.
  const shown = await uri
  await wallet.pair(shown)
  await connecting
  expect(accountOf(portico, 'eip155')?.status).toBe('connected')
  expect(publish).toHaveBeenCalledTimes(1)
  // The URI built early is the one the SDK made (same parameters, same order).
  expect((await sdkConnect.mock.results[0]?.value)?.uri).toBe(shown)
})
