// biome-ignore lint/style/noRestrictedImports: a test gives the options factory the query client a host would, without React
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test } from 'vitest'
import { balanceQueryKey } from '../../kernel/query/balance.js'
import { connectedHostWallet } from '../../test/hostConnector.js'
import { sendTokenMutationOptions } from './query.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const sender = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

// A host spreading the options into its own mutation gets the hook's refetch by passing its query
// client; without one the options add no callback, so a caller's own, spread before, still runs.
test("send options given the query client mark the sender's balances and activity stale on success, and no other account's; without it they carry no onSuccess", async () => {
  const { portico, stop, networks } = await connectedHostWallet({}, { address: sender })
  stops.push(stop)
  const caipNetworkId = networks.devnet.caipNetworkId
  const queryClient = new QueryClient()
  // The sender's keys as the views write them (any letter case), then another account's.
  const keys = [
    balanceQueryKey({ address: sender.toLowerCase(), caipNetworkId }),
    ['portico', 'transactions', { address: sender, caipNetworkId }],
    balanceQueryKey({ address: other, caipNetworkId }),
    ['portico', 'transactions', { address: other, caipNetworkId }],
  ]
  for (const key of keys) queryClient.setQueryData(key, [])
  const stale = () => keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)

  const mine = () => 'mine'
  expect({ onSuccess: mine, ...sendTokenMutationOptions(portico) }.onSuccess).toBe(mine)
  expect(stale()).toEqual([false, false, false, false])

  await sendTokenMutationOptions(portico, { queryClient }).onSuccess?.('0xhash' as never, undefined as never)
  expect(stale()).toEqual([true, true, false, false])
})
