// App→frame: every request the kit can post, its payload's schema, and the parse the frame runs on
// each incoming event.
import * as z from 'zod/mini'
import { aaUrls, appPrefix, chainId, email, empty, otp, requestId, rpcUrl, siwxMessageSchema, str } from './fields.js'

/** Payload schema of every app→frame request, by request name. */
export const appRequestSchemas = {
  SWITCH_NETWORK: z.object({ chainId, rpcUrl: z.optional(rpcUrl), ...aaUrls }),
  CONNECT_EMAIL: z.object({ email }),
  CONNECT_DEVICE: empty,
  CONNECT_OTP: z.object({ otp }),
  CONNECT_SOCIAL: z.object({
    uri: str(1, 4096),
    preferredAccountType: z.optional(str(1, 32)),
    chainId: z.optional(chainId),
    /** Sign-in data to sign with the new account once the login completes (one step: no second prompt). */
    siwxMessage: z.optional(siwxMessageSchema),
    rpcUrl: z.optional(rpcUrl),
    ...aaUrls,
  }),
  GET_FARCASTER_URI: empty,
  CONNECT_FARCASTER: empty,
  GET_USER: z.optional(
    z.object({ chainId: z.optional(chainId), preferredAccountType: z.optional(str(1, 32)), ...aaUrls }),
  ),
  GET_SOCIAL_REDIRECT_URI: z.object({ provider: str(1, 32) }),
  SIGN_OUT: empty,
  IS_CONNECTED: empty,
  GET_CHAIN_ID: empty,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: empty,
  INIT_SMART_ACCOUNT: empty,
  SET_PREFERRED_ACCOUNT: z.object({ type: str(1, 32) }),
  RPC_REQUEST: z.object({
    method: str(1, 128),
    params: z.optional(z.unknown()),
    chainNamespace: z.optional(z.enum(['eip155', 'solana'])),
    chainId: z.optional(chainId),
    /** The Solana network's RPC (the frame's current chain is an EVM one; Solana requests name theirs). */
    rpcUrl: z.optional(rpcUrl),
  }),
  UPDATE_EMAIL: z.object({ email }),
  UPDATE_EMAIL_PRIMARY_OTP: z.object({ otp }),
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ otp }),
  SYNC_THEME: z.object({
    themeMode: z.optional(z.enum(['light', 'dark'])),
    // Bounded here; every value is then checked by the frame's theme sanitiser before use.
    themeVariables: z.optional(z.record(str(1, 64), z.union([str(0, 256), z.number()]))),
  }),
  SYNC_DAPP_DATA: z.object({
    projectId: str(1, 128),
    sdkVersion: z.optional(str(0, 64)),
    metadata: z.optional(
      z.object({
        name: str(0, 128),
        description: z.optional(str(0, 512)),
        url: z.optional(str(0, 2048)),
        icons: z.optional(z.array(str(0, 2048)).check(z.maxLength(8))),
      }),
    ),
  }),
  RELOAD: empty,
  RPC_ABORT: empty,
  /**
   * Not in the spec's list: shows the user their private key inside the frame, after a click
   * there. The reply never carries the key (an empty success once the user closes the prompt).
   */
  EXPORT_PRIVATE_KEY: z.object({ namespace: z.enum(['eip155', 'solana']) }),
  /** Not in the spec's list: signs in with a passkey alone (the ceremony runs in the frame, after a click there). */
  CONNECT_PASSKEY: empty,
  /** Not in the spec's list: approves this device's pending email login with a passkey instead of the mailed link. */
  APPROVE_DEVICE_PASSKEY: empty,
  /** Not in the spec's list: makes a passkey for the signed-in user. */
  REGISTER_PASSKEY: empty,
  /** Not in the spec's list: deletes the account after the user confirms in the frame, told what is lost. */
  DELETE_ACCOUNT: empty,
  /**
   * Not in the spec's list: upgrades the eip155 EOA in place with EIP-7702 (it delegates to
   * Simple7702Account and keeps its address) after the user approves it in the frame. The
   * network's bundler and paymaster are the ones `switch network` gave.
   */
  UPGRADE_ACCOUNT: empty,
  /** Not in the spec's list: undoes `UPGRADE_ACCOUNT` (the EOA clears its delegation, paying the gas) after the user approves. */
  UNDO_ACCOUNT_UPGRADE: empty,
} as const

/** The name of an app→frame request (`CONNECT_EMAIL`, `RPC_REQUEST`, …). */
export type AppRequestName = keyof typeof appRequestSchemas
/** The payload an app→frame request carries. */
export type AppRequestPayload<N extends AppRequestName> = z.output<(typeof appRequestSchemas)[N]>

/** The request names, for the parses of both directions. */
export const requestNames = Object.keys(appRequestSchemas) as [AppRequestName, ...AppRequestName[]]

/** What the parse functions return: the message, or why it was refused. */
export type ParseResult<T> =
  | { success: true; data: T }
  | {
      success: false
      error: string
      /** A known request whose payload was refused: the frame answers it with an error instead of silence. */
      request?: { id: string; name: AppRequestName } | undefined
    }

const appEnvelope = z.strictObject({
  id: requestId,
  type: z.string().check(z.startsWith(appPrefix), z.maxLength(128)),
  payload: z.optional(z.unknown()),
})

/**
 * Parses an app→frame message: `{ id, type: '@portico-app/<NAME>', payload }`, nothing else, the
 * payload checked against the request's own schema.
 *
 * @example
 * ```ts
 * const parsed = parseAppMessage(event.data)
 * if (!parsed.success) console.warn('[portico] Ignored an invalid frame event', parsed.error)
 * ```
 */
export function parseAppMessage(data: unknown): ParseResult<AppMessage> {
  const envelope = appEnvelope.safeParse(data)
  if (!envelope.success) return { success: false, error: 'Not an app message' }
  const name = envelope.data.type.slice(appPrefix.length) as AppRequestName
  if (!requestNames.includes(name)) return { success: false, error: `Unknown request ${envelope.data.type}` }
  const payload = appRequestSchemas[name].safeParse(envelope.data.payload)
  if (!payload.success)
    return {
      success: false,
      error: `Invalid ${name} payload: ${payload.error.issues.map((i) => i.message).join('; ')}`,
      request: { id: envelope.data.id, name },
    }
  return { success: true, data: { id: envelope.data.id, name, payload: payload.data } as AppMessage }
}

/** A parsed app→frame message. */
export type AppMessage = {
  [N in AppRequestName]: { id: string; name: N; payload: AppRequestPayload<N> }
}[AppRequestName]
