// biome-ignore lint/style/noRestrictedImports: a test gives the options factory the query client a host would, without React
import { QueryClient } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { offlinePortico } from '../../test/fixtures.js'
import {
  embeddedSignOutMutationOptions,
  embeddedWalletUserQueryKey,
  setPreferredAccountTypeMutationOptions,
  smartAccountQueryKey,
  undoAccountUpgradeMutationOptions,
  updateEmailSecondaryOtpMutationOptions,
  upgradeAccountMutationOptions,
} from './query.js'

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bob = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup() {
  const portico = offlinePortico('embedded-options')
  const queryClient = new QueryClient()
  // Two addresses' status and user, as the Account view caches them.
  const status = [smartAccountQueryKey(alice), smartAccountQueryKey(bob)]
  const users = [embeddedWalletUserQueryKey(alice), embeddedWalletUserQueryKey(bob)]
  for (const key of [...status, ...users]) queryClient.setQueryData(key, {})
  const stale = (keys: readonly (readonly unknown[])[]) =>
    keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)
  return { portico, queryClient, status, users, stale }
}

// A host spreading the options into its own mutation gets the hook's follow-up by passing its
// query client; without one the options add no callback, so a caller's own, spread before, still runs.
test('upgrade and undo options given the query client mark every smart-account status stale on success, not the user; without it they carry no onSuccess', async () => {
  for (const factory of [upgradeAccountMutationOptions, undoAccountUpgradeMutationOptions]) {
    const { portico, queryClient, status, users, stale } = setup()
    const mine = () => 'mine'
    expect({ onSuccess: mine, ...factory(portico) }.onSuccess).toBe(mine)
    expect(stale(status)).toEqual([false, false])
    await factory(portico, { queryClient }).onSuccess?.(undefined as never, undefined as never)
    expect(stale(status)).toEqual([true, true])
    expect(stale(users)).toEqual([false, false])
  }
})

test('account type options given the query client mark every smart-account status and user stale on success (the address changed); without it they carry no onSuccess', async () => {
  const { portico, queryClient, status, users, stale } = setup()
  const mine = () => 'mine'
  expect({ onSuccess: mine, ...setPreferredAccountTypeMutationOptions(portico) }.onSuccess).toBe(mine)
  await setPreferredAccountTypeMutationOptions(portico, { queryClient }).onSuccess?.(undefined as never, {
    type: 'eoa',
  })
  expect(stale(status)).toEqual([true, true])
  expect(stale(users)).toEqual([true, true])
})

test('sign-out options given the query client drop every cached user on success, and keep the status; without it they carry no onSuccess', async () => {
  const { portico, queryClient, status, users } = setup()
  const mine = () => 'mine'
  expect({ onSuccess: mine, ...embeddedSignOutMutationOptions(portico) }.onSuccess).toBe(mine)
  await embeddedSignOutMutationOptions(portico, { queryClient }).onSuccess?.(undefined, undefined)
  expect(users.map((key) => queryClient.getQueryState(key))).toEqual([undefined, undefined])
  expect(status.map((key) => queryClient.getQueryState(key)?.status)).toEqual(['success', 'success'])
})

test("the email change's last step given the query client marks every user stale on success (the email changed), and keeps the status; without it it carries no onSuccess", async () => {
  const { portico, queryClient, status, users, stale } = setup()
  const mine = () => 'mine'
  expect({ onSuccess: mine, ...updateEmailSecondaryOtpMutationOptions(portico) }.onSuccess).toBe(mine)
  await updateEmailSecondaryOtpMutationOptions(portico, { queryClient }).onSuccess?.(
    { email: 'new@example.com' },
    { otp: '123456' },
  )
  expect(stale(users)).toEqual([true, true])
  expect(stale(status)).toEqual([false, false])
})
