import { describe, expect, test } from 'vitest'
import { frameNetworks } from '../walletPolicy.js'
import { acceptsNetwork } from './acceptsNetwork.js'

// The spec's 25 networks the frame accepts on its own, each named: EVM mainnets and their testnets,
// and three Solana networks by genesis-hash reference.
const specNetworks: [string, number | string][] = [
  ['Ethereum', 1],
  ['Sepolia', 11155111],
  ['OP Mainnet', 10],
  ['OP Sepolia', 11155420],
  ['Arbitrum One', 42161],
  ['Arbitrum Sepolia', 421614],
  ['Polygon', 137],
  ['Polygon Amoy', 80002],
  ['Celo', 42220],
  ['Celo Alfajores', 44787],
  ['Aurora', 1313161554],
  ['Aurora testnet', 1313161555],
  ['BNB Chain', 56],
  ['BNB testnet', 97],
  ['Avalanche', 43114],
  ['Avalanche Fuji', 43113],
  ['zkSync Era', 324],
  ['zkSync Sepolia', 300],
  ['Gnosis', 100],
  ['Base', 8453],
  ['Base Sepolia', 84532],
  ['Zora', 7777777],
  ['Solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
  ['Solana Devnet', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
  ['Solana Testnet', '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'],
]

describe('the networks the frame accepts', () => {
  test('default: the list is the spec’s 25, no more', () => {
    expect(specNetworks).toHaveLength(25)
    expect([...frameNetworks].sort()).toEqual(specNetworks.map(([, id]) => id).sort())
  })

  test.each(specNetworks)('behavior: %s (%s) is accepted with no RPC URL from the host', (_, id) => {
    expect(acceptsNetwork(id, undefined, new Map())).toBe(true)
  })

  test('error: a network off the list without an RPC URL is refused (anvil, or an EVM id given as a string)', () => {
    expect(acceptsNetwork(31337, undefined, new Map())).toBe(false)
    expect(acceptsNetwork('1', undefined, new Map())).toBe(false)
    expect(acceptsNetwork('EtWTRABZaYq6iMfeYKouRu166VU2xqa2', undefined, new Map())).toBe(false)
  })

  test('behavior: a network off the list is accepted once the host gives its RPC URL, now or in an earlier request', () => {
    expect(acceptsNetwork(31337, 'http://127.0.0.1:8545', new Map())).toBe(true)
    expect(acceptsNetwork(31337, undefined, new Map([[31337, 'http://127.0.0.1:8545']]))).toBe(true)
  })
})
