import {
  type OnrampOptions,
  type OnrampQuote,
  onrampOptionsQueryOptions,
  onrampQuoteQueryOptions,
} from '@portico/headless/onramp'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { usePorticoUI } from '../../context.js'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../test/storyHarness.js'
import type { BuyInProgressData } from './views.js'

// The Buy views with the Devnet Wallet connected and seeded balances. No blockchain API runs in
// Storybook: in Form the options call fails and the spec's sample options (USDC on Ethereum and
// Polygon, USD and EUR) stand in, as they would for a visitor whose options call failed, and the
// quote is the placeholder; Quoted seeds the options and a quote as the API would answer.

const meta: Meta = {
  title: 'UI/Buy',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'OnRampProviders (token, payment method, amount within its limits, the quote with its fees, rate and amount received, provider) and BuyInProgress (waiting for the funds, popup blocked, window closed, success). Switch light/dark with the toolbar.',
      },
    },
  },
}
export default meta

type Story = StoryObj

const usdc = { symbol: 'USDC', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }
const checkoutUrl = 'http://127.0.0.1:9/checkout?walletAddress=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function OpenInProgress({ data }: { data: BuyInProgressData }) {
  const { modal } = usePorticoUI('OpenInProgress')
  useEffect(() => modal.open({ view: 'BuyInProgress', data }), [modal, data])
  return null
}

/** The Buy form on the sample options: USDC, card, 100 USD (the quote is the placeholder). */
export const Form: Story = {
  loaders: [harnessLoader({ connected: true })],
  render: (_args, { loaded, globals }) => (
    <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)} view="OnRampProviders" />
  ),
}

/** What the blockchain API answers for the spec's default options: USDC on Ethereum and Polygon, USD and EUR. */
const usdcId = '2b92315d-eab7-5bef-84fa-089a131333f5'
const apiOptions: OnrampOptions = {
  purchaseCurrencies: [
    {
      id: usdcId,
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        {
          name: 'ethereum',
          display_name: 'Ethereum',
          chain_id: '1',
          contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        },
        {
          name: 'polygon',
          display_name: 'Polygon',
          chain_id: '137',
          contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
        },
      ],
    },
  ],
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({
    id,
    payment_method_limits: [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ],
  })),
  source: 'api',
}

/**
 * Seeds what the blockchain API would answer for the form's first state (USDC on Ethereum, 100 USD
 * by card): the spec's default options, and the quote the devnet's emulator gives for it (1.5%
 * provider fee, 0.50 network fee, USDC at 1 USD).
 */
const seedQuote = (harness: Harness) => {
  harness.queryClient.setQueryData(onrampOptionsQueryOptions(harness.portico).queryKey, apiOptions)
  const quote: OnrampQuote = {
    networkFee: { amount: '0.50', currency: 'USD' },
    paymentSubtotal: { amount: '98.00', currency: 'USD' },
    paymentTotal: { amount: '100.00', currency: 'USD' },
    purchaseAmount: { amount: '98.000000', currency: 'USDC' },
    quoteId: 'story-quote',
    placeholder: false,
  }
  harness.queryClient.setQueryData(
    onrampQuoteQueryOptions(harness.portico, {
      purchaseCurrency: usdcId,
      paymentCurrency: 'USD',
      amount: '100',
      network: 'ethereum',
      paymentMethod: 'card',
    }).queryKey,
    quote,
  )
}

/** The Buy form with a quote: the total, each fee, the amount converted at its rate, the USDC received. */
export const Quoted: Story = {
  loaders: [harnessLoader({ connected: true }, seedQuote)],
  render: (_args, { loaded, globals }) => (
    <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)} view="OnRampProviders" />
  ),
}

function inProgress(data: BuyInProgressData): Story {
  return {
    loaders: [harnessLoader({ connected: true })],
    render: (_args, { loaded, globals }) => (
      <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)}>
        <OpenInProgress data={data} />
      </Stage>
    ),
  }
}

/** The checkout is open in its window; the balance is read until the USDC arrives. */
export const Waiting: Story = inProgress({ url: checkoutUrl, popupBlocked: false, token: usdc, baseline: '10000' })

/** The browser blocked the window: the checkout link opens in a new tab instead. */
export const PopupBlocked: Story = inProgress({ url: checkoutUrl, popupBlocked: true, token: usdc, baseline: '10000' })

/** The funds arrived (the seeded balance is above the balance at the start): the success state. */
export const Success: Story = inProgress({ url: checkoutUrl, popupBlocked: false, token: usdc, baseline: '9951.25' })
