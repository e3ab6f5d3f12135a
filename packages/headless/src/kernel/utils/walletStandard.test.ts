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
    ['undefined', undefined, 'bad name'],
    ['no name', wallet({ name: undefined }), 'bad name'],
    ['a name with controls', wallet({ name: 'Pha\u0000ntom' }), 'bad name'],
    ['no chains', wallet({ chains: undefined }), 'no chains'],
    ['no accounts', wallet({ accounts: null }), 'no accounts'],
    ['no features', wallet({ features: undefined }), 'no standard:connect'],
    ['no standard:connect', wallet({ features: { 'standard:connect': {} } }), 'no standard:connect'],
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
    expect(parseStandardWallet(hostile)).toEqual({ reason: 'no standard:connect' })
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
      '[portico] Ignored a Wallet Standard wallet (bad name).',
      '[portico] Ignored a Wallet Standard wallet (no standard:connect).',
      '[portico] Ignored a second wallet named Phantom; the first stays.',
    ])
  })
})
