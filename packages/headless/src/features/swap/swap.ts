import type { Hex } from 'viem'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { type RequestErrorType, request } from '../../kernel/actions/request.js'
import { type SendTransactionErrorType, sendTransaction } from '../../kernel/actions/sendTransaction.js'
import { NotConnectedError } from '../../kernel/errors/connection.js'
import type { Portico } from '../../kernel/portico.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import {
  type BuildSwapApproveErrorType,
  type BuildSwapTransactionErrorType,
  buildSwapApprove,
  buildSwapTransaction,
  type FetchSwapQuoteErrorType,
  fetchSwapAllowance,
  fetchSwapQuote,
  fetchSwapTokens,
  isAllowanceSufficient,
  nativeSwapTokenAddress,
  requireSwapBlockchainApi,
} from './convert.js'
import {
  type SwapBlockchainApiDisabledErrorType,
  SwapMinimumNotMetError,
  type SwapMinimumNotMetErrorType,
  SwapNotConfirmedError,
  type SwapNotConfirmedErrorType,
  SwapPriceChangedError,
  type SwapPriceChangedErrorType,
  SwapRevertedError,
  type SwapRevertedErrorType,
} from './errors.js'
import { isInsufficientOutput, slippageForMinimum } from './swapMinimum.js'
import { readSwapReceived, type SwapReceipt } from './swapReceived.js'

export type SwapParameters = {
  /** Source token, `0x…` or CAIP-10 (native: `0xeeee…eeee`). */
  from: string
  to: string
  /** Source amount in base units. */
  amount: bigint
  /** The eip155 network; the connected wallet's network by default. */
  caipNetworkId?: CaipNetworkId | undefined
  /** Percent; the spec's 1 by default. */
  slippage?: number | undefined
  /**
   * The minimum received the user reviewed (base units of `to`, the quote's `minimumReceived`).
   * The swap is then built so that the chain enforces at least this much: the market is quoted
   * again right before building, and a fresh quote below it stops the swap with
   * `SwapPriceChangedError` (carrying the new quote) before the wallet is asked. Without it the
   * swap is built at `slippage` from the market at that moment.
   */
  minimumReceived?: bigint | undefined
  /** Unix seconds after which the swap reverts. */
  deadline?: number | undefined
  /**
   * Whether the source token takes EIP-2612 permits. Looked up in the swap token list when
   * absent. A permit token is approved by a signed permit instead of an approve transaction.
   */
  eip2612?: boolean | undefined
  /** Called as each step starts, for progress UI. */
  onStep?: ((step: SwapStep) => void) | undefined
}
export type SwapStep = 'allowance' | 'approve' | 'permit' | 'swap'
export type SwapReturnType = {
  /** The approve or permit transaction, when the allowance was short. */
  approval: { kind: 'approve' | 'permit'; hash: Hex } | undefined
  hash: Hex
  /**
   * What arrived, in base units of `to`, as the receipt says (the token's `Transfer` to the
   * account, or the native balance change over the swap's block plus its fee), never the quote.
   * `undefined` when the node could not tell.
   */
  received: bigint | undefined
}
export type SwapErrorType =
  | SwapBlockchainApiDisabledErrorType
  | NotConnectedError
  | BuildSwapApproveErrorType
  | BuildSwapTransactionErrorType
  | SendTransactionErrorType
  | RequestErrorType
  | FetchSwapQuoteErrorType
  | SwapPriceChangedErrorType
  | SwapMinimumNotMetErrorType
  | SwapRevertedErrorType
  | SwapNotConfirmedErrorType

const RECEIPT_POLL_MS = 250
const RECEIPT_TIMEOUT_MS = 120_000

/**
 * Swaps `amount` of `from` into `to` through the convert API with the connected eip155 wallet:
 * when the allowance is short (less than the amount, in token units) it first approves exactly
 * the amount, by a signed EIP-2612 permit when the token takes one or else an approve
 * transaction, waits for that to land, then sends the swap built at the spec's 1% slippage.
 * With `minimumReceived` (what the user reviewed) the chain enforces at least that minimum, and a
 * market that moved below it stops the swap with `SwapPriceChangedError` before the wallet is
 * asked. Each transaction is awaited; a swap that would pay less than its minimum throws
 * `SwapMinimumNotMetError`, another revert `SwapRevertedError`, no receipt after 2 minutes
 * `SwapNotConfirmedError`. `received` is what the receipt says arrived. On an instance created
 * with `blockchainApi: false` it throws `SwapBlockchainApiDisabledError` at once: nothing is asked of
 * the API or the wallet.
 *
 * @example
 * const quote = await fetchSwapQuote(portico, { caipNetworkId, from: usdc, to: weth, amount, userAddress })
 * const { hash, received } = await swap(portico, { from: usdc, to: weth, amount, minimumReceived: quote.minimumReceived })
 */
export async function swap(portico: Portico, parameters: SwapParameters): Promise<SwapReturnType> {
  // First, before the connection: with the API off there is no swap to offer anywhere, and no
  // step may start (the allowance step would be published, then fail).
  requireSwapBlockchainApi(portico)
  const connection = getConnection(portico, { namespace: 'eip155' })
  const userAddress = connection.address as Hex | undefined
  if (!connection.isConnected || !userAddress) throw new NotConnectedError({ namespace: 'eip155' })
  const caipNetworkId = parameters.caipNetworkId ?? connection.network?.caipNetworkId ?? connection.caipNetworkId
  if (!caipNetworkId) throw new NotConnectedError({ namespace: 'eip155' })
  const { from, to, amount } = parameters
  const native = from.toLowerCase().endsWith(nativeSwapTokenAddress)

  let approval: SwapReturnType['approval']
  if (!native) {
    parameters.onStep?.('allowance')
    const allowance = await fetchSwapAllowance(portico, { caipNetworkId, tokenAddress: from, userAddress })
    if (!isAllowanceSufficient(allowance, amount)) {
      // The service's approve names the spender; a permit grants the same spender the same amount.
      const approve = await buildSwapApprove(portico, { caipNetworkId, from, to, userAddress, amount })
      const eip2612 =
        parameters.eip2612 ??
        (await fetchSwapTokens(portico, { caipNetworkId })
          .then((tokens) => tokens.find((t) => sameToken(t.address, from))?.eip2612 ?? false)
          .catch(() => false))
      if (eip2612) {
        parameters.onStep?.('permit')
        // The permit's ABI coding (viem) loads only when a permit is signed: a host page that
        // bundles this action keeps viem's ABI code out of the chunk its page starts with.
        const { permit } = await import('./swapPermit.js')
        const hash = await permit(portico, { owner: userAddress, approve, amount, caipNetworkId })
        await waitForSuccess(portico, hash, 'permit')
        approval = { kind: 'permit', hash }
      } else {
        parameters.onStep?.('approve')
        const hash = await sendTransaction(portico, { to: approve.to, data: approve.data, value: 0n, gas: approve.gas })
        await waitForSuccess(portico, hash, 'approve')
        approval = { kind: 'approve', hash }
      }
    }
  }

  parameters.onStep?.('swap')
  let slippage = parameters.slippage
  if (parameters.minimumReceived !== undefined) {
    // The market as it is now (the approval may have taken a while): the reviewed minimum must hold.
    const fresh = await fetchSwapQuote(portico, { caipNetworkId, from, to, amount, userAddress })
    slippage = slippageForMinimum({
      toAmount: fresh.toAmount,
      minimumReceived: parameters.minimumReceived,
      slippage: parameters.slippage,
    })
    if (slippage === undefined)
      throw new SwapPriceChangedError({ quote: fresh, minimumReceived: parameters.minimumReceived })
  }
  const tx = await buildSwapTransaction(portico, {
    caipNetworkId,
    from,
    to,
    amount,
    userAddress,
    slippage,
    deadline: parameters.deadline,
  })
  const sent = { to: tx.to, data: tx.data, value: tx.value, gas: tx.gas }
  const hash = await sendTransaction(portico, sent).catch((error: unknown) => {
    // The wallet's gas estimate already hit the router's minimum check: nothing was sent.
    throw isInsufficientOutput(error) ? new SwapMinimumNotMetError({ cause: error }) : error
  })
  let receipt: SwapReceipt
  try {
    receipt = await waitForSuccess(portico, hash, 'swap')
  } catch (error) {
    if (error instanceof SwapRevertedError && (await revertedForMinimum(portico, userAddress, sent, error)))
      throw new SwapMinimumNotMetError({ hash, cause: error })
    throw error
  }
  const received = await readSwapReceived(portico, {
    receipt,
    token: to,
    receiver: userAddress,
    native: to.toLowerCase().endsWith(nativeSwapTokenAddress),
  })
  return { approval, hash, received }
}

/**
 * Why a mined swap reverted, by replaying it on the state of its block: a swap that was
 * front-run past its minimum fails the same way again. Only the reason is read; nothing is sent.
 */
async function revertedForMinimum(
  portico: Portico,
  from: Hex,
  sent: { to: Hex; data: Hex; value: bigint },
  reverted: SwapRevertedError,
): Promise<boolean> {
  try {
    await request(portico, {
      namespace: 'eip155',
      method: 'eth_call',
      params: [
        { from, to: sent.to, data: sent.data, value: `0x${sent.value.toString(16)}` },
        reverted.blockNumber ?? 'latest',
      ],
    })
    return false
  } catch (error) {
    return isInsufficientOutput(error)
  }
}

function sameToken(a: string, b: string): boolean {
  return a.split(':').at(-1)?.toLowerCase() === b.split(':').at(-1)?.toLowerCase()
}

/** Polls the receipt through the wallet's provider (no separate RPC client is assumed). */
async function waitForSuccess(portico: Portico, hash: Hex, step: 'approve' | 'permit' | 'swap'): Promise<SwapReceipt> {
  const started = Date.now()
  while (Date.now() - started < RECEIPT_TIMEOUT_MS) {
    const receipt = await request<SwapReceipt | null>(portico, {
      namespace: 'eip155',
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })
    if (receipt) {
      if (receipt.status === '0x1') return receipt
      throw new SwapRevertedError({ hash, step, blockNumber: receipt.blockNumber })
    }
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
  }
  throw new SwapNotConfirmedError({ hash })
}
