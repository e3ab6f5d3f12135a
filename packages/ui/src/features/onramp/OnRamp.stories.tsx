import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { usePorticoUI } from '../../context.js'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../test/storyHarness.js'
import type { BuyInProgressData } from './views.js'

// The Buy views with the Devnet Wallet connected and seeded balances. No blockchain API runs in
// Storybook, so the options call fails and the spec's sample options (USDC on Ethereum and
// Polygon, USD and EUR) stand in, as they would for a visitor whose options call failed.

const meta: Meta = {
  title: 'UI/Buy',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'OnRampProviders (token, payment method, amount within its limits, quote, provider) and BuyInProgress (waiting for the funds, popup blocked, window closed, success). Switch light/dark with the toolbar.',
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
