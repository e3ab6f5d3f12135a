import { afterEach, describe, expect, test, vi } from 'vitest'
import { checkStandardWallets, isSolanaWalletEntry, parseStandardWallet } from './walletStandard.js'

const icon = 'data:image/png;base64,iVBORw0KGgo=' as const
const wallet = (overrides: Record<string, unknown> = {}) => ({
  version: '1.0.0',
  name: 'Phantom',
  icon,
  chains: ['solana:mainnet'],
  accounts: [],
  features: { 'standard:connect': { connect: async () => ({ accounts: [] }) }, 'solana:signMessage': {} },
  ...overrides,
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('parseStandardWallet', () => {
  test('default', () => {
    const w = wallet()
    expect(parseStandardWallet(w)).toEqual({ wallet: w, name: 'Phantom', icon })
  })

  test.each([
    ['undefined', undefined, 'the wallet is not an object'],
    ['no name', wallet({ name: undefined }), 'its name is missing or malformed'],
    ['a name with controls', wallet({ name: 'Pha\u0000ntom' }), 'its name is missing or malformed'],
    ['no chains', wallet({ chains: undefined }), '"Phantom" has no chains list'],
    ['no accounts', wallet({ accounts: null }), '"Phantom" has no accounts list'],
    ['no features', wallet({ features: undefined }), '"Phantom" has no features object'],
    [
      'no standard:connect',
      wallet({ features: { 'standard:connect': {} } }),
      '"Phantom" has no standard:connect feature',
    ],
  ])('behavior: refuses %s', (_, value, reason) => {
    expect(parseStandardWallet(value)).toEqual({ reason })
  })

  test('behavior: icons other than data:image URIs are dropped', () => {
    expect(parseStandardWallet(wallet({ icon: 'https://tracker.example/p.png' }))).toMatchObject({ icon: undefined })
    expect(parseStandardWallet(wallet({ icon: 'data:text/html,<script>' }))).toMatchObject({ icon: undefined })
  })

  test('behavior: a throwing getter does not throw', () => {
    const hostile = wallet()
    Object.defineProperty(hostile, 'features', {
      get() {
        throw new Error('boom')
      },
    })
    expect(parseStandardWallet(hostile)).toEqual({ reason: '"Phantom" has no features object' })
  })
})

test('isSolanaWalletEntry', () => {
  const entry = (w: unknown) => parseStandardWallet(w) as Parameters<typeof isSolanaWalletEntry>[0]
  expect(isSolanaWalletEntry(entry(wallet()))).toBe(true)
  expect(isSolanaWalletEntry(entry(wallet({ chains: ['sui:mainnet'] })))).toBe(false)
  expect(isSolanaWalletEntry(entry(wallet({ features: { 'standard:connect': { connect() {} } } })))).toBe(false)
})

describe('checkStandardWallets', () => {
  test('behavior: malformed wallets are skipped with one warning; a name collision keeps the first', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const warned = new Set<string>()
    const genuine = wallet()
    const impostor = wallet({ icon: 'https://evil.example/p.png' })
    const list = [undefined, wallet({ features: null }), genuine, impostor, wallet({ name: 'Solflare' })]
    expect(checkStandardWallets(list, warned).map((e) => e.wallet)).toEqual([genuine, list[4]])
    // Re-emitting (another wallet registered) repeats no warning.
    expect(checkStandardWallets(list, warned)).toHaveLength(2)
    expect(warn.mock.calls.map(([m]) => m)).toEqual([
      '[portico] Ignored a Wallet Standard wallet: the wallet is not an object.',
      '[portico] Ignored a Wallet Standard wallet: "Phantom" has no features object.',
      '[portico] Ignored a second wallet registered as "Phantom"; the first one stays.',
    ])
  })
})
