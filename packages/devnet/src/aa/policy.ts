// What the paymaster sponsors and how it refuses: shared by the service (paymaster.ts) and its
// lazily loaded answers (sponsor.ts), so neither imports the other.
import type { Address } from 'viem'

/**
 * What the paymaster sponsors. Live: a change applies to the next request.
 *
 * @example
 * ```ts
 * paymaster.policy.senders = [account.address] // sponsor only this account
 * paymaster.policy.refuse = true               // sponsor nothing (fault tests)
 * ```
 */
export interface PaymasterPolicy {
  /** Refuse every request, with {@link paymasterRefusedCode} (fault tests). Default `false`. */
  refuse: boolean
  /** Senders (smart-account addresses) it sponsors; `null` (default) sponsors every sender. */
  senders: Address[] | null
  /**
   * Most gas one operation may be given, in total (call + verification + pre-verification +
   * paymaster limits); `null` (default) has no limit. Checked when the gas is known
   * (`pm_getPaymasterData`, and `pm_getPaymasterStubData` when it already carries limits).
   */
  maxGas: bigint | null
  /** How long a sponsorship stays valid, in seconds from now (or the latest block, if later). Default 3600. */
  validForSeconds: number
}

/**
 * The default policy: sponsor every operation on the devnet, valid for an hour.
 *
 * @example
 * ```ts
 * Object.assign(paymaster.policy, defaultPaymasterPolicy()) // reset between tests
 * ```
 */
export function defaultPaymasterPolicy(): PaymasterPolicy {
  return { refuse: false, senders: null, maxGas: null, validForSeconds: 3600 }
}

/**
 * JSON-RPC error code of a refused sponsorship (EIP-1474 "transaction rejected").
 *
 * @example
 * ```ts
 * await expect(send()).rejects.toMatchObject({ code: paymasterRefusedCode })
 * ```
 */
export const paymasterRefusedCode = -32003

/**
 * A sponsorship the service signed (the stub data it hands out for gas estimation is not one).
 *
 * @example
 * ```ts
 * expect(paymaster.sponsored().map((s) => s.sender)).toContain(account.address)
 * ```
 */
export interface PaymasterSponsorship {
  sender: Address
  nonce: bigint
  validUntil: number
}
