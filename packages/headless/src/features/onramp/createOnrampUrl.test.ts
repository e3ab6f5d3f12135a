import { expect, test } from 'vitest'
import { connectedSuite, hookSetup, sharedDevnet } from '../../test/hookHarness.js'
import { createOnrampUrl } from './createOnrampUrl.js'

const { connected } = connectedSuite()
const generator = '/v1/generators/onrampurl'

test('default: the blockchain API’s checkout link for the connected wallet, at the on-ramp provider', async () => {
  const fetched: string[] = []
  const { portico } = await connected({ onFetch: (url) => fetched.push(url) })
  const url = await createOnrampUrl(portico, {
    network: 'ethereum',
    asset: 'USDC',
    presetFiatAmount: 30,
    timeZone: 'UTC',
  })
  expect(new URL(url).origin).toBe(sharedDevnet().onrampUrl)
  expect(fetched.filter((u) => u.includes(generator))).toHaveLength(1)
})

test('parameters: provider: a direct checkout link with the spec’s parameters; the generator is not asked', async () => {
  const fetched: string[] = []
  const { portico, wallet } = await connected({ onFetch: (url) => fetched.push(url) })
  const before = fetched.length
  const url = new URL(
    await createOnrampUrl(portico, {
      provider: { url: `${sharedDevnet().onrampUrl}/checkout`, publicKey: 'pk_devnet' },
      timeZone: 'UTC',
    }),
  )
  expect(url.pathname).toBe('/checkout')
  expect(Object.fromEntries(url.searchParams)).toEqual({
    publicKey: 'pk_devnet',
    destinationCurrencyCode: 'USDC',
    walletAddress: wallet.address,
    externalCustomerId: wallet.address,
  })
  expect(fetched.slice(before)).toEqual([])
})

test('parameters: address: the funds go to the address given, not the connected one', async () => {
  const { portico } = await connected()
  const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const url = new URL(
    await createOnrampUrl(portico, {
      address,
      provider: { url: 'https://pay.test/checkout', publicKey: 'pk' },
      timeZone: 'UTC',
    }),
  )
  expect(url.searchParams.get('walletAddress')).toBe(address)
})

test('behavior: a restricted time zone is OnrampNotAvailableError, before anything is fetched', async () => {
  const fetched: string[] = []
  const { portico } = await connected({ onFetch: (url) => fetched.push(url) })
  const before = fetched.length
  await expect(createOnrampUrl(portico, { timeZone: 'Asia/Hong_Kong' })).rejects.toMatchObject({
    name: 'OnrampNotAvailableError',
    shortMessage: 'Buying crypto is not available',
    details: 'The on-ramp is not offered in this region.',
  })
  expect(fetched.slice(before)).toEqual([])
})

test('behavior: without a connected wallet or an address, NotConnectedError', async () => {
  const { portico } = await hookSetup()
  await expect(createOnrampUrl(portico, { timeZone: 'UTC' })).rejects.toMatchObject({ name: 'NotConnectedError' })
})
