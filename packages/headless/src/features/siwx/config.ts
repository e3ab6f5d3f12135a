import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import type { SiwxMessage } from './message.js'

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
  /** Stores a signed session; rejects if the signature or message does not check out. */
  addSession(session: SiwxSession): Promise<void>
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
