import { expect, test } from 'vitest'
import { createStore } from './store.js'

test('a store tells its listeners of each change, in the order they subscribed, until they unsubscribe', () => {
  const store = createStore({ count: 0, label: 'a' })
  const heard: string[] = []
  const offFirst = store.subscribe(() => heard.push(`first ${store.get().count}`))
  store.subscribe(() => heard.push(`second ${store.get().count}`))
  store.set({ count: 1 })
  offFirst()
  store.set({ count: 2 })
  expect(heard).toEqual(['first 1', 'second 1', 'second 2'])
  expect(store.get()).toEqual({ count: 2, label: 'a' })
})

test('set keeps the fields it does not name and makes a new value (a snapshot taken before stays as it was)', () => {
  const store = createStore({ token: 'ETH', amount: '' })
  const before = store.get()
  store.set({ amount: '1.5' })
  expect(before).toEqual({ token: 'ETH', amount: '' })
  expect(store.get()).toEqual({ token: 'ETH', amount: '1.5' })
})
