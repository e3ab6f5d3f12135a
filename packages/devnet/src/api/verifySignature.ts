import { createPublicClient, http } from 'viem'
import type { ApiContext } from './context.js'

/**
 * @internal
 * Whether `signature` is `address`'s personal_sign of `message`, as the hosted service checks it:
 * an EOA's signature, or a smart account's, deployed (ERC-1271) or not yet (ERC-6492), checked on
 * the devnet chain (viem's `verifyMessage` action). Never throws: a signature it cannot read is
 * simply not valid.
 *
 * @example
 * if (!(await isAccountSignature(ctx, address, message, signature))) throw new HttpError(401, '…')
 */
export async function isAccountSignature(
  ctx: Pick<ApiContext, 'evmRpcUrl'>,
  address: `0x${string}`,
  message: string,
  signature: `0x${string}`,
): Promise<boolean> {
  const chain = createPublicClient({ transport: http(ctx.evmRpcUrl, { retryCount: 0 }) })
  return chain.verifyMessage({ address, message, signature }).catch(() => false)
}
