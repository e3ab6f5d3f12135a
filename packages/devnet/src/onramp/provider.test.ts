import { type Browser, chromium } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without types
import { chromiumArgs, headlessShellPath } from '../../../../scripts/ensure-chromium.mjs'
import type { OnrampQuote } from '../api/onramp.js'
import { type DevnetWithout, evmTokens, startDevnet } from '../index.js'
import { createDevnetRpc } from '../test-utils.js'

const Q = 'projectId=test-project&st=appkit&sv=html-wagmi-1.0.0'
const [usdc] = evmTokens

describe('on-ramp', () => {
  let devnet: DevnetWithout<'walletConnect'>
  const post = async <T = Record<string, unknown>>(base: string, path: string, body: unknown, query = Q) => {
    const response = await fetch(`${base}${path}${query ? `?${query}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, json: (await response.json()) as T }
  }
  const usdcOf = (owner: `0x${string}`) =>
    createPublicClient({ transport: http(devnet.evm.rpcUrl) }).readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })

  beforeAll(async () => {
    devnet = await startDevnet({ walletConnect: false })
  })
  afterAll(() => devnet?.stop())

  it('lists options with the card and bank limits in USD and EUR', async () => {
    const response = await fetch(`${devnet.api.url}/v1/onramp/options?${Q}`)
    const options = (await response.json()) as {
      paymentCurrencies: { id: string; payment_method_limits: { id: string; min: string; max: string }[] }[]
      purchaseCurrencies: { symbol: string; networks: { chain_id: string; contract_address: string }[] }[]
    }
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(options.paymentCurrencies[0]?.payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ])
    expect(options.purchaseCurrencies.map((c) => [c.symbol, c.networks[0]?.chain_id])).toEqual([
      ['USDC', '31337'],
      ['SOL', devnet.solana.caipNetworkId],
    ])
    expect(options.purchaseCurrencies[0]?.networks[0]?.contract_address).toBe(usdc.address)
  })

  it('quotes with fees inside the limits and refuses amounts outside them', async () => {
    const { status, json } = await post<OnrampQuote>(devnet.api.url, '/v1/onramp/quote', {
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'portico-devnet',
    })
    expect(status).toBe(200)
    expect(json).toEqual({
      networkFee: { amount: '0.50', currency: 'USD' },
      paymentSubtotal: { amount: '98.00', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      purchaseAmount: { amount: '98.000000', currency: 'USDC' },
      quoteId: 'devnet-quote-USDC-USD-100.00',
    })
    const sol = await post<OnrampQuote>(devnet.api.url, '/v1/onramp/quote', {
      purchaseCurrency: { id: 'SOL' },
      paymentCurrency: { id: 'EUR' },
      amount: 150,
      network: 'solana-devnet',
    })
    expect(sol.json.purchaseAmount.currency).toBe('SOL')
    for (const amount of ['9.99', '7500.01', 'lots']) {
      const refused = await post(devnet.api.url, '/v1/onramp/quote', {
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount,
      })
      expect(refused.status, amount).toBe(400)
    }
    expect(
      (await post(devnet.api.url, '/v1/onramp/quote', { purchaseCurrency: 'BTC', paymentCurrency: 'USD', amount: 50 }))
        .status,
    ).toBe(400)
  })

  it('generates a checkout link on the provider origin with the wallet and currency', async () => {
    const address = devnet.evm.accounts[1].address
    const { json } = await post<{ url: string }>(devnet.api.url, '/v1/generators/onrampurl', {
      destinationWallets: [{ address, blockchains: ['ethereum'], assets: ['USDC'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: 'user-1',
      defaultExperience: 'buy',
      presetCryptoAmount: undefined,
      presetFiatAmount: 25,
    })
    const url = new URL(json.url)
    expect(url.origin).toBe(devnet.onramp.url)
    expect(url.origin).not.toBe(new URL(devnet.api.url).origin)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      walletAddress: address,
      destinationCurrencyCode: 'USDC',
      externalCustomerId: 'user-1',
      presetFiatAmount: '25',
      defaultExperience: 'buy',
    })
    const solana = await post<{ url: string }>(devnet.api.url, '/v1/generators/onrampurl', {
      destinationWallets: [{ address: devnet.solana.accounts[0].address, blockchains: ['solana'] }],
      defaultNetwork: 'solana',
    })
    expect(new URL(solana.json.url).searchParams.get('destinationCurrencyCode')).toBe('SOL')
    expect((await post(devnet.api.url, '/v1/generators/onrampurl', { destinationWallets: [] })).status).toBe(400)
  })

  it('pays out USDC for the test card, declines the decline card, refuses other cards', async () => {
    const wallet = devnet.evm.accounts[2].address
    const before = await usdcOf(wallet)
    const pay = (cardNumber: string, extra: Record<string, unknown> = {}) =>
      post(
        devnet.onramp.url,
        '/checkout/pay',
        {
          walletAddress: wallet,
          destinationCurrencyCode: 'USDC',
          amount: '50',
          currency: 'USD',
          cardNumber,
          expiry: '12/40',
          cvc: '123',
          ...extra,
        },
        '',
      )
    const declined = await pay('4000 0000 0000 0002')
    expect(declined).toMatchObject({ status: 402, json: { status: 'declined', message: 'Your card was declined.' } })
    expect(await usdcOf(wallet)).toBe(before)
    expect((await pay('4111 1111 1111 1111')).status).toBe(400)
    expect((await pay('4242 4242 4242 4242', { expiry: '01/20' })).status).toBe(400)
    expect((await pay('4242 4242 4242 4242', { walletAddress: 'nope' })).status).toBe(400)

    const paid = await pay('4242 4242 4242 4242')
    expect(paid).toMatchObject({ status: 200, json: { status: 'completed', purchaseAmount: '48.750000' } })
    expect((await usdcOf(wallet)) - before).toBe(parseUnits('48.75', 6))
    expect(devnet.onramp.purchases().map((p) => p.status)).toEqual(['declined', 'completed'])
  })

  it('sends SOL on the Solana devnet', async () => {
    const owner = devnet.solana.accounts[3].address
    const rpc = createDevnetRpc(devnet.solana.rpcUrl)
    const before = (await rpc.getBalance(owner as never).send()).value
    const { status, json } = await post(
      devnet.onramp.url,
      '/checkout/pay',
      {
        walletAddress: owner,
        destinationCurrencyCode: 'SOL',
        amount: '151',
        currency: 'USD',
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
      '',
    )
    expect(status).toBe(200)
    expect(json.purchaseAmount).toBe('0.988200000') // 151 USD less 2.27 fee and 0.50 network fee, at 150 USD
    expect((await rpc.getBalance(owner as never).send()).value - before).toBe(988_200_000n)
  })

  it('answers the onramp switch', async () => {
    try {
      devnet.api.switches.onramp = 500
      expect((await fetch(`${devnet.api.url}/v1/onramp/options?${Q}`)).status).toBe(500)
      devnet.api.switches.onramp = 429
      expect((await post(devnet.api.url, '/v1/onramp/quote', {})).status).toBe(429)
    } finally {
      devnet.api.switches.onramp = 'ok'
    }
  })

  describe('checkout page in Chromium', () => {
    let browser: Browser
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: headlessShellPath as string, args: chromiumArgs as string[] })
    })
    afterAll(() => browser?.close())

    it('fills the card form, shows the decline, then pays and the balance grows', async () => {
      const wallet = devnet.evm.accounts[3].address
      const before = await usdcOf(wallet)
      const page = await browser.newPage()
      await page.goto(
        `${devnet.onramp.url}/checkout?walletAddress=${wallet}&destinationCurrencyCode=USDC&presetFiatAmount=20&currency=EUR&externalCustomerId=u`,
      )
      expect(await page.inputValue('#amount')).toBe('20')
      expect(await page.inputValue('#currency')).toBe('EUR')
      await page.getByLabel('Card number').fill('4000 0000 0000 0002')
      await page.getByLabel('Expiry (MM/YY)').fill('12/40')
      await page.getByLabel('CVC').fill('123')
      await page.getByRole('button', { name: 'Pay' }).click()
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.')
      await page.getByLabel('Card number').fill('4242 4242 4242 4242')
      await page.getByRole('button', { name: 'Pay' }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Payment complete: 20\.\d{6} USDC/)
      expect(await usdcOf(wallet)).toBeGreaterThan(before + parseUnits('20', 6))
      await page.close()
    })
  })
})
