import { afterEach, expect, test, vi } from 'vitest'
import * as z from 'zod/mini'
import { memoryStorage } from '../../test/fixtures.js'
import { createPorticoStorage } from './storage.js'

afterEach(() => vi.restoreAllMocks())

test('a schema passed as a function is built only when something is stored under the key', () => {
  const build = vi.fn(() => z.string())
  const raw = memoryStorage()
  const storage = createPorticoStorage(raw)
  expect(storage.get('k', build)).toBeUndefined()
  expect(createPorticoStorage(null).get('k', build)).toBeUndefined()
  expect(build).not.toHaveBeenCalled()

  storage.set('k', 'metamask')
  expect(storage.get('k', build)).toBe('metamask')
  expect(build).toHaveBeenCalledTimes(1)
})

test('a value refused by a schema built on demand is removed with a warning, as with a schema object', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const raw = memoryStorage({ '@portico/k': '42' })
  expect(createPorticoStorage(raw).get('k', () => z.string())).toBeUndefined()
  expect(raw.data.has('@portico/k')).toBe(false)
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('it does not have the expected shape'))
})
