// Contracts the devnet puts in place by writing code and storage (the Farcaster registry, the
// NFT collections): no transaction, so no account's nonce or balance moves and no block is mined.
import { encodeAbiParameters, type Hex, keccak256 } from 'viem'

/** One anvil state call: `anvil_setCode` or `anvil_setStorageAt` with its parameters. */
export type AnvilStateCall = { method: string; params: unknown[] }

/** @internal The storage slot of `mapping[key]` for a mapping declared at `slot` (Solidity's layout). */
export function mappingSlot(key: { type: 'address' | 'uint256'; value: string | bigint }, slot: bigint | Hex): Hex {
  return keccak256(
    encodeAbiParameters([{ type: key.type }, { type: 'uint256' }], [key.value as never, BigInt(slot)] as never),
  )
}

/**
 * @internal
 * Sends `calls` to anvil in one JSON-RPC batch; throws naming `what` when any call or the batch fails.
 */
export async function applyAnvilState(rpcUrl: string, calls: AnvilStateCall[], what: string): Promise<void> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
  })
  const answers = (await response.json()) as { id: number; error?: { message: string } }[]
  const failed = Array.isArray(answers) ? answers.find((a) => a.error) : { error: { message: 'not a batch answer' } }
  if (!response.ok || failed) throw new Error(`installing ${what} failed: ${failed?.error?.message ?? response.status}`)
}
