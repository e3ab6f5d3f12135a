import { expect, test, vi } from 'vitest'
import { memoryStorage, offlinePortico } from '../../test/fixtures.js'
import { clearLoginCache, readLoginCache, writeLoginCache } from './loginCache.js'

const key = '@portico/embedded-login'
const instance = (storage = memoryStorage()) => ({ storage, portico: offlinePortico('p', { storage }) })

test('default: nothing stored reads as a login never used', () => {
  expect(readLoginCache(instance().portico)).toEqual({ used: false })
})

test('behavior: updates merge into what is stored under the kit prefix; clearing forgets it', () => {
  const { portico, storage } = instance()
  writeLoginCache(portico, { used: true, email: 'a@example.com', lastEmailLoginTime: 1000 })
  writeLoginCache(portico, { lastChain: 'eip155:1' })
  expect(readLoginCache(portico)).toEqual({
    used: true,
    email: 'a@example.com',
    lastEmailLoginTime: 1000,
    lastChain: 'eip155:1',
  })
  expect(JSON.parse(storage.data.get(key) ?? 'null')).toMatchObject({ used: true, lastChain: 'eip155:1' })
  clearLoginCache(portico)
  expect(storage.data.has(key)).toBe(false)
  expect(readLoginCache(portico)).toEqual({ used: false })
})

test('validation: a stored value of the wrong shape is not trusted: removed with a warning, read as never used', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    for (const stored of ['{"used":"yes"}', '{"used":true,"email":7}', 'not json', '[]']) {
      const { portico, storage } = instance(memoryStorage({ [key]: stored }))
      expect(readLoginCache(portico), stored).toEqual({ used: false })
      expect(storage.data.has(key), stored).toBe(false)
    }
    expect(warn).toHaveBeenCalled()
  } finally {
    warn.mockRestore()
  }
})

test('edge: with no storage the cache is empty and writing is harmless', () => {
  const portico = offlinePortico('p', { storage: null })
  writeLoginCache(portico, { used: true })
  expect(readLoginCache(portico)).toEqual({ used: false })
})

test('edge: a last email in the future (a clock set right since, an edited value) reads as none; one in the past is kept', () => {
  const { portico } = instance()
  writeLoginCache(portico, { used: true, lastEmailLoginTime: Date.now() + 3_600_000 })
  expect(readLoginCache(portico)).toEqual({ used: true, lastEmailLoginTime: undefined })
  const past = Date.now() - 1_000
  writeLoginCache(portico, { lastEmailLoginTime: past })
  expect(readLoginCache(portico).lastEmailLoginTime).toBe(past)
})
