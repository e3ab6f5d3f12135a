// The on-ramp pricing and link logic, called directly: the options' limits, the quote's arithmetic
// and every refusal of `priceOnramp`/`onrampQuote` (currency, method, limits, amount forms), and
// the checkout link `onrampUrl` builds (wallet choice, destination currency, what the body may not
// change). The HTTP side (switches, 503 without a provider, body parsing) is in routes/onramp.test.ts;
// the provider's checkout paying out is in ../onramp/provider.test.ts.
import { describe, expect, test } from 'vitest'
import { evmChainId } from '../accounts.js'
import { HttpError } from '../emulator/app.js'
import { evmTokens } from '../tokens.js'
import { fixturePrices, solanaCaip2 } from './chain.js'
import { ONRAMP_PROVIDER_FEE, onrampOptions, onrampQuote, onrampUrl, priceOnramp } from './onramp.js'

/** The HttpError a call throws (status and message), or fails the test. */
function refusal(call: () => unknown): { status: number; message: string } {
  try {
    call()
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    return { status: (error as HttpError).status, message: (error as HttpError).message }
  }
  throw new Error('expected a refusal')
}

describe('onrampOptions', () => {
  test('behavior: USD and EUR by card (10.00-7500.00) and bank (10.00-25000.00); USDC on the devnet EVM chain, SOL on Solana', () => {
    const options = onrampOptions()
    expect(options.paymentCurrencies).toEqual(
      ['USD', 'EUR'].map((id) => ({
        id,
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      })),
    )
    const usdc = evmTokens.find((t) => t.symbol === 'USDC')
    expect(options.purchaseCurrencies).toEqual([
      {
        id: 'USDC',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [
          {
            name: 'portico-devnet',
            display_name: 'Portico Devnet',
            chain_id: String(evmChainId),
            contract_address: usdc?.address,
          },
        ],
      },
      {
        id: 'SOL',
        name: 'Solana',
        symbol: 'SOL',
        networks: [
          { name: 'solana-devnet', display_name: 'Solana Devnet', chain_id: solanaCaip2, contract_address: '' },
        ],
      },
    ])
  })

  test('edge: each call returns fresh objects; changing one answer leaves the limits the quotes use alone', () => {
    const first = onrampOptions()
    const limit = first.paymentCurrencies[0]?.payment_method_limits[0] as { min: string; max: string }
    limit.min = '0.01'
    limit.max = '1.00'
    first.paymentCurrencies[1]?.payment_method_limits.pop()
    expect(onrampOptions().paymentCurrencies[0]?.payment_method_limits[0]).toEqual({
      id: 'card',
      min: '10.00',
      max: '7500.00',
    })
    expect(onrampOptions().paymentCurrencies[1]?.payment_method_limits).toHaveLength(2)
    expect(refusal(() => priceOnramp({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 5 })).status).toBe(400)
  })
})

describe('priceOnramp', () => {
  test('behavior: total is the amount; subtotal is it less the provider fee and the 0.50 network fee; crypto at the devnet price', () => {
    const quote = priceOnramp({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 200 })
    const fee = 200 * ONRAMP_PROVIDER_FEE
    expect(ONRAMP_PROVIDER_FEE).toBeGreaterThanOrEqual(0.01)
    expect(ONRAMP_PROVIDER_FEE).toBeLessThanOrEqual(0.02)
    expect(quote).toEqual({
      networkFee: { amount: '0.50', currency: 'USD' },
      paymentSubtotal: { amount: (200 - fee - 0.5).toFixed(2), currency: 'USD' },
      paymentTotal: { amount: '200.00', currency: 'USD' },
      purchaseAmount: { amount: (200 - fee - 0.5).toFixed(6), currency: 'USDC' },
      quoteId: 'devnet-quote-USDC-USD-200.00',
    })
  })

  test('behavior: EUR is worth 1.08 USD; SOL is priced at the fixture price with 9 decimals', () => {
    const eur = priceOnramp({ purchaseCurrency: 'USDC', paymentCurrency: 'EUR', amount: 100 })
    expect(eur.paymentSubtotal.amount).toBe('98.00')
    expect(eur.purchaseAmount).toEqual({ amount: (98 * 1.08).toFixed(6), currency: 'USDC' })
    const sol = priceOnramp({ purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: 100 })
    expect(sol.purchaseAmount).toEqual({ amount: (98 / (fixturePrices.SOL as number)).toFixed(9), currency: 'SOL' })
    expect(sol.purchaseAmount.amount.split('.')[1]).toHaveLength(9)
  })

  test('edge: fees are rounded to the cent (a provider fee of 0.1515 is 0.15)', () => {
    const quote = priceOnramp({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 10.1 })
    expect(quote.paymentTotal.amount).toBe('10.10')
    expect(quote.paymentSubtotal.amount).toBe('9.45')
    expect(quote.quoteId).toBe('devnet-quote-USDC-USD-10.10')
  })

  test('edge: the limits are inclusive, per payment method (card by default)', () => {
    const price = (amount: number, paymentMethod?: string) =>
      priceOnramp({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount, paymentMethod })
    expect(price(10).paymentTotal.amount).toBe('10.00')
    expect(price(7500).paymentTotal.amount).toBe('7500.00')
    expect(refusal(() => price(9.99))).toEqual({
      status: 400,
      message: 'amount must be between 10.00 and 7500.00 USD for card',
    })
    expect(refusal(() => price(7500.01)).status).toBe(400)
    expect(price(25000, 'ach_bank_account').paymentTotal.amount).toBe('25000.00')
    expect(refusal(() => price(25000.01, 'ach_bank_account')).message).toBe(
      'amount must be between 10.00 and 25000.00 USD for ach_bank_account',
    )
    expect(refusal(() => price(7600, 'card')).status).toBe(400)
  })

  test('error: unsupported payment currency, purchase currency or method are refused with 400', () => {
    const base = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 100 }
    expect(refusal(() => priceOnramp({ ...base, paymentCurrency: 'GBP' }))).toEqual({
      status: 400,
      message: 'Unsupported paymentCurrency GBP',
    })
    // ETH and PTK have fixture prices but are not sold.
    for (const purchaseCurrency of ['ETH', 'PTK', 'BTC'])
      expect(refusal(() => priceOnramp({ ...base, purchaseCurrency }))).toEqual({
        status: 400,
        message: `Unsupported purchaseCurrency ${purchaseCurrency}`,
      })
    expect(refusal(() => priceOnramp({ ...base, paymentMethod: 'paypal' }))).toEqual({
      status: 400,
      message: 'Unsupported payment method paypal',
    })
    // Names of object properties are no currencies.
    expect(refusal(() => priceOnramp({ ...base, purchaseCurrency: 'constructor' })).status).toBe(400)
    expect(refusal(() => onrampQuote({ ...base, paymentCurrency: 'toString' }))).toEqual({
      status: 400,
      message: 'Unsupported paymentCurrency TOSTRING',
    })
  })

  test('error: a non-finite or negative amount is refused', () => {
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, -100, 0])
      expect(refusal(() => priceOnramp({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount })).status).toBe(400)
  })
})

describe('onrampQuote', () => {
  const body = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'portico-devnet' }

  test('behavior: takes ids or { id } objects in any case, and a string or number amount', () => {
    const expected = priceOnramp({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 100 })
    expect(onrampQuote(body)).toEqual(expected)
    expect(onrampQuote({ ...body, purchaseCurrency: { id: 'usdc' }, paymentCurrency: 'usd', amount: 100 })).toEqual(
      expected,
    )
    expect(onrampQuote({ ...body, amount: '100.00' })).toEqual(expected)
  })

  test('behavior: paymentMethod picks the limits; a non-string one falls back to card', () => {
    expect(onrampQuote({ ...body, amount: 20000, paymentMethod: 'ach_bank_account' }).paymentTotal.amount).toBe(
      '20000.00',
    )
    expect(refusal(() => onrampQuote({ ...body, amount: 20000, paymentMethod: 42 })).message).toMatch(/for card$/)
  })

  test('error: a body that is not an object, or a missing currency, is refused with its message', () => {
    for (const bad of [null, [], 'USDC', 42])
      expect(refusal(() => onrampQuote(bad))).toEqual({ status: 400, message: 'Expected a JSON object' })
    expect(refusal(() => onrampQuote({ ...body, purchaseCurrency: undefined }))).toEqual({
      status: 400,
      message: 'Missing purchaseCurrency',
    })
    expect(refusal(() => onrampQuote({ ...body, paymentCurrency: { id: '' } })).message).toBe('Missing paymentCurrency')
    expect(refusal(() => onrampQuote({ ...body, paymentCurrency: { code: 'USD' } })).message).toBe(
      'Missing paymentCurrency',
    )
    expect(refusal(() => onrampQuote({ ...body, purchaseCurrency: 7 })).message).toBe('Missing purchaseCurrency')
  })

  test('error: a missing, empty or non-numeric amount is "amount must be a number"', () => {
    const { amount: _, ...noAmount } = body
    for (const bad of [noAmount, { ...body, amount: '' }, { ...body, amount: 'lots' }, { ...body, amount: 'Infinity' }])
      expect(refusal(() => onrampQuote(bad))).toEqual({ status: 400, message: 'amount must be a number' })
    expect(refusal(() => onrampQuote({ ...body, amount: '-50' })).message).toMatch(/^amount must be between/)
  })
})

describe('onrampUrl', () => {
  const provider = 'http://127.0.0.1:43200'
  const evm = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const sol = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy'
  const params = (body: unknown) => {
    const url = new URL(onrampUrl(provider, body).url)
    return { url, query: Object.fromEntries(url.searchParams) }
  }

  test('behavior: a checkout link on the provider with the wallet, USDC and the buyer id', () => {
    const { url, query } = params({
      destinationWallets: [{ address: evm, blockchains: ['ethereum'], assets: ['USDC'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: 'user-1',
      defaultExperience: 'buy',
      presetFiatAmount: 25,
      presetCryptoAmount: '0.5',
    })
    expect(`${url.origin}${url.pathname}`).toBe(`${provider}/checkout`)
    expect(query).toEqual({
      walletAddress: evm,
      destinationCurrencyCode: 'USDC',
      externalCustomerId: 'user-1',
      presetFiatAmount: '25',
      presetCryptoAmount: '0.5',
      defaultExperience: 'buy',
    })
  })

  test('behavior: the wallet on the default network is chosen, else the first; Solana means SOL', () => {
    const wallets = [
      { address: evm, blockchains: ['ethereum'] },
      { address: sol, blockchains: ['solana'] },
    ]
    expect(params({ destinationWallets: wallets, defaultNetwork: 'solana' }).query).toMatchObject({
      walletAddress: sol,
      destinationCurrencyCode: 'SOL',
    })
    expect(params({ destinationWallets: wallets, defaultNetwork: 'ethereum' }).query).toMatchObject({
      walletAddress: evm,
      destinationCurrencyCode: 'USDC',
    })
    expect(params({ destinationWallets: wallets }).query).toMatchObject({
      walletAddress: evm,
      destinationCurrencyCode: 'USDC',
    })
    // A Solana wallet picked as first one is still paid in SOL, whatever the case of the chain name.
    expect(params({ destinationWallets: [{ address: sol, blockchains: ['Solana'] }] }).query).toMatchObject({
      destinationCurrencyCode: 'SOL',
    })
    expect(params({ destinationWallets: [{ address: sol }], defaultNetwork: 'SOLANA-devnet' }).query).toMatchObject({
      destinationCurrencyCode: 'SOL',
    })
  })

  test('edge: only present presets are passed on (0 is one, an empty string is not); non-string buyer ids are dropped', () => {
    const { query } = params({
      destinationWallets: [{ address: evm }],
      presetFiatAmount: 0,
      presetCryptoAmount: '',
      defaultExperience: null,
      partnerUserId: 12,
    })
    expect(query).toEqual({ walletAddress: evm, destinationCurrencyCode: 'USDC', presetFiatAmount: '0' })
  })

  test('security: values from the body are query values only; they cannot add parameters or move the link off the provider', () => {
    const { url, query } = params({
      destinationWallets: [{ address: `${evm}&destinationCurrencyCode=ETH#x` }],
      partnerUserId: 'u&walletAddress=attacker',
      defaultExperience: 'https://evil.example/',
    })
    expect(url.origin).toBe(provider)
    expect(url.pathname).toBe('/checkout')
    expect(url.hash).toBe('')
    expect(url.searchParams.getAll('destinationCurrencyCode')).toEqual(['USDC'])
    expect(url.searchParams.getAll('walletAddress')).toEqual([`${evm}&destinationCurrencyCode=ETH#x`])
    expect(query.externalCustomerId).toBe('u&walletAddress=attacker')
    // A provider URL with a path still links to its /checkout.
    expect(new URL(onrampUrl(`${provider}/some/base/`, { destinationWallets: [{ address: evm }] }).url).pathname).toBe(
      '/checkout',
    )
  })

  test('error: a body without a usable destination wallet is refused with 400', () => {
    for (const bad of [null, [], 'x'])
      expect(refusal(() => onrampUrl(provider, bad))).toEqual({ status: 400, message: 'Expected a JSON object' })
    for (const destinationWallets of [undefined, [], {}, 'wallet'])
      expect(refusal(() => onrampUrl(provider, { destinationWallets }))).toEqual({
        status: 400,
        message: 'destinationWallets must be a non-empty array',
      })
    for (const destinationWallets of [[{}], [{ address: '' }], [{ address: 7 }], ['0xabc'], [null]])
      expect(refusal(() => onrampUrl(provider, { destinationWallets }))).toEqual({
        status: 400,
        message: 'destinationWallets[].address is required',
      })
  })
})
