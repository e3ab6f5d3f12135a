import { useBalance } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import type { PlainViewName } from '../../modal/views.js'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../test/storyHarness.js'
import { type SendForm, useSendForm } from './sendForm.js'

// The Send and Receive views on a connected test wallet with seeded balances (ETH, USDC, PTK), no
// chain needed: the fee line shows its unavailable state unless Storybook runs beside a devnet.
// Switch light/dark with the toolbar.

const meta: Meta = {
  title: 'UI/Send',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'Send (token picker, amount with Max, receiver with paste, fee, a button that says what is missing), token selection, the review step before the wallet prompt, and Receive (QR code, copy, networks).',
      },
    },
  },
}
export default meta

type Story = StoryObj

const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Fills the modal's send form once the seeded balances are there (as a user would have). */
function Prefill({ symbol, amount = '', to = '' }: { symbol?: string; amount?: string; to?: string }) {
  const form = useSendForm()
  const balance = useBalance()
  const token = balance.data?.find((t) => t.symbol === symbol)
  const { set } = form
  useEffect(() => {
    const patch: Partial<SendForm> = { amount, receiver: to }
    if (token) patch.token = token
    set(patch)
  }, [set, token, amount, to])
  return null
}

function sendStory(view: PlainViewName, prefill?: { symbol?: string; amount?: string; to?: string }): Story {
  return {
    loaders: [harnessLoader({ connected: true })],
    render: (_args, { loaded, globals }) => (
      <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)} view={view}>
        {prefill ? <Prefill {...prefill} /> : null}
      </Stage>
    ),
  }
}

/** Nothing picked yet: the button asks for a token. */
export const Empty: Story = sendStory('Send')
/** USDC, an amount and a receiver: ready for review. */
export const Filled: Story = sendStory('Send', { symbol: 'USDC', amount: '12.5', to: receiver })
/** More than the balance: 'Insufficient funds', the field marked invalid. */
export const InsufficientFunds: Story = sendStory('Send', { symbol: 'USDC', amount: '20000', to: receiver })
/** A checksum typo in the receiver: 'Invalid address'. */
export const InvalidAddress: Story = sendStory('Send', {
  symbol: 'PTK',
  amount: '1',
  to: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8',
})
/** The token list: icons, balances, search. */
export const SelectToken: Story = sendStory('SendSelectToken', { symbol: 'USDC' })
/** The review before the wallet prompt. */
export const Preview: Story = sendStory('SendPreview', { symbol: 'USDC', amount: '12.5', to: receiver })
/** The address as a QR code, copy, the networks it can receive on. */
export const Receive: Story = sendStory('Receive')
