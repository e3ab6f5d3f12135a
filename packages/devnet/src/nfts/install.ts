import { type Hex, numberToHex, pad, stringToHex } from 'viem'
import { evmAccounts } from '../accounts.js'
import { applyAnvilState, mappingSlot } from '../anvilState.js'
import { type DevnetCollection, devnetCollections } from './collectibles.js'
import { collectible721Runtime, collectible1155Runtime, collectibleSlots } from './collectiblesCode.js'

/** A string of at most 31 bytes as Solidity stores it in one slot: the bytes, then length × 2. */
function shortString(value: string): Hex {
  const bytes = stringToHex(value).slice(2)
  if (bytes.length > 62) throw new Error(`devnet collection text longer than 31 bytes: ${value}`)
  return `0x${bytes.padEnd(62, '0')}${bytes.length.toString(16).padStart(2, '0')}` as Hex
}

/** @internal The anvil calls that install one collection and its holdings. */
export function collectionCalls(collection: DevnetCollection): { method: string; params: unknown[] }[] {
  const { address } = collection
  const set = (slot: Hex, value: Hex) => ({ method: 'anvil_setStorageAt', params: [address, slot, pad(value)] })
  const holder = (index: number) => {
    const account = evmAccounts[index]
    if (!account) throw new Error(`devnet collection ${collection.name}: no devnet account #${index}`)
    return account.address
  }
  if (collection.standard === 'ERC721') {
    const slots = collectibleSlots.erc721
    const balances = new Map<string, bigint>()
    const calls = [
      { method: 'anvil_setCode', params: [address, collectible721Runtime] },
      set(pad(numberToHex(slots.name)), shortString(collection.name)),
      set(pad(numberToHex(slots.symbol)), shortString(collection.symbol)),
    ]
    for (const token of collection.tokens) {
      const owners = Object.keys(token.holders).map(Number)
      if (owners.length !== 1 || owners[0] === undefined)
        throw new Error(`${token.name}: an ERC-721 token has one owner`)
      const owner = holder(owners[0])
      calls.push(set(mappingSlot({ type: 'uint256', value: token.id }, slots.owners), owner.toLowerCase() as Hex))
      balances.set(owner, (balances.get(owner) ?? 0n) + 1n)
    }
    for (const [owner, count] of balances)
      calls.push(set(mappingSlot({ type: 'address', value: owner }, slots.balances), numberToHex(count)))
    return calls
  }
  const calls = [{ method: 'anvil_setCode', params: [address, collectible1155Runtime] }]
  for (const token of collection.tokens) {
    const byId = mappingSlot({ type: 'uint256', value: token.id }, collectibleSlots.erc1155.balances)
    for (const [index, amount] of Object.entries(token.holders))
      calls.push(set(mappingSlot({ type: 'address', value: holder(Number(index)) }, byId), numberToHex(amount)))
  }
  return calls
}

/**
 * @internal
 * Installs the devnet collections on an anvil chain in one JSON-RPC batch of anvil_setCode /
 * anvil_setStorageAt: no transaction, so no account's nonce or balance changes, no block is mined
 * and the Activity tab shows no mint. Idempotent.
 */
export async function installCollectibles(rpcUrl: string): Promise<void> {
  const calls = devnetCollections.flatMap(collectionCalls)
  await applyAnvilState(rpcUrl, calls, 'the devnet collections')
}
