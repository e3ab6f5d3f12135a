import { type DevnetWithout, evmTokens, startDevnet } from '@portico/devnet'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import {
  buildOnrampProviderUrl,
  fetchOnrampOptions,
  fetchOnrampQuote,
  generateOnrampUrl,
  isOnrampAvailable,
  isOnrampNamespace,
  isRestrictedTimeZone,
  onrampSampleOptions,
  parseOnrampProviders,
} from './client.js'

let devnet: DevnetWithout<'walletConnect'>
beforeAll(async () => {
  devnet = await startDevnet({ walletConnect: false })
})
afterAll(() => devnet?.stop())

const portico = (blockchain = devnet.api.url) =>
  createPortico({
    projectId: 'p1',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { blockchain, api: devnet.api.url },
  })

test('constants: namespaces, restricted time zones, provider list', () => {
  expect(['eip155', 'solana', 'bip122', 'polkadot'].map(isOnrampNamespace)).toEqual([true, true, false, false])
  expect(['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau', 'Asia/Urumqi'].every((tz) => isRestrictedTimeZone(tz))).toBe(
    true,
  )
  expect(isRestrictedTimeZone('Asia/Taipei')).toBe(false)
  expect(isRestrictedTimeZone('Europe/Berlin')).toBe(false)
  expect(isRestrictedTimeZone()).toBe(false) // tests run in UTC or a local zone outside the list
  // The one public question: both checks at once.
  expect(isOnrampAvailable({ namespace: 'eip155' })).toBe(true)
  expect(isOnrampAvailable({ namespace: 'solana', timeZone: 'Europe/Berlin' })).toBe(true)
  expect(isOnrampAvailable({ namespace: 'eip155', timeZone: 'Asia/Hong_Kong' })).toBe(false)
  expect(isOnrampAvailable({ namespace: 'bip122' })).toBe(false)
  expect(isOnrampAvailable({ namespace: undefined })).toBe(false)
  expect(parseOnrampProviders(['meld', 'coinbase'])).toEqual(['meld', 'coinbase'])
  for (const bad of ['meld', null, { 0: 'meld' }, ['meld', 1]]) expect(parseOnrampProviders(bad)).toEqual([])
})

test('options from the devnet service', async () => {
  const options = await fetchOnrampOptions(portico())
  expect(options.source).toBe('api')
  expect(options.purchaseCurrencies.map((c) => c.symbol)).toEqual(['USDC', 'SOL'])
  expect(options.paymentCurrencies[0]?.payment_method_limits).toEqual([
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ])
})

test('options fall back to the samples: 500, unreachable, or a body without usable entries', async () => {
  const sample = onrampSampleOptions()
  expect(sample.purchaseCurrencies[0]?.symbol).toBe('USDC')
  expect(sample.purchaseCurrencies[0]?.networks.map((n) => n.chain_id)).toEqual(['1', '137'])
  expect(sample.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
  try {
    devnet.api.switches.onramp = 500
    expect(await fetchOnrampOptions(portico())).toEqual(sample)
  } finally {
    devnet.api.switches.onramp = 'ok'
  }
  expect(await fetchOnrampOptions(portico('http://127.0.0.1:9'))).toEqual(sample)
  const server = await startHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        purchaseCurrencies: [{ id: 'x', name: 'Good', symbol: 'G', networks: [] }, { id: 1 }],
        paymentCurrencies: [{ id: 'USD', payment_method_limits: 'none' }],
      }),
    )
  })
  try {
    // Every payment currency is malformed, so nothing usable remains: samples.
    expect(await fetchOnrampOptions(portico(server.url))).toEqual(sample)
  } finally {
    await server.close()
  }
})

test('quote from the service, placeholder on failure', async () => {
  const params = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'portico-devnet' }
  const quote = await fetchOnrampQuote(portico(), params)
  expect(quote).toMatchObject({ placeholder: false, purchaseAmount: { amount: '98.000000', currency: 'USDC' } })
  try {
    devnet.api.switches.onramp = 429
    expect(await fetchOnrampQuote(portico(), params)).toEqual({
      networkFee: { amount: '0.00', currency: 'USD' },
      paymentSubtotal: { amount: '100.00', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      purchaseAmount: { amount: '0', currency: 'USDC' },
      quoteId: 'placeholder-quote',
      placeholder: true,
    })
  } finally {
    devnet.api.switches.onramp = 'ok'
  }
  // Outside the limits the service refuses: placeholder too.
  expect((await fetchOnrampQuote(portico(), { ...params, amount: 5 })).placeholder).toBe(true)
})

test('checkout link, provider URL parameters, and a real purchase that grows the USDC balance', async () => {
  const address = devnet.evm.accounts[4].address
  const url = await generateOnrampUrl(portico(), {
    destinationWallets: [{ address, blockchains: ['ethereum'], assets: ['USDC'] }],
    defaultNetwork: 'ethereum',
    partnerUserId: address,
    defaultExperience: 'buy',
    presetFiatAmount: 30,
  })
  expect(new URL(url).origin).toBe(devnet.onramp.url)
  try {
    devnet.api.switches.onramp = 500
    await expect(generateOnrampUrl(portico(), { destinationWallets: [{ address }] })).rejects.toMatchObject({
      name: 'OnrampApiError',
      shortMessage: 'Failed to generate the on-ramp URL',
      status: 500,
    })
  } finally {
    devnet.api.switches.onramp = 'ok'
  }

  const direct = new URL(
    buildOnrampProviderUrl({
      providerUrl: `${devnet.onramp.url}/checkout`,
      publicKey: 'pk_devnet',
      namespace: 'eip155',
      walletAddress: address,
      externalCustomerId: 'customer-1',
    }),
  )
  expect(Object.fromEntries(direct.searchParams)).toEqual({
    publicKey: 'pk_devnet',
    destinationCurrencyCode: 'USDC',
    walletAddress: address,
    externalCustomerId: 'customer-1',
  })
  const solana = buildOnrampProviderUrl({
    providerUrl: `${devnet.onramp.url}/checkout`,
    publicKey: 'pk',
    namespace: 'solana',
    walletAddress: devnet.solana.accounts[0].address,
    externalCustomerId: 'c',
  })
  expect(new URL(solana).searchParams.get('destinationCurrencyCode')).toBe('SOL')

  // Pay at the provider the way its page does; the balance is a real chain read.
  const usdc = evmTokens[0]
  const chain = createPublicClient({ transport: http(devnet.evm.rpcUrl) })
  const read = () =>
    chain.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
  const before = await read()
  const paid = await fetch(`${devnet.onramp.url}/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      walletAddress: direct.searchParams.get('walletAddress'),
      destinationCurrencyCode: direct.searchParams.get('destinationCurrencyCode'),
      externalCustomerId: direct.searchParams.get('externalCustomerId'),
      amount: '30',
      currency: 'USD',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    }),
  })
  expect(paid.status).toBe(200)
  const quote = await fetchOnrampQuote(portico(), { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 30 })
  expect((await read()) - before).toBe(parseUnits(quote.purchaseAmount.amount, 6))
})
