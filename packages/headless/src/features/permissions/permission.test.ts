import { expect, test } from 'vitest'
import { offlinePortico } from '../../test/fixtures.js'
import { SmartSessionsDisabledError } from './errors.js'
import { assertSmartSessions, readGrant } from './permission.js'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const fallback = { chainId: 31337, address: account, source: 'wallet' as const }
const allowance = { type: 'native-token-recurring-allowance', data: { allowance: '0x1', start: 1, period: 86400 } }

test('assertSmartSessions: off by default (nothing is asked), on when the host turns the feature on', () => {
  const portico = (smartSessions?: boolean) =>
    offlinePortico('p', smartSessions === undefined ? {} : { features: { smartSessions } })
  expect(() => assertSmartSessions(portico())).toThrow(SmartSessionsDisabledError)
  expect(() => assertSmartSessions(portico(false))).toThrow('Smart sessions are not enabled')
  expect(() => assertSmartSessions(portico(true))).not.toThrow()
})

test("readGrant: the draft's shape (permissionsContext, permissions[], expiry)", () => {
  const grant = readGrant(
    { permissionsContext: '0xabc', chainId: '0x7a69', expiry: 1_900_000_000, permissions: [allowance] },
    fallback,
  )
  expect(grant).toEqual({
    context: '0xabc',
    chainId: 31337,
    address: account,
    expiry: 1_900_000_000,
    permissions: [allowance],
    source: 'wallet',
  })
})

test("readGrant: the newer shape (context, one permission, an expiry rule) and the hosted service's (pci)", () => {
  expect(
    readGrant(
      {
        context: '0xdef',
        chainId: 'eip155:8453',
        address: other,
        permission: { type: 'contract-call' },
        rules: [{ type: 'other' }, { type: 'expiry', data: { timestamp: 1_800_000_000 } }],
      },
      fallback,
    ),
  ).toEqual({
    context: '0xdef',
    chainId: 8453,
    address: other,
    expiry: 1_800_000_000,
    permissions: [{ type: 'contract-call', data: {} }],
    source: 'wallet',
  })
  expect(
    readGrant(
      { pci: 'p-1', chainId: 1, expiry: 1, grantedPermissions: [allowance] },
      { ...fallback, source: 'hosted' },
    ),
  ).toMatchObject({ context: 'p-1', chainId: 1, source: 'hosted', address: account })
})

test("readGrant: the chain falls back to the request's; an address that is not one falls back to the account", () => {
  expect(readGrant({ context: '0x1', expiry: 5, permissions: [allowance], from: 'me' }, fallback)).toMatchObject({
    chainId: 31337,
    address: account,
  })
  expect(
    readGrant({ context: '0x1', chainId: 'mainnet', expiry: 5, permissions: [allowance] }, fallback)?.chainId,
  ).toBe(31337)
})

test('readGrant: whatever lacks a context, chain, expiry or a well-formed permission is undefined', () => {
  const base = { context: '0x1', chainId: 1, expiry: 5, permissions: [allowance] }
  const unknown = { ...fallback, chainId: undefined }
  for (const raw of [
    null,
    'grant',
    [base],
    { ...base, context: '' },
    { ...base, context: 'x'.repeat(4097) },
    { ...base, expiry: '5' },
    { ...base, expiry: Number.POSITIVE_INFINITY },
    { ...base, permissions: [] },
    { ...base, permissions: [{ data: {} }] },
    { ...base, permissions: [allowance, { type: '' }] },
    { ...base, permissions: 'all' },
  ])
    expect(readGrant(raw, fallback), JSON.stringify(raw)).toBeUndefined()
  expect(readGrant({ ...base, chainId: 0 }, unknown)).toBeUndefined()
  expect(readGrant({ ...base, chainId: '0x' }, unknown)).toBeUndefined()
})

test("readGrant: a wallet's long list is read up to 32 permissions; data that is not an object is dropped", () => {
  const many = Array.from({ length: 40 }, (_, i) => ({ type: `t${i}`, data: i % 2 ? [i] : { i } }))
  const grant = readGrant({ context: '0x1', chainId: 1, expiry: 5, permissions: many }, fallback)
  expect(grant?.permissions).toHaveLength(32)
  expect(grant?.permissions[1]).toEqual({ type: 't1', data: {} })
  expect(grant?.permissions[2]).toEqual({ type: 't2', data: { i: 2 } })
})
