// The contract of the `siwx` option: the kernel's options validator checks it and the sign-in
// feature implements it, so it lives in the kernel (the kernel never imports a feature).
import type { CaipNetworkId } from './utils/caip.js'

/**
 * A sign-in message (CAIP-122): what the user signs to prove they control `accountAddress` on
 * `chainId`. Serialised as EIP-4361 text for `eip155`, the Solana sign-in text for `solana`
 * and CAIP-122 text for other namespaces (see {@link formatSiwxMessage}).
 *
 * Times are RFC 3339 strings (`new Date().toISOString()`), kept as text so the signed bytes
 * never depend on a round trip through `Date`.
 */
export type SiwxMessage = {
  /** The account signing in, in its chain's own format (EIP-55 checksummed for `eip155`). */
  accountAddress: string
  /** CAIP-2 network the session is for, e.g. `eip155:1`. */
  chainId: CaipNetworkId
  /** RFC 3986 authority asking for the sign-in, e.g. `app.example.com` or `localhost:3000`. */
  domain: string
  /** Optional URI scheme shown before the domain (EIP-4361 `scheme://domain`), e.g. `https`. */
  scheme?: string | undefined
  /** RFC 3986 URI of the resource the sign-in is for, usually the page's origin. */
  uri: string
  /** Message version; `1` in every format. */
  version: string
  /** At least 8 alphanumeric characters chosen by the verifier; used once. */
  nonce: string
  /** Human-readable assertion the user agrees to; one line. */
  statement?: string | undefined
  /** URIs the user grants access to. */
  resources?: readonly string[] | undefined
  /** Request id the verifier can use to find its request. */
  requestId?: string | undefined
  /** When the message was made (required by EIP-4361). */
  issuedAt?: string | undefined
  /** After this the message, and the session it opens, is no longer valid. */
  expirationTime?: string | undefined
  /** Before this the message is not yet valid. */
  notBefore?: string | undefined
}

/**
 * A signed sign-in: the message's fields, the exact text the wallet signed, and its signature
 * (0x-hex on `eip155`, base58 on `solana`).
 */
export type SiwxSession = {
  data: SiwxMessage
  /** The serialised message, byte for byte what was signed. */
  message: string
  signature: string
  /** A CACAO (CAIP-74) when the session came from WalletConnect one-click auth. */
  cacao?: unknown
}

/** What Portico knows when it asks for a message: who signs in, on which network. */
export type SiwxCreateMessageInput = {
  accountAddress: string
  chainId: CaipNetworkId
}

/**
 * What the kit passes with a session it hands to {@link SiwxConfig.addSession}.
 *
 * @example
 * async addSession(session, context) {
 *   await verifySiwxSignature(fieldsOf(session), { rpcUrls: context?.rpcUrl ? { [chainId]: context.rpcUrl } : {} })
 * }
 */
export type SiwxSessionContext = {
  /**
   * The JSON-RPC URL the kit uses for the session's network (`rpcMap`, the hosted endpoint, or the
   * network's own), where a smart-contract account's signature is checked (ERC-1271, ERC-6492).
   */
  rpcUrl?: string | undefined
}

/**
 * The `siwx` option of `createPortico`: where sign-in messages come from and where sessions
 * live. Portico calls these; a host implements them (or uses {@link localSiwx} /
 * {@link serverSiwx}).
 *
 * @example
 * createPortico({ …, siwx: serverSiwx({ url: '/api/siwx' }) })
 */
export type SiwxConfig = {
  /** Builds the message to sign (a server usually supplies the nonce). */
  createMessage(input: SiwxCreateMessageInput): Promise<SiwxMessage>
  /**
   * Stores a signed session; rejects if the signature or message does not check out. `context`
   * gives what the kit knows of the session's network (its RPC URL), for a config that checks
   * smart-contract accounts in the browser; a server must check with its own RPC, never this one.
   */
  addSession(session: SiwxSession, context?: SiwxSessionContext): Promise<void>
  /** Sessions for that account on that network (empty when signed out). */
  getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]>
  /** Forgets the sessions of that account on that network. */
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  /** Replaces every session with `sessions` (an empty list signs out everywhere). */
  setSessions(sessions: SiwxSession[]): Promise<void>
  /** Whether the user must sign in to stay connected (default false: sign-in is optional). */
  getRequired?: (() => boolean) | undefined
  /** Whether disconnecting signs out (default true). */
  signOutOnDisconnect?: boolean | undefined
}

/** @internal The SiwxConfig methods; a `siwx` option without all of them is refused. */
export const siwxConfigMethods = ['createMessage', 'addSession', 'getSessions', 'revokeSession', 'setSessions'] as const
