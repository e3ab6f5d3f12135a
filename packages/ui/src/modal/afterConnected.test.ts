import { expect, test, vi } from 'vitest'
import { afterConnected } from './afterConnected.js'
import { createModalController } from './controller.js'
import type { ViewTable } from './viewRegistry.js'

const table = {} as ViewTable

/** A controller as `<PorticoUI>` drives it: the open state committed by React through `attach`. */
function controller(open: boolean) {
  const modal = createModalController({ embedded: false, table })
  modal.attach(open, () => {})
  return modal
}

test('a connection that lands while the modal is open goes on to the Account view', () => {
  const modal = controller(true)
  const otherwise = vi.fn()
  afterConnected(modal, otherwise)
  expect(otherwise).toHaveBeenCalledTimes(1)
})

test('a connection that lands after the user closed the modal leaves it closed', () => {
  const modal = controller(false)
  const otherwise = vi.fn()
  afterConnected(modal, otherwise)
  expect(otherwise).not.toHaveBeenCalled()
})

test('from the wallets list, it goes back to the list', () => {
  const modal = controller(true)
  modal.navigation.push({ view: 'ProfileWallets' })
  modal.navigation.push({ view: 'EmailLogin' } as never)
  const otherwise = vi.fn()
  afterConnected(modal, otherwise)
  expect(otherwise).not.toHaveBeenCalled()
  expect(modal.navigation.get().history.at(-1)?.view).toBe('ProfileWallets')
})
