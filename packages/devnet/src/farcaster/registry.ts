/**
 * Farcaster's ID registry on the devnet chain. Sign In With Farcaster checks that the message's
 * signer is the custody address of the fid by reading Farcaster's IdRegistry (and KeyRegistry)
 * on Optimism at fixed addresses; `@farcaster/auth-client`'s `viemConnector({ rpcUrl })` reads
 * them at those addresses on whatever RPC it is given. So the devnet installs registry contracts
 * at the same addresses on anvil: pointing the real connector at the devnet RPC is all a verifier
 * changes, and the contract addresses in the library stay as they are.
 */
import { type Address, getAddress, type Hex, keccak256, numberToHex, pad, stringToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { applyAnvilState, mappingSlot } from '../anvilState.js'
import { idRegistryRuntime, keyRegistryRuntime } from './registryCode.js'

/**
 * Farcaster's IdRegistry address (on Optimism, and on the devnet chain once the devnet is up).
 *
 * @example
 * ```ts
 * const fid = await client.readContract({ address: farcasterIdRegistry, abi: farcasterIdRegistryAbi, functionName: 'idOf', args: [custody] })
 * ```
 */
export const farcasterIdRegistry: Address = getAddress('0x00000000fc6c5f01fc30151999387bb99a9f489b')

/**
 * Farcaster's KeyRegistry address (on Optimism, and on the devnet chain). The devnet registers no
 * auth addresses in it: every fid signs in with its custody key.
 *
 * @example
 * ```ts
 * console.log(farcasterKeyRegistry) // 0x00000000Fc1237824fb747aBDE0FF18990E59b7e
 * ```
 */
export const farcasterKeyRegistry: Address = getAddress('0x00000000fc1237824fb747abde0ff18990e59b7e')

/**
 * The functions of the devnet IdRegistry (the ones Sign In With Farcaster reads).
 *
 * @example
 * ```ts
 * const custody = await client.readContract({ address: farcasterIdRegistry, abi: farcasterIdRegistryAbi, functionName: 'custodyOf', args: [20001n] })
 * ```
 */
export const farcasterIdRegistryAbi = [
  {
    type: 'function',
    name: 'idOf',
    stateMutability: 'view',
    inputs: [{ name: 'custody', type: 'address' }],
    outputs: [{ name: 'fid', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'custodyOf',
    stateMutability: 'view',
    inputs: [{ name: 'fid', type: 'uint256' }],
    outputs: [{ name: 'custody', type: 'address' }],
  },
] as const

/**
 * A Farcaster account on the devnet: its fid, profile and custody key (public test keys:
 * local use only).
 *
 * @example
 * ```ts
 * const [ada] = farcasterTestUsers // { fid: 20001, username: 'ada', ... }
 * ```
 */
export interface FarcasterTestUser {
  fid: number
  username: string
  displayName: string
  bio: string
  custody: Address
  custodyPrivateKey: Hex
}

/** Custody keys derived from a public label, like the anvil mnemonic: anyone can rebuild them. */
function testUser(fid: number, username: string, displayName: string, bio: string): FarcasterTestUser {
  const custodyPrivateKey = keccak256(stringToHex(`portico-devnet farcaster custody ${fid}`))
  return { fid, username, displayName, bio, custody: privateKeyToAddress(custodyPrivateKey), custodyPrivateKey }
}

/**
 * The devnet's registered Farcaster accounts (fids 20001 and 20002), their custody addresses
 * written into the devnet IdRegistry at start.
 *
 * @example
 * ```ts
 * import { farcasterTestUsers } from '@portico/devnet'
 * const grace = farcasterTestUsers[1] // { fid: 20002, username: 'grace.eth', ... }
 * ```
 */
export const farcasterTestUsers: readonly FarcasterTestUser[] = Object.freeze([
  testUser(20001, 'ada', 'Ada Lovelace', 'Poet of numbers. Devnet account.'),
  testUser(20002, 'grace.eth', 'Grace Hopper', 'It is easier to ask forgiveness. Devnet account.'),
])

/**
 * @internal
 * Installs the registry contracts at Farcaster's addresses on an anvil chain and registers
 * `users` (idOf and custodyOf), in one JSON-RPC batch of anvil_setCode / anvil_setStorageAt: no
 * transaction, so no account's nonce or balance changes and no block is mined. Idempotent.
 */
export async function installFarcasterRegistry(
  rpcUrl: string,
  users: readonly Pick<FarcasterTestUser, 'fid' | 'custody'>[] = farcasterTestUsers,
): Promise<void> {
  const calls: { method: string; params: unknown[] }[] = [
    { method: 'anvil_setCode', params: [farcasterIdRegistry, idRegistryRuntime] },
    { method: 'anvil_setCode', params: [farcasterKeyRegistry, keyRegistryRuntime] },
  ]
  for (const { fid, custody } of users) {
    calls.push({
      method: 'anvil_setStorageAt',
      params: [farcasterIdRegistry, mappingSlot({ type: 'address', value: custody }, 0n), pad(numberToHex(fid))],
    })
    calls.push({
      method: 'anvil_setStorageAt',
      params: [
        farcasterIdRegistry,
        mappingSlot({ type: 'uint256', value: BigInt(fid) }, 1n),
        pad(custody.toLowerCase() as Hex),
      ],
    })
  }
  await applyAnvilState(rpcUrl, calls, 'the Farcaster registry')
}
