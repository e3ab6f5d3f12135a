import type { TokenBalance } from '../../kernel/types.js'
import { formatUnits } from '../../kernel/utils/format.js'
import { InsufficientFundsForFeeError } from './errors.js'

// The native currency pays the network fee too: sending all of it (or nearly) leaves nothing to
// pay with, and the wallet either fails opaquely or the node refuses. Say so before asking.

/**
 * @internal
 * Throws `InsufficientFundsForFeeError` when `token` is the native currency and `units` plus the
 * network `fee` exceed its balance (the token's own decimal string, as the balance check reads
 * it). Tokens (ERC20, SPL) pay no fee from their own balance and pass; a balance that does not
 * parse leaves the check to the chain.
 *
 * @example
 * assertFeeLeft({ token: eth, units: parseEther('1'), fee: 21_000n * gasPrice, symbol: 'ETH', decimals: 18 })
 */
export function assertFeeLeft({
  token,
  units,
  fee,
  symbol,
  decimals,
}: {
  token: TokenBalance
  units: bigint
  fee: bigint
  symbol: string
  decimals: number
}): void {
  if (token.address !== undefined) return
  const numeric = token.quantity?.numeric
  const match = typeof numeric === 'string' ? /^(\d+)(?:\.(\d+))?$/.exec(numeric.trim()) : null
  if (!match) return
  const [, integer = '0', fraction = ''] = match
  const balance = BigInt(`${integer}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
  if (units + fee > balance)
    throw new InsufficientFundsForFeeError({ symbol, fee, feeFormatted: formatUnits(fee, decimals) })
}
