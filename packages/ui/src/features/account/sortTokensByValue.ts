import type { TokenBalance } from '@portico/headless'

/**
 * @internal The Tokens tab's order: by value, highest first; tokens without a known value (no
 * price) after every priced one, in the order the balance source gave them. Stable, and never
 * mutates its input (the balance query's data is shared with other views).
 *
 * @example
 * sortTokensByValue([usdc, eth, unpriced]) // [eth, usdc, unpriced] when eth's value is higher
 */
export function sortTokensByValue(tokens: readonly TokenBalance[]): TokenBalance[] {
  const valued = (token: TokenBalance) => typeof token.value === 'number' && Number.isFinite(token.value)
  return tokens
    .map((token, index) => ({ token, index }))
    .sort((a, b) => {
      const av = valued(a.token)
      const bv = valued(b.token)
      if (av && bv) return (b.token.value as number) - (a.token.value as number) || a.index - b.index
      if (av !== bv) return av ? -1 : 1
      return a.index - b.index
    })
    .map(({ token }) => token)
}
