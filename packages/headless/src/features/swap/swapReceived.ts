import { request } from '../../kernel/actions/request.js'
import type { Portico } from '../../kernel/portico.js'

// What a swap paid out is what its receipt says arrived, never the quote it was built from: the
// market may have moved, and the toast must not claim more than the user got.

/** `Transfer(address indexed from, address indexed to, uint256 value)`. */
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** @internal The receipt fields a swap reads (as the JSON-RPC node returns them). */
export type SwapReceipt = {
  status?: string
  blockNumber?: string
  gasUsed?: string
  effectiveGasPrice?: string
  from?: string
  logs?: readonly { address?: string; topics?: readonly string[]; data?: string }[]
}

const isHex = (value: unknown): value is `0x${string}` => typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)
const sameAddress = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase()
const topicAddress = (topic: string | undefined) => (topic ? `0x${topic.slice(-40)}` : '')

/**
 * @internal
 * What `receiver` got from a mined swap, in `token`'s base units: the ERC20 `Transfer` logs of
 * `token` to the receiver, or for the native currency the receiver's balance change over the
 * swap's block plus the fee it paid. `undefined` when the node cannot tell (no logs, no
 * historical balance).
 *
 * @example
 * const received = await readSwapReceived(portico, { receipt, token: usdc, receiver: address, native: false })
 */
export async function readSwapReceived(
  portico: Portico,
  { receipt, token, receiver, native }: { receipt: SwapReceipt; token: string; receiver: string; native: boolean },
): Promise<bigint | undefined> {
  try {
    if (!native) {
      const contract = token.split(':').at(-1) ?? token
      let total: bigint | undefined
      for (const log of receipt.logs ?? []) {
        const [topic, , to] = log.topics ?? []
        if (topic !== transferTopic || !sameAddress(log.address, contract) || !sameAddress(topicAddress(to), receiver))
          continue
        if (!isHex(log.data)) return undefined
        total = (total ?? 0n) + BigInt(log.data)
      }
      return total
    }
    if (!isHex(receipt.blockNumber)) return undefined
    const block = BigInt(receipt.blockNumber)
    const balanceAt = async (at: bigint) => {
      const value = await request(portico, {
        namespace: 'eip155',
        method: 'eth_getBalance',
        params: [receiver, `0x${at.toString(16)}`],
      })
      if (!isHex(value)) throw new TypeError('No balance')
      return BigInt(value)
    }
    const [before, after] = await Promise.all([balanceAt(block - 1n), balanceAt(block)])
    const paidFee =
      sameAddress(receipt.from, receiver) && isHex(receipt.gasUsed) && isHex(receipt.effectiveGasPrice)
        ? BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
        : 0n
    const received = after - before + paidFee
    return received > 0n ? received : undefined
  } catch {
    return undefined
  }
}
