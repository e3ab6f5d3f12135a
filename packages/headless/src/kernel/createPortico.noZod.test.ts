// What runs before the connect button's first paint builds no zod schema. Importing the
// page-start modules, creating an instance from valid options and hydrating from empty storage
// must not call into zod; every call of zod's functions is counted through a wrapped module
// (vi.mock is hoisted above the imports, so they all see the wrapped zod).
import { expect, test, vi } from 'vitest'
import { memoryStorage } from '../test/fixtures.js'
import { fetchRemoteFeatures } from './actions/fetchRemoteFeatures.js'
import { eip155Adapter } from './adapters/eip155/eip155Adapter.js'
import { createPortico } from './createPortico.js'
import { InvalidOptionsError } from './errors/config.js'
import { mainnet } from './networks.js'
import { hydrate } from './state/hydrate.js'

const zodCalls = vi.hoisted(() => ({ count: 0 }))
vi.mock('zod/mini', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>()
  const counted: Record<string, unknown> = {}
  // Lower-case exports are zod's functions (z.object, z.string, z.minLength…); classes and
  // namespaces pass through.
  for (const [name, value] of Object.entries(real))
    counted[name] =
      typeof value === 'function' && /^[a-z_]/.test(name)
        ? (...args: unknown[]) => {
            zodCalls.count++
            return (value as (...a: unknown[]) => unknown)(...args)
          }
        : value
  return counted
})

test('page start builds no zod schema: imports, createPortico with valid options, hydrate from empty storage', () => {
  expect(typeof fetchRemoteFeatures).toBe('function')
  expect(zodCalls.count).toBe(0)
  const portico = createPortico({
    projectId: 'p',
    networks: [mainnet],
    adapters: [eip155Adapter()],
    storage: memoryStorage(),
  })
  hydrate(portico)
  expect(zodCalls.count).toBe(0)
})

test('invalid options still get zod: the counter sees it, and the error names the path', () => {
  const before = zodCalls.count
  let error: unknown
  try {
    createPortico({ networks: [mainnet], adapters: [eip155Adapter()], metadata: { name: 'x' } as never })
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(InvalidOptionsError)
  expect((error as InvalidOptionsError).issues.map((issue) => issue.path)).toContain('metadata.description')
  expect(zodCalls.count).toBeGreaterThan(before)
})

test('a stored session is still validated by zod when it is read', () => {
  const storage = memoryStorage({ '@portico/connected-connector:eip155': JSON.stringify('metamask') })
  const portico = createPortico({
    projectId: 'p',
    networks: [mainnet],
    adapters: [eip155Adapter()],
    storage,
    ssr: true,
  })
  const before = zodCalls.count
  hydrate(portico)
  expect(zodCalls.count).toBeGreaterThan(before)
})
