import { describe, expect, expectTypeOf, test } from 'vitest'
import {
  buildCaipAddress,
  buildCaipNetworkId,
  type CaipAddress,
  type CaipNetworkId,
  chainNamespaces,
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.js'

const evm = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
const evmBadChecksum = '0xAb16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const wsol = 'So11111111111111111111111111111111111111112'

test('chainNamespaces', () => {
  expect(chainNamespaces).toMatchInlineSnapshot(`
    [
      "eip155",
      "solana",
      "polkadot",
      "bip122",
      "cosmos",
    ]
  `)
})

describe('isChainNamespace', () => {
  test.each([
    ['eip155', true],
    ['solana', true],
    ['polkadot', true],
    ['bip122', true],
    ['cosmos', true],
    ['tron', false],
    ['EIP155', false],
    ['', false],
    [undefined, false],
  ])('behavior: %j → %s', (value, expected) => {
    expect(isChainNamespace(value)).toBe(expected)
  })
})

describe('parseCaipNetworkId', () => {
  test('default', () => {
    expect(parseCaipNetworkId('eip155:1')).toMatchInlineSnapshot(`
      {
        "namespace": "eip155",
        "reference": "1",
      }
    `)
  })

  test.each([
    ['eip155:1', 'eip155', '1'],
    ['eip155:11155111', 'eip155', '11155111'],
    [solanaMainnet, 'solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    ['bip122:000000000019d6689c085ae165831e93', 'bip122', '000000000019d6689c085ae165831e93'],
    ['cosmos:cosmoshub-4', 'cosmos', 'cosmoshub-4'],
    ['polkadot:91b171bb158e2d3848fa23a9f1c25182', 'polkadot', '91b171bb158e2d3848fa23a9f1c25182'],
    ['abc:x', 'abc', 'x'],
    ['my-chain:a_b-C', 'my-chain', 'a_b-C'],
  ])('behavior: parses %s', (value, namespace, reference) => {
    expect(parseCaipNetworkId(value)).toEqual({ namespace, reference })
  })

  test.each([
    ['one part', 'eip155'],
    ['three parts', 'eip155:1:0x0'],
    ['empty string', ''],
    ['empty reference', 'eip155:'],
    ['empty namespace', ':1'],
    ['namespace too short', 'ab:1'],
    ['namespace too long', 'abcdefghi:1'],
    ['uppercase namespace', 'EIP155:1'],
    ['reference too long', `cosmos:${'a'.repeat(33)}`],
    ['reference with a dot', 'cosmos:a.b'],
    ['eip155 hex reference', 'eip155:0x1'],
    ['eip155 leading zero', 'eip155:01'],
    ['eip155 zero', 'eip155:0'],
    ['eip155 non-numeric reference', 'eip155:mainnet'],
  ])('behavior: rejects %s', (_, value) => {
    expect(() => parseCaipNetworkId(value)).toThrow('Invalid CAIP-2 network id')
  })

  test.each([[undefined], [null], [1], [{}], [['eip155', '1']]])('behavior: rejects non-string %j', (value) => {
    expect(() => parseCaipNetworkId(value)).toThrow('Invalid CAIP-2 network id')
  })

  test('behavior: error messages', () => {
    expect(() => parseCaipNetworkId('eip155')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaipNetworkIdError: Invalid CAIP-2 network id

      Details: Received "eip155"; expected namespace:reference.]
    `)
    expect(() => parseCaipNetworkId('EIP155:1')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaipNetworkIdError: Invalid CAIP-2 network id

      Details: Received "EIP155:1": namespace must match [-a-z0-9]{3,8}]
    `)
    expect(() => parseCaipNetworkId('eip155:0x1')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaipNetworkIdError: Invalid CAIP-2 network id

      Details: Received "eip155:0x1": eip155 reference must be a decimal chain id]
    `)
    expect(() => parseCaipNetworkId(42)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaipNetworkIdError: Invalid CAIP-2 network id

      Details: Received number: expected a string]
    `)
  })
})

describe('buildCaipNetworkId', () => {
  test('default', () => {
    expect(buildCaipNetworkId('eip155', 1)).toBe('eip155:1')
  })

  test('behavior: infers a literal type', () => {
    expectTypeOf(buildCaipNetworkId('eip155', 137)).toEqualTypeOf<'eip155:137'>()
    expectTypeOf(buildCaipNetworkId('eip155', 137)).toMatchTypeOf<CaipNetworkId>()
  })

  test('behavior: accepts string references', () => {
    expect(buildCaipNetworkId('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(solanaMainnet)
  })

  test.each([
    ['eip155', 1.5],
    ['eip155', -1],
    ['eip155', Number.NaN],
    ['eip155', 'a:b'],
    ['x', 1],
    ['eip155', ''],
  ] as const)('behavior: rejects %j, %j', (namespace, reference) => {
    expect(() => buildCaipNetworkId(namespace, reference)).toThrow('Invalid CAIP-2 network id')
  })

  test('behavior: error message', () => {
    expect(() => buildCaipNetworkId('eip155', 1.5)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaipNetworkIdError: Invalid CAIP-2 network id

      Details: Received "eip155:1.5": reference must match [-_a-zA-Z0-9]{1,32}]
    `)
  })
})

describe('isCaipNetworkId', () => {
  test('default', () => {
    expect(isCaipNetworkId('eip155:1')).toBe(true)
  })

  test.each([
    ['eip155:137', true],
    [solanaMainnet, true],
    ['cosmos:cosmoshub-4', true],
    ['eip155:0x89', false],
    ['eip155', false],
    ['eip155:1:0x0', false],
    ['', false],
    [null, false],
    [137, false],
  ])('behavior: %j → %s', (value, expected) => {
    expect(isCaipNetworkId(value)).toBe(expected)
  })

  test('behavior: narrows', () => {
    const value: unknown = 'eip155:1'
    if (isCaipNetworkId(value)) expectTypeOf(value).toEqualTypeOf<CaipNetworkId>()
  })
})

describe('parseCaipAddress', () => {
  test('default', () => {
    expect(parseCaipAddress(`eip155:1:${evm}`)).toMatchInlineSnapshot(`
      {
        "address": "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
        "caipNetworkId": "eip155:1",
        "namespace": "eip155",
        "reference": "1",
      }
    `)
  })

  test.each([
    [`eip155:1:${evm}`],
    [`eip155:1:${evm.toLowerCase()}`],
    [`eip155:10:${evm}`],
    [`${solanaMainnet}:${wsol}`],
    ['bip122:000000000019d6689c085ae165831e93:128Lkh3S7CkDTBZ8W7BbpsN3YYizJMp8p6'],
    ['cosmos:cosmoshub-4:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0'],
    ['polkadot:91b171bb158e2d3848fa23a9f1c25182:5GrwvaeF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'],
  ])('behavior: parses %s', (value) => {
    const parsed = parseCaipAddress(value)
    expect(`${parsed.caipNetworkId}:${parsed.address}`).toBe(value)
    expect(parseCaipAddress(value, { strict: true })).toEqual(parsed)
  })

  test.each([
    ['two parts', 'eip155:1'],
    ['four parts', `eip155:1:${evm}:x`],
    ['one part', evm],
    ['empty string', ''],
    ['undefined', undefined],
    ['null', null],
    ['number', 1],
  ])('behavior: InvalidCaipAddressError for %s', (_, value) => {
    expect(() => parseCaipAddress(value)).toThrow(expect.objectContaining({ name: 'InvalidCaipAddressError' }))
  })

  test.each([
    ['bad namespace', `E:1:${evm}`],
    ['bad reference', `eip155:a.b:${evm}`],
    ['eip155 hex reference', `eip155:0x1:${evm}`],
    ['empty address', 'eip155:1:'],
    ['empty namespace', `:1:${evm}`],
    ['address with a space', 'cosmos:cosmoshub-4:a b'],
    ['address too long', `cosmos:cosmoshub-4:${'a'.repeat(129)}`],
  ])('behavior: InvalidCaip10AddressError for %s', (_, value) => {
    expect(() => parseCaipAddress(value)).toThrow(expect.objectContaining({ name: 'InvalidCaip10AddressError' }))
  })

  test('behavior: error messages', () => {
    expect(() => parseCaipAddress('eip155:1')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaipAddressError: Invalid CAIP Address

      Details: Received "eip155:1"; expected namespace:reference:address.]
    `)
    expect(() => parseCaipAddress('eip155:0x1:0x0')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaip10AddressError: Invalid CAIP-10 address

      Details: "eip155:0x1:0x0": eip155 reference must be a decimal chain id]
    `)
    expect(() => parseCaipAddress('eip155:1:0x123', { strict: true })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaip10AddressError: Invalid CAIP-10 address

      Details: "eip155:1:0x123": address is not a valid EVM address]
    `)
    expect(() => parseCaipAddress(`${solanaMainnet}:${evm}`, { strict: true })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaip10AddressError: Invalid CAIP-10 address

      Details: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb": address is not a valid Solana address]
    `)
  })

  test.each([
    ['short EVM address', 'eip155:1:0x123'],
    ['EVM address with a bad checksum', `eip155:1:${evmBadChecksum}`],
    ['unprefixed EVM address', `eip155:1:${evm.slice(2)}`],
    ['Solana address on eip155', `eip155:1:${wsol}`],
    ['EVM address on solana', `${solanaMainnet}:${evm}`],
    ['short Solana address', `${solanaMainnet}:abc`],
  ])('parameters: strict rejects %s (non-strict accepts it)', (_, value) => {
    expect(() => parseCaipAddress(value)).not.toThrow()
    expect(() => parseCaipAddress(value, { strict: true })).toThrow(
      expect.objectContaining({ name: 'InvalidCaip10AddressError', shortMessage: 'Invalid CAIP-10 address' }),
    )
  })
})

describe('buildCaipAddress', () => {
  test('default', () => {
    expect(buildCaipAddress('eip155:1', evm)).toBe(`eip155:1:${evm}`)
  })

  test('behavior: infers a literal type', () => {
    expectTypeOf(buildCaipAddress('eip155:1', '0xabc')).toEqualTypeOf<'eip155:1:0xabc'>()
    expectTypeOf(buildCaipAddress('eip155:1', '0xabc')).toMatchTypeOf<CaipAddress>()
  })

  test('behavior: validates the network id', () => {
    expect(() => buildCaipAddress('eip155:0x1', evm)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaip10AddressError: Invalid CAIP-10 address

      Details: "eip155:0x1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb": eip155 reference must be a decimal chain id]
    `)
  })

  test('behavior: validates the address', () => {
    expect(() => buildCaipAddress('eip155:1', 'a:b')).toThrow('Invalid CAIP Address')
    expect(() => buildCaipAddress('eip155:1', '')).toThrow('Invalid CAIP-10 address')
  })

  test('parameters: strict', () => {
    expect(buildCaipAddress(solanaMainnet, wsol, { strict: true })).toBe(`${solanaMainnet}:${wsol}`)
    expect(() => buildCaipAddress('eip155:1', evmBadChecksum, { strict: true })).toThrow('Invalid CAIP-10 address')
  })
})

describe('isCaipAddress', () => {
  test('default', () => {
    expect(isCaipAddress(`eip155:1:${evm}`)).toBe(true)
  })

  test.each([
    [`${solanaMainnet}:${wsol}`, true],
    [`eip155:1:${evmBadChecksum}`, true],
    ['eip155:1', false],
    [`eip155:0x1:${evm}`, false],
    ['', false],
    [undefined, false],
    [{}, false],
  ])('behavior: %j → %s', (value, expected) => {
    expect(isCaipAddress(value)).toBe(expected)
  })

  test('parameters: strict', () => {
    expect(isCaipAddress(`eip155:1:${evmBadChecksum}`, { strict: true })).toBe(false)
    expect(isCaipAddress(`eip155:1:${evm}`, { strict: true })).toBe(true)
  })

  test('behavior: narrows', () => {
    const value: unknown = `eip155:1:${evm}`
    if (isCaipAddress(value)) expectTypeOf(value).toEqualTypeOf<CaipAddress>()
  })
})
