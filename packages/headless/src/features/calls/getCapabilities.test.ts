import { expect, test } from 'vitest'
import { connectedSuite } from '../../test/hookHarness.js'
import { getCapabilities } from './getCapabilities.js'

const { connected } = connectedSuite()

test('default: capabilities of every chain the wallet knows (atomic batches unsupported: calls run one by one)', async () => {
  const { portico, wallet } = await connected()
  expect(await getCapabilities(portico)).toEqual({
    31337: { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
    31338: { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
  })
  expect(wallet.requests.find((r) => r.method === 'wallet_getCapabilities')?.params).toEqual([wallet.address])
})

test('parameters: chainIds are asked as hex; a chain the wallet does not report is left out', async () => {
  const { portico, wallet } = await connected()
  expect(await getCapabilities(portico, { chainIds: [31337, 1] })).toEqual({
    31337: { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
  })
  expect(wallet.requests.find((r) => r.method === 'wallet_getCapabilities')?.params).toEqual([
    wallet.address,
    ['0x7a69', '0x1'],
  ])
})

test('behavior: a malformed address is CapabilitiesAddressRequiredError, refused before the wallet is asked', async () => {
  const { portico, asked } = await connected()
  await expect(getCapabilities(portico, { address: 'nope' })).rejects.toMatchObject({
    name: 'CapabilitiesAddressRequiredError',
  })
  expect(asked('wallet_getCapabilities')).toBe(0)
})

test('behavior: a wallet without EIP-5792 gives CallsNotSupportedError', async () => {
  const { portico } = await connected({ eip5792: false })
  await expect(getCapabilities(portico)).rejects.toMatchObject({ name: 'CallsNotSupportedError' })
})
