import { type Client, encodeFunctionData, erc20Abi } from 'viem'
import { estimateGas, getGasPrice, getTransactionReceipt } from 'viem/actions'

// The EVM side of a token transfer that needs viem (its ABI coder): loaded by the send feature on
// its first send or fee quote, like the balance reader beside it, so neither the page nor the Send
// view carries viem before then. Reads go through the instance's client of the network.

/** A transfer ready for the wallet: a native transfer, or the ERC20 `transfer` call. */
export type EvmTransfer = { to: `0x${string}`; value?: bigint | undefined; data?: `0x${string}` | undefined }

/**
 * @internal The ERC20 `transfer` call on `contract` that moves `units` to `receiver`.
 *
 * @example
 * const tx = erc20Transfer({ contract: usdc, receiver, units: 5_000_000n })
 */
export function erc20Transfer({
  receiver,
  units,
  contract,
}: {
  receiver: `0x${string}`
  units: bigint
  contract: `0x${string}`
}): EvmTransfer {
  return {
    to: contract,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, units] }),
  }
}

/**
 * @internal
 * The fee of `transaction` from `account`: the gas the node estimates times its current gas price.
 *
 * @example
 * const { gas, feePerGas } = await estimateEvmFee(evmPublicClient(portico, network), { account, ...tx })
 */
export async function estimateEvmFee(
  client: Client,
  transaction: EvmTransfer & { account: `0x${string}` },
): Promise<{ gas: bigint; feePerGas: bigint }> {
  const [gas, feePerGas] = await Promise.all([estimateGas(client, transaction), getGasPrice(client)])
  return { gas, feePerGas }
}

/**
 * @internal
 * Polls for the receipt of `hash` until `timeoutMs`. A receipt not found yet is waited for; an RPC
 * that keeps failing ends the wait after three failed reads in a row, so a node that goes away
 * mid-send gives a clear error within seconds instead of a send stuck loading.
 *
 * @example
 * const status = await waitForReceiptStatus(evmPublicClient(portico, network), hash, 120_000)
 */
export async function waitForReceiptStatus(
  client: Client,
  hash: `0x${string}`,
  timeoutMs: number,
): Promise<'success' | 'reverted'> {
  const deadline = Date.now() + timeoutMs
  let failures = 0
  for (;;) {
    try {
      return (await getTransactionReceipt(client, { hash })).status
    } catch (error) {
      const notFound = (error as { name?: unknown }).name === 'TransactionReceiptNotFoundError'
      if (!notFound && ++failures >= 3) throw error
      if (notFound) failures = 0
    }
    if (Date.now() > deadline) throw new Error(`No receipt for ${hash} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
