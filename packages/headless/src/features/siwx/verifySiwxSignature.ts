import { base58 } from '@scure/base'
import { type Client, createClient, type Hex, isHex, verifyMessage } from 'viem'
// The action (ERC-1271 and ERC-6492 on chain) on a bare client: `createPublicClient` would make every
// public action live in a host's build, and a bundler that splits code (esbuild) then hands them to
// every chunk that imports viem, a connect's balance read included.
import { verifyMessage as verifyMessageOnChain } from 'viem/actions'
import { httpRpcUrl } from '../../kernel/rpc/endpoints.js'
import { evmHttpTransport } from '../../kernel/rpc/evmClient.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'

/** How to reach a chain for signatures that need one (smart-contract accounts). */
export type VerifySiwxSignatureOptions = {
  /**
   * A viem client for the message's network (a public client, or any client with a transport).
   * Needed for smart-contract accounts: ERC-1271 (deployed) and ERC-6492 (not yet deployed)
   * signatures are checked on chain.
   */
  getClient?: ((chainId: CaipNetworkId) => Client | undefined) | undefined
  /**
   * RPC URLs per CAIP-2 network, used when `getClient` gives none (a URL that is not http(s) throws
   * 'Provided URL is not compatible with HTTP connection').
   */
  rpcUrls?: Readonly<Record<string, string>> | undefined
}

export type VerifySiwxSignatureParameters = {
  /** The account that claims to have signed. */
  address: string
  /** CAIP-2 network of the sign-in (selects the signature scheme and the RPC). */
  chainId: CaipNetworkId
  /** The exact signed text. */
  message: string
  /** 0x-hex on eip155; base58 (or 0x-hex) on solana. */
  signature: string
}

export type VerifySiwxSignatureReturnType =
  | { valid: true }
  | { valid: false; reason: 'malformed_signature' | 'invalid_signature' | 'unsupported_namespace'; details: string }

/**
 * Checks a sign-in signature. Never throws for bad input: the answer says why it failed.
 * - `eip155`: an EOA signature (EIP-191 `personal_sign`) is recovered locally; anything else
 *   goes to the chain through viem's `verifyMessage` (ERC-1271 for deployed contract accounts,
 *   ERC-6492 for counterfactual ones), when a client or RPC URL for the network is given.
 * - `solana`: ed25519 over the UTF-8 text, the address being the public key.
 *
 * @example
 * const { valid } = await verifySiwxSignature({ address, chainId: 'eip155:1', message, signature },
 *   { rpcUrls: { 'eip155:1': 'https://…' } })
 */
export async function verifySiwxSignature(
  { address, chainId, message, signature }: VerifySiwxSignatureParameters,
  options: VerifySiwxSignatureOptions = {},
): Promise<VerifySiwxSignatureReturnType> {
  const namespace = chainId.split(':')[0]
  if (namespace === 'eip155') return verifyEip155({ address, chainId, message, signature }, options)
  if (namespace === 'solana') return verifySolana({ address, message, signature })
  return { valid: false, reason: 'unsupported_namespace', details: `No signature scheme for ${chainId}.` }
}

async function verifyEip155(
  { address, chainId, message, signature }: VerifySiwxSignatureParameters,
  { getClient, rpcUrls }: VerifySiwxSignatureOptions,
): Promise<VerifySiwxSignatureReturnType> {
  if (!isHex(signature, { strict: true }) || signature.length < 4)
    return { valid: false, reason: 'malformed_signature', details: 'Expected a 0x-hex signature.' }
  const hex = signature as Hex
  // An EOA's signature needs no chain: try recovery first, it is free.
  if (hex.length === 132) {
    try {
      if (await verifyMessage({ address: address as Hex, message, signature: hex })) return { valid: true }
    } catch {}
  }
  const client =
    getClient?.(chainId) ??
    // The spec's transport rules (timeout, retries, Retry-After), as every read of the kit.
    (rpcUrls?.[chainId] ? createClient({ transport: evmHttpTransport(httpRpcUrl(rpcUrls[chainId])) }) : undefined)
  if (!client)
    return {
      valid: false,
      reason: 'invalid_signature',
      details: `Not an EOA signature of ${address}, and no RPC for ${chainId} to check a smart-contract account.`,
    }
  try {
    if (await verifyMessageOnChain(client, { address: address as Hex, message, signature: hex })) return { valid: true }
    return {
      valid: false,
      reason: 'invalid_signature',
      details: `Not a signature of ${address} (EOA, ERC-1271 or ERC-6492).`,
    }
  } catch (error) {
    return {
      valid: false,
      reason: 'invalid_signature',
      details: `The chain could not check the signature: ${(error as { shortMessage?: string }).shortMessage ?? String(error)}`,
    }
  }
}

async function verifySolana({ address, message, signature }: Omit<VerifySiwxSignatureParameters, 'chainId'>) {
  let publicKey: Uint8Array
  let bytes: Uint8Array
  try {
    publicKey = base58.decode(address)
  } catch {
    return { valid: false, reason: 'invalid_signature', details: 'The address is not base58.' } as const
  }
  try {
    bytes = isHex(signature, { strict: true }) ? hexToBytes(signature) : base58.decode(signature)
  } catch {
    return { valid: false, reason: 'malformed_signature', details: 'Expected a base58 or 0x-hex signature.' } as const
  }
  if (bytes.length !== 64)
    return { valid: false, reason: 'malformed_signature', details: 'An ed25519 signature has 64 bytes.' } as const
  if (publicKey.length !== 32)
    return { valid: false, reason: 'invalid_signature', details: 'The address is not an ed25519 public key.' } as const
  // Web Crypto's Ed25519 (every current browser, Node 20, edge runtimes) rather than a JavaScript
  // curve: a bundler that splits code shares the curve's hash helpers with the address checks at
  // page start, and noble's ed25519 here put 0.85 KiB gzip on the prebuilt page's start.
  let key: CryptoKey
  try {
    key = await crypto.subtle.importKey('raw', publicKey as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, [
      'verify',
    ])
  } catch (error) {
    if ((error as { name?: string } | undefined)?.name === 'NotSupportedError')
      return {
        valid: false,
        reason: 'unsupported_namespace',
        details: 'This runtime cannot check ed25519 signatures (its Web Crypto has no Ed25519).',
      } as const
    return { valid: false, reason: 'invalid_signature', details: 'The address is not an ed25519 public key.' } as const
  }
  let valid = false
  try {
    valid = await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      bytes as Uint8Array<ArrayBuffer>,
      new TextEncoder().encode(message),
    )
  } catch {}
  return valid
    ? ({ valid: true } as const)
    : ({ valid: false, reason: 'invalid_signature', details: `Not an ed25519 signature of ${address}.` } as const)
}

function hexToBytes(hex: string): Uint8Array {
  const body = hex.slice(2)
  if (body.length % 2) throw new Error('odd hex')
  return Uint8Array.from({ length: body.length / 2 }, (_, i) => Number.parseInt(body.slice(i * 2, i * 2 + 2), 16))
}
