import { afterEach, expect, test } from 'vitest'
import { connectedHostWallet } from '../../test/hostConnector.js'
import { connect } from './connect.js'
import type { GetRecentWalletsReturnType } from './getRecentWallets.js'
import { watchRecentWallets } from './watchRecentWallets.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

test('reports the list when a connection records a wallet, and nothing after unsubscribe', async () => {
  const { portico, stop, wallet } = await connectedHostWallet()
  stops.push(stop)
  const seen: GetRecentWalletsReturnType[] = []
  const off = watchRecentWallets(portico, { onChange: (wallets) => seen.push(wallets) })
  // Reconnecting the same wallet moves it to the front again: the list is written, so it is reported.
  await connect(portico, { connector: wallet.connector })
  expect(seen.at(-1)?.map((w) => w.id)).toEqual(['host'])
  const count = seen.length
  off()
  await connect(portico, { connector: wallet.connector })
  expect(seen).toHaveLength(count)
})
