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
  fetchSwapAllowance,
  fetchSwapTokens,
  isAllowanceSufficient,
  nativeSwapTokenAddress,
} from './convert.js'
import {
  SwapNotConfirmedError,
  type SwapNotConfirmedErrorType,
  SwapRevertedError,
  type SwapRevertedErrorType,
} from './errors.js'

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
}
export type SwapErrorType =
  | NotConnectedError
  | BuildSwapApproveErrorType
  | BuildSwapTransactionErrorType
  | SendTransactionErrorType
  | RequestErrorType
  | SwapRevertedErrorType
  | SwapNotConfirmedErrorType

const RECEIPT_POLL_MS = 250
const RECEIPT_TIMEOUT_MS = 120_000

/**
 * Swaps `amount` of `from` into `to` through the convert API with the connected eip155 wallet:
 * when the allowance is short (less than the amount, in token units) it first approves exactly
 * the amount, by a signed EIP-2612 permit when the token takes one or else an approve
 * transaction, waits for that to land, then sends the swap built at the spec's 1% slippage.
 * Each transaction is awaited; a reverted one throws `SwapRevertedError`, one without a receipt
 * after 2 minutes `SwapNotConfirmedError`.
 *
 * @example
 * const { hash } = await swap(portico, { from: usdc, to: weth, amount: parseUnits('100', 6) })
 */
export async function swap(portico: Portico, parameters: SwapParameters): Promise<SwapReturnType> {
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
  const tx = await buildSwapTransaction(portico, {
    caipNetworkId,
    from,
    to,
    amount,
    userAddress,
    slippage: parameters.slippage,
    deadline: parameters.deadline,
  })
  const hash = await sendTransaction(portico, { to: tx.to, data: tx.data, value: tx.value, gas: tx.gas })
  await waitForSuccess(portico, hash, 'swap')
  return { approval, hash }
}

function sameToken(a: string, b: string): boolean {
  return a.split(':').at(-1)?.toLowerCase() === b.split(':').at(-1)?.toLowerCase()
}

/** Polls the receipt through the wallet's provider (no separate RPC client is assumed). */
async function waitForSuccess(portico: Portico, hash: Hex, step: 'approve' | 'permit' | 'swap'): Promise<void> {
  const started = Date.now()
  while (Date.now() - started < RECEIPT_TIMEOUT_MS) {
    const receipt = await request<{ status?: string } | null>(portico, {
      namespace: 'eip155',
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })
    if (receipt) {
      if (receipt.status === '0x1') return
      throw new SwapRevertedError({ hash, step })
    }
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
  }
  throw new SwapNotConfirmedError({ hash })
}
