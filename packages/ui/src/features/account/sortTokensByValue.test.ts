import type { TokenBalance } from '@portico/headless'
import { expect, test } from 'vitest'
import { sortTokensByValue } from './sortTokensByValue.js'

const token = (symbol: string, value?: number): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  quantity: { decimals: '18', numeric: '1' },
  ...(value === undefined ? {} : { value }),
})

test('highest value first; unpriced after the priced ones in their given order; input untouched', () => {
  const input = [
    token('A'),
    token('USDC', 10),
    token('B', Number.NaN),
    token('ETH', 3000),
    token('PTK', 10),
    token('C'),
  ]
  const before = [...input]
  expect(sortTokensByValue(input).map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'PTK', 'A', 'B', 'C'])
  expect(input).toEqual(before)
  expect(sortTokensByValue([])).toEqual([])
})
