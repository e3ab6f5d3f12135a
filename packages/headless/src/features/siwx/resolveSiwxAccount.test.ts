import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { memoryStorage } from '../../test/fixtures.js'
import { siwxAddress as address, siwxSuite } from '../../test/siwxFixture.js'
import { localSiwx } from './localSiwx.js'
import { resolveSiwxAccount } from './resolveSiwxAccount.js'

const setup = siwxSuite()
const local = () => localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })

test('default: the connected account on its network', async () => {
  const { portico } = setup(local())
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  expect(resolveSiwxAccount(portico)).toEqual({ caipNetworkId: 'eip155:31337', address })
})

test('parameters: an account and network given explicitly win over the connection', async () => {
  const { portico } = setup(local())
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  expect(resolveSiwxAccount(portico, { address: other })).toEqual({ caipNetworkId: 'eip155:31337', address: other })
  expect(resolveSiwxAccount(portico, { caipNetworkId: 'eip155:31338', address: other })).toEqual({
    caipNetworkId: 'eip155:31338',
    address: other,
  })
})

test('behavior: without a connection and no address, the spec’s “No ActiveCaipAddress found”', () => {
  const { portico } = setup(local())
  expect(() => resolveSiwxAccount(portico, { caipNetworkId: 'eip155:31337' })).toThrow(
    expect.objectContaining({ name: 'SiwxNoActiveCaipAddressError', shortMessage: 'No ActiveCaipAddress found' }),
  )
})

test('behavior: a network of a namespace without an adapter, or a malformed one, is “No ActiveCaipNetwork or client found”', () => {
  const { portico } = setup(local())
  for (const caipNetworkId of ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155'] as const)
    expect(() => resolveSiwxAccount(portico, { caipNetworkId: caipNetworkId as never, address })).toThrow(
      expect.objectContaining({
        name: 'SiwxNoActiveNetworkError',
        shortMessage: 'No ActiveCaipNetwork or client found',
      }),
    )
})
