// useSwapDraft (the swap form's live draft) in real Chromium against the shared devnet: the
// emulator's convert routes over a real Uniswap V2 and a fresh funded key. Covers the draft's
// derived values at their bounds: the default token, the typed amount in base units, the
// balance available, the quote only for what is typed now, a flip, and the approve step and fee of
// a token. The form's Max, the insufficient-balance state, slippage, the minimum received and the
// review are in SwapView.browser.test.tsx; the pure helpers of swapForm.ts in swapForm.test.ts.
import { connect, createPortico, eip155Adapter, eip155Network, initialize, PorticoProvider } from '@portico/headless'
import { nativeSwapTokenAddress, type SwapToken } from '@portico/headless/swap'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import type { Hex } from 'viem'
import { afterEach, expect, inject, test } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUI } from '../../PorticoUI.js'
import { freshFundedKey } from '../../test/devnetChain.js'
import { offline } from '../../test/offline.js'
import { bare, useSwapDraft } from './useSwapDraft.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

const usdcAddress = devnet.evmTokens.find((t) => t.symbol === 'USDC')?.address as Hex
const swapToken = (symbol: string, address: string, decimals: number): SwapToken => ({
  name: symbol,
  symbol,
  address: `eip155:31337:${address}`,
  decimals,
  logoUri: undefined,
  price: undefined,
  eip2612: false,
})
const eth = swapToken('ETH', nativeSwapTokenAddress, 18)
const usdc = swapToken('USDC', usdcAddress, 6)
const tokens = [eth, usdc]

type Draft = ReturnType<typeof useSwapDraft>

/** The hook's latest render, read by the tests (one mounted at a time). */
let latest: Draft | undefined
function Probe() {
  latest = useSwapDraft(tokens)
  return null
}

/** A fresh key (10 ETH, 5 USDC) connected on the devnet; `draft()` is the hook's latest render. */
async function mountDraft() {
  const { key } = await freshFundedKey({ usdc: 5_000_000n })
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }] })
  stops.push(wallet.announce())
  const portico = createPortico({
    projectId: 'swap-draft-test',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens })],
    adapters: [eip155Adapter()],
    ...offline,
    // The devnet's emulator serves the blockchain API; `offline` turns it off.
    blockchainApi: true,
    apiUrls: { blockchain: devnet.apiUrl },
  })
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
  latest = undefined
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>
        <Probe />
      </PorticoUI>
    </PorticoProvider>,
  )
  await expect.poll(() => latest).toBeDefined()
  return { draft: () => latest as Draft }
}

test('default: the native currency pays, nothing is typed, and the wallet balance is available in base units', async () => {
  const { draft } = await mountDraft()
  expect(draft().from).toBe(eth)
  expect(draft().to).toBeUndefined()
  expect(draft().amount).toBeUndefined()
  expect(draft().current).toBeUndefined()
  expect(draft().allowanceKnown).toBe(true) // the native currency needs no allowance
  await expect.poll(() => draft().available).toBe(10n ** 19n)
  expect(draft().needsApproval).toBe(false)
})

test('edge: the typed amount in base units at its bounds: zero, a lone point and more decimals than the token are no amount', async () => {
  const { draft } = await mountDraft()
  draft().update({ from: 'USDC', amount: '0.000001' })
  await expect.poll(() => draft().amount).toBe(1n)
  expect(draft().from).toBe(usdc)
  draft().update({ amount: '0.0000001' })
  await expect.poll(() => draft().amount).toBeUndefined()
  draft().update({ amount: '0' })
  await expect.poll(() => draft().form.amount).toBe('0')
  expect(draft().amount).toBeUndefined()
  draft().update({ amount: '.' })
  await expect.poll(() => draft().form.amount).toBe('.')
  expect(draft().amount).toBeUndefined()
  draft().update({ amount: '5' })
  await expect.poll(() => draft().amount).toBe(5_000_000n)
  // Exactly the balance: available is that many units (the form compares the two).
  await expect.poll(() => draft().available).toBe(5_000_000n)
})

test('behavior: the quote counts only for the amount typed now; a flip makes the token pay, whose approve step (allowance 0) adds its gas to the fee', async () => {
  const { draft } = await mountDraft()
  draft().update({ from: 'ETH', to: 'USDC', amount: '0.01' })
  await expect.poll(() => draft().current?.fromAmount, { timeout: 20_000 }).toBe(10n ** 16n)
  expect(bare(draft().current?.to)).toBe(usdcAddress.toLowerCase())
  // Another amount: the old quote is no longer shown as current, until the new one arrives.
  draft().update({ amount: '0.02' })
  await expect.poll(() => draft().amount).toBe(2n * 10n ** 16n)
  expect(draft().current).toBeUndefined()
  await expect.poll(() => draft().current?.fromAmount, { timeout: 20_000 }).toBe(2n * 10n ** 16n)
  await expect.poll(() => draft().fee).toBeGreaterThan(0n)
  const ethFee = draft().fee as bigint

  // Flip: USDC pays, ETH is received; USDC's allowance is read before the review may list steps.
  const { from, to } = draft().form
  draft().update({ from: to, to: from, amount: '1' })
  await expect.poll(() => draft().from).toBe(usdc)
  expect(draft().to).toBe(eth)
  await expect.poll(() => draft().allowanceKnown).toBe(true)
  expect(draft().needsApproval).toBe(true)
  // 150 000 gas for the swap and 50 000 for the approve, at the same standard price.
  await expect.poll(() => draft().fee).toBe((ethFee / 150_000n) * 200_000n)
})
