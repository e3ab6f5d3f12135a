import {
  nativeSwapTokenAddress,
  type SwapQuote,
  type SwapToken,
  swapAllowanceQueryOptions,
  swapGasPriceQueryOptions,
  swapQuoteQueryOptions,
  swapTokensQueryOptions,
} from '@portico/headless/swap'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { onlineManager } from '@tanstack/react-query'
import { useEffect } from 'react'
import { usePorticoUI } from '../../context.js'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../test/storyHarness.js'
import type { SwapViewData } from './swapForm.js'

// The Swap view in each state, on the harness's Devnet Wallet with seeded balances. Storybook has
// no devnet: the swap token list, quote, gas price and allowance are seeded into the query cache
// and TanStack is told it is offline while a story shows, so nothing refetches them.

const chain = 'eip155:31337' as const
const caip = (address: string) => `${chain}:${address}`
const tokens: SwapToken[] = [
  {
    name: 'Ether',
    symbol: 'ETH',
    address: caip(nativeSwapTokenAddress),
    decimals: 18,
    logoUri: undefined,
    price: 3000,
    eip2612: false,
  },
  {
    name: 'USD Coin (Devnet)',
    symbol: 'USDC',
    address: caip('0x5FbDB2315678afecb367f032d93F642f64180aa3'),
    decimals: 6,
    logoUri: undefined,
    price: 1,
    eip2612: false,
  },
  {
    name: 'Portico Token',
    symbol: 'PTK',
    address: caip('0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'),
    decimals: 18,
    logoUri: undefined,
    price: 0.5,
    eip2612: true,
  },
]
const [eth, usdc, ptk] = tokens as [SwapToken, SwapToken, SwapToken]

function quote(from: SwapToken, to: SwapToken, fromAmount: bigint, toAmount: bigint, priceImpact: number): SwapQuote {
  return {
    from: from.address,
    to: to.address,
    fromAmount,
    toAmount,
    minimumReceived: (toAmount * 99n) / 100n,
    priceImpact,
    slippage: 1,
  }
}

/** Seeds the convert API's answers for the harness's connected address. */
function seed(harness: Harness) {
  const userAddress = harness.wallet.address
  const client = harness.queryClient
  const portico = harness.portico
  client.setQueryData(swapTokensQueryOptions(portico, { caipNetworkId: chain }).queryKey, tokens)
  client.setQueryData(swapGasPriceQueryOptions(portico, { caipNetworkId: chain }).queryKey, {
    standard: 1_500_000_000n,
    fast: 2_000_000_000n,
    instant: 3_000_000_000n,
  })
  client.setQueryData(
    swapAllowanceQueryOptions(portico, { caipNetworkId: chain, tokenAddress: usdc.address, userAddress }).queryKey,
    0n,
  )
  const quotes: SwapQuote[] = [
    quote(eth, usdc, 10n ** 18n, 2_990_123_456n, 0.35),
    quote(usdc, ptk, 100_000_000n, 199_300_000_000_000_000_000n, 0.05),
    quote(eth, ptk, 500n * 10n ** 18n, 250_000n * 10n ** 18n, 42.1),
  ]
  for (const q of quotes)
    client.setQueryData(
      swapQuoteQueryOptions(portico, {
        caipNetworkId: chain,
        from: q.from,
        to: q.to,
        amount: q.fromAmount,
        userAddress,
      }).queryKey,
      q,
    )
}

/** Opens Swap with `data` (and then a step of the flow) once, offline for TanStack while shown. */
function OpenSwap({ data, step }: { data?: SwapViewData | undefined; step?: SwapViewData['step'] }) {
  const { modal } = usePorticoUI('OpenSwap')
  useEffect(() => {
    onlineManager.setOnline(false)
    modal.open({ view: 'Swap', data })
    if (step) modal.push({ view: 'Swap', data: { step } })
    return () => onlineManager.setOnline(true)
  }, [modal, data, step])
  return null
}

const meta: Meta = {
  title: 'UI/Swap',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'The Swap view: the form (tokens, amount, Max, flip, the live quote with rate, price impact, network fee, slippage and minimum received), the token lists and the review with the approve or permit step. Switch light/dark with the Theme toolbar.',
      },
    },
  },
}
export default meta

type Story = StoryObj

function swapStory(data?: SwapViewData, step?: SwapViewData['step'], walletChainId?: number): Story {
  return {
    loaders: [harnessLoader({ connected: true, walletChainId }, seed)],
    render: (_args, { loaded, globals }) => (
      <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)}>
        <OpenSwap data={data} step={step} />
      </Stage>
    ),
  }
}

/** Nothing chosen to receive yet: the action asks for a token. */
export const Empty: Story = swapStory()
/** Opened with data: 1 ETH to USDC, quoted. */
export const Quoted: Story = swapStory({ fromToken: 'ETH', toToken: 'USDC', amount: '1' })
export const QuotedDark: Story = { ...Quoted, name: 'Quoted (dark)', globals: { theme: 'dark' } }
/** More than the wallet holds. */
export const InsufficientBalance: Story = swapStory({ fromToken: 'ETH', toToken: 'USDC', amount: '20000' })
/** A trade that moves the price past 5 %: flagged. */
export const HighPriceImpact: Story = swapStory({ fromToken: 'ETH', toToken: 'PTK', amount: '500' })
/** The token list, searchable, with balances. */
export const SelectToken: Story = swapStory({ fromToken: 'ETH', toToken: 'USDC', amount: '1' }, 'selectTo')
/** Review of a swap without approval. */
export const Review: Story = swapStory({ fromToken: 'ETH', toToken: 'USDC', amount: '1' }, 'review')
/** Review of USDC → PTK: the allowance is short, so the approve step comes first. */
export const ReviewWithApproval: Story = swapStory({ fromToken: 'USDC', toToken: 'PTK', amount: '100' }, 'review')
/** A network the convert API does not serve. */
export const UnsupportedNetwork: Story = swapStory(undefined, undefined, 31338)
