// Properties of persisted state: storage is untrusted input (other apps on the origin, old
// versions, devtools edits). Whatever is stored, a read returns a schema-valid value or nothing,
// never throws, and removes what it refused; what Portico writes, it reads back unchanged.
import fc from 'fast-check'
import { afterEach, expect, test, vi } from 'vitest'
import { memoryStorage } from '../../test/fixtures.js'
import { chainNamespaces } from '../utils/caip.js'
import { isSafeImageUrl } from '../utils/imageUrl.js'
import { activeNetworkSchema, connectedConnectorSchema, recentWalletsSchema } from './persistence.js'
import { createPorticoStorage, type StoredShape } from './storage.js'

afterEach(() => vi.restoreAllMocks())

/** URLs of any scheme (cheaper than fc.webUrl, and not only web schemes). */
const url = fc
  .tuple(
    fc.constantFrom('https', 'http', 'HTTPS', 'javascript', 'data', 'blob', 'file', 'ftp', 'ws'),
    fc.constantFrom('://', ':', ':/'),
    fc.stringMatching(/^[a-z0-9.-]{0,20}$/),
    fc.string({ maxLength: 20 }),
  )
  .map((parts) => parts.join(''))

// Each builds its schema on first use; typed alike so one test reads with any of them.
const schemas = { connectedConnectorSchema, activeNetworkSchema, recentWalletsSchema } as Record<
  'connectedConnectorSchema' | 'activeNetworkSchema' | 'recentWalletsSchema',
  () => StoredShape<unknown>
>
const namespace = fc.constantFrom(...chainNamespaces)
const recentWallet = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 256 }),
    namespace,
    name: fc.string({ minLength: 1, maxLength: 256 }),
    icon: fc.string({ maxLength: 300 }),
    imageId: fc.stringMatching(/^[-\w.]{1,128}$/),
    walletConnect: fc.boolean(),
  },
  { requiredKeys: ['id', 'namespace', 'name'] },
)
const valid = {
  connectedConnectorSchema: fc.string({ minLength: 1, maxLength: 256 }),
  activeNetworkSchema: fc.record({
    namespace,
    networks: fc.dictionary(namespace, fc.string({ maxLength: 100 })),
  }),
  recentWalletsSchema: fc.array(recentWallet, { maxLength: 20 }),
}
/** Stored text: JSON of anything, valid values, or arbitrary (often not JSON) strings. */
const storedText = fc.oneof(
  fc.string(),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.anything().map((v) => {
    try {
      return JSON.stringify(v) ?? 'undefined'
    } catch {
      return '{'
    }
  }),
  ...Object.values(valid).map((arb) => (arb as fc.Arbitrary<unknown>).map((v) => JSON.stringify(v))),
)

test('property: a read of anything stored is schema-valid or undefined, and refused values are removed', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  fc.assert(
    fc.property(fc.constantFrom(...(Object.keys(schemas) as (keyof typeof schemas)[])), storedText, (name, text) => {
      const raw = memoryStorage({ '@portico/k': text })
      const value = createPorticoStorage(raw).get('k', schemas[name])
      if (value === undefined) expect(raw.data.has('@portico/k')).toBe(false)
      else {
        expect(schemas[name]().safeParse(value).success).toBe(true)
        expect(raw.data.get('@portico/k')).toBe(text)
      }
    }),
  )
})

test('property: what Portico writes it reads back unchanged', () => {
  for (const name of Object.keys(schemas) as (keyof typeof schemas)[]) {
    fc.assert(
      fc.property(valid[name] as fc.Arbitrary<unknown>, (value) => {
        const storage = createPorticoStorage(memoryStorage())
        storage.set('k', value)
        expect(storage.get('k', schemas[name])).toEqual(value)
      }),
    )
  }
})

test('property: a storage that throws on every call degrades to no persistence, never an exception', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const failing = (error: unknown) => ({
    getItem: () => {
      throw error
    },
    setItem: () => {
      throw error
    },
    removeItem: () => {
      throw error
    },
  })
  fc.assert(
    fc.property(fc.oneof(fc.anything(), fc.constant(new DOMException('full', 'QuotaExceededError'))), (error) => {
      const storage = createPorticoStorage(failing(error))
      storage.set('k', 'v')
      expect(storage.get('k', connectedConnectorSchema)).toBeUndefined()
      storage.remove('k')
    }),
  )
})

test('property: only http(s) URLs and raster/svg data:image URLs count as safe images', () => {
  fc.assert(
    fc.property(fc.oneof(url, fc.string(), fc.anything()), (value) => {
      const safe = isSafeImageUrl(value)
      if (!safe) return
      const text = value as string
      expect(/^data:image\//i.test(text) || ['http:', 'https:'].includes(new URL(text).protocol)).toBe(true)
    }),
  )
  fc.assert(
    fc.property(fc.constantFrom('https', 'http'), fc.domain(), (scheme, host) => {
      expect(isSafeImageUrl(`${scheme}://${host}/i.png`)).toBe(true)
    }),
  )
  for (const scheme of ['javascript:alert(1)', 'data:text/html,<script>', 'blob:x', 'file:///etc/passwd'])
    expect(isSafeImageUrl(scheme)).toBe(false)
})
