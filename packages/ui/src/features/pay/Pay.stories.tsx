import { balanceQueryOptions, type TokenBalance } from '@portico/headless'
import { type EstimateSendFeeReturnType, estimateSendFeeQueryOptions } from '@portico/headless/send'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../test/storyHarness.js'
import { type PayRequest, usePay } from '../../usePay.js'
import { findPayToken } from './payRequest.js'

// The pay panel as a host opens it: `usePay()` called once with a fixed request, on the harness's
// connected test wallet with seeded balances (ETH, USDC, PTK) and the `pay` flag on. No chain is
// needed: the network fee is seeded as the chain would quote it (65,000 gas at 1.5 gwei).

const meta: Meta = {
  title: 'UI/Pay',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'The pay panel (`usePay`): the amount, token, receiver, network and fee the host asked for, read-only, with the balance check and a Pay button that goes to the wallet.',
      },
    },
  },
}
export default meta

type Story = StoryObj

const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** The host's page: asks for the payment once (the outcome is the story's to ignore). */
function Host({ request }: { request: PayRequest }) {
  const pay = usePay()
  useEffect(() => {
    pay(request).catch(() => {})
  }, [pay, request])
  return null
}

const caipNetworkId = 'eip155:31337'

/** Seeds the fee quote of `request` for the harness's wallet, so the panel shows a settled fee. */
const seedFee = (request: PayRequest) => (harness: Harness) => {
  const address = harness.wallet.address
  const balances = harness.queryClient.getQueryData<TokenBalance[]>(
    balanceQueryOptions(harness.portico, { address, caipNetworkId }).queryKey,
  )
  const token = balances && findPayToken(balances, request.token)
  if (!token) return
  const nativePrice = balances[0]?.price
  const fee = 97_500_000_000_000n
  const quote: EstimateSendFeeReturnType = {
    fee,
    formatted: '0.0000975',
    symbol: 'ETH',
    decimals: 18,
    usd: nativePrice === undefined ? undefined : 0.0000975 * Number(nativePrice),
    gas: 65_000n,
    feePerGas: 1_500_000_000n,
  }
  const { amount, receiver } = request
  harness.queryClient.setQueryData(
    estimateSendFeeQueryOptions(harness.portico, { address, caipNetworkId, token, amount, receiver, nativePrice })
      .queryKey,
    quote,
  )
}

function payStory(request: PayRequest): Story {
  return {
    loaders: [harnessLoader({ connected: true, features: { pay: true } }, seedFee(request))],
    render: (_args, { loaded, globals }) => (
      <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)}>
        <Host request={request} />
      </Stage>
    ),
  }
}

/** 12.5 USDC to a fixed receiver: ready to pay. */
export const Ready: Story = payStory({ amount: '12.5', token: usdc, receiver })
/** The network's own currency. */
export const Native: Story = payStory({ amount: '0.25', token: 'native', receiver })
/** More than the balance: 'Insufficient funds' and Pay disabled. */
export const InsufficientFunds: Story = payStory({ amount: '20000', token: usdc, receiver })
