import * as z from 'zod/mini'
import { approvalDelayMs, frameNetworks, rpcMethodKind, rpcMethods } from './walletPolicy.js'

// The frame's wallet policy lives in walletPolicy.ts; this entry (`@portico/secure/protocol`) still
// offers it, since the kit and the end-to-end tests read it from here.
export { approvalDelayMs, frameNetworks, rpcMethodKind, rpcMethods }

/**
 * The frame protocol (SPEC §7 "Embedded frame messages"): what the host page's kit (the app) and
 * the secure frame post to each other. Every app→frame message carries a request `id`; the frame
 * answers it with exactly one `<TYPE>_SUCCESS` or `<TYPE>_ERROR` message carrying the same `id`.
 * Both sides parse every incoming event with these schemas and ignore (with a console warning)
 * anything that does not match, so neither side ever acts on a malformed or forged shape.
 */

/** Version of this protocol, sent in the frame's ready message and the frame URL's `version`. */
export const frameProtocolVersion = '1'

/** Prefix of app→frame message types. */
export const appPrefix = '@portico-app/'
/** Prefix of frame→app message types. */
export const framePrefix = '@portico-frame/'

// zod/mini, like the kit's page-start code: the schemas the kit's lazily loaded frame client shares
// with the page then add no second copy of zod's internals to the page.
const str = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max))
const requestId = str(1, 64)
const otp = z.string().check(z.regex(/^\d{6}$/, 'Invalid otp'))
const email = z.email().check(z.maxLength(254))
const chainId = z.union([z.int().check(z.positive()), str(1, 64)])
const rpcUrl = z.url().check(z.maxLength(2048))
const empty = z.optional(z.object({}))
/**
 * The smart account's services on a chain, as the host configures them: the ERC-4337 bundler and an
 * optional ERC-7677 paymaster (see SECURITY.md for what a hostile one can and cannot do).
 */
const aaUrls = { bundlerUrl: z.optional(rpcUrl), paymasterUrl: z.optional(rpcUrl) }

/**
 * The sign-in message data (the kit's `SiwxMessage`, EIP-4361 / CAIP-122 fields) that the kit sends
 * in `connect social` and the frame hands back signed. Bounded field by field: the frame fills in
 * the account address after the login, renders the text with the kit's own formatter (which checks
 * each field's grammar) and signs it only for the host's own origin.
 */
export const siwxMessageSchema = z.object({
  /** The account; the kit sends a placeholder (the address is known only after the login). */
  accountAddress: str(1, 128),
  /** CAIP-2 network id (`eip155:1`). */
  chainId: str(3, 64),
  domain: str(1, 255),
  scheme: z.optional(str(1, 32)),
  uri: str(1, 2048),
  version: z.literal('1'),
  nonce: str(8, 128),
  statement: z.optional(str(0, 1024)),
  resources: z.optional(z.array(str(1, 2048)).check(z.maxLength(16))),
  requestId: z.optional(str(1, 256)),
  issuedAt: z.optional(str(1, 64)),
  expirationTime: z.optional(str(1, 64)),
  notBefore: z.optional(str(1, 64)),
})
/** The sign-in message data as the frame protocol carries it. */
export type FrameSiwxMessage = z.output<typeof siwxMessageSchema>

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

/** An account's type (the spec: eoa or smartAccount). */
const accountType = z.enum(['eoa', 'smartAccount'])

/**
 * The user the frame reports after a login (`GET_USER`): the spec's embedded-wallet user. The
 * fields a frame of an earlier version did not send (`type`, `preferredAccountType`,
 * `smartAccountDeployed`) are optional here, so a kit still reads that frame's replies.
 */
export const frameUserSchema = z.object({
  id: z.string(),
  /** The user's email; `null` (an earlier frame: `''`) for a login without one (social, Farcaster, passkey). */
  email: z.nullable(z.string()),
  /** The address of the namespace asked for (eip155 by default). */
  address: z.string(),
  chainId: chainId,
  accounts: z.array(
    z.object({ namespace: z.enum(['eip155', 'solana']), address: z.string(), type: z.optional(accountType) }),
  ),
  /** The account type the frame signs with on eip155 (`smartAccount` where the chain has a bundler). */
  preferredAccountType: z.optional(z.string()),
  /** Whether the user's smart account has code on the current chain (after its first operation). */
  smartAccountDeployed: z.optional(z.boolean()),
  /**
   * The contract the eip155 EOA delegates to with EIP-7702 on the current chain (its code
   * `0xef0100…`), when it does: Simple7702Account after `UPGRADE_ACCOUNT`.
   */
  delegation: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
  /**
   * Whether the plain eip155 EOA can take the EIP-7702 upgrade on the current chain (a bundler
   * configured, Simple7702Account deployed, a node that runs EIP-7702). Sent only while the EOA is
   * the account, has no delegation and the chain has a bundler; absent from an earlier frame.
   */
  upgradable: z.optional(z.boolean()),
  /** The provider of a social or Farcaster login (`google`, …, `farcaster`). */
  socialProvider: z.optional(z.string()),
  /** The provider's username (the spec's social username, Farcaster userName). */
  userName: z.optional(z.string()),
  /** The signature of a `connect social` that carried a `siwxMessage` (personal_sign of `message`). */
  signature: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/))),
  /** The sign-in text the frame signed (rendered from `siwxMessage`). */
  message: z.optional(str(1, 8192)),
  /** The `siwxMessage` of `connect social` with the account's address filled in. */
  siwxMessage: z.optional(siwxMessageSchema),
})
export type FrameUser = z.output<typeof frameUserSchema>

/** Payload schema of every success reply, by request name (`SUCCESS` replies of requests not listed carry none). */
export const frameSuccessSchemas = {
  SWITCH_NETWORK: z.object({ chainId }),
  CONNECT_EMAIL: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }),
  CONNECT_DEVICE: empty,
  CONNECT_OTP: empty,
  CONNECT_SOCIAL: frameUserSchema,
  GET_FARCASTER_URI: z.object({ url: z.string() }),
  CONNECT_FARCASTER: z.object({ userName: z.string() }),
  GET_USER: frameUserSchema,
  GET_SOCIAL_REDIRECT_URI: z.object({ uri: z.string() }),
  SIGN_OUT: empty,
  // `refused`: the auth server's message when it no longer accepted a session the frame held.
  IS_CONNECTED: z.object({ isConnected: z.boolean(), refused: z.optional(str(1, 512)) }),
  GET_CHAIN_ID: z.object({ chainId }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.object({ smartAccountEnabledNetworks: z.array(z.number()) }),
  INIT_SMART_ACCOUNT: z.object({ address: z.string() }),
  SET_PREFERRED_ACCOUNT: z.object({ type: z.string(), address: z.string() }),
  RPC_REQUEST: z.unknown(),
  UPDATE_EMAIL: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  UPDATE_EMAIL_PRIMARY_OTP: empty,
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ newEmail: z.string() }),
  SYNC_THEME: empty,
  SYNC_DAPP_DATA: empty,
  RELOAD: empty,
  RPC_ABORT: empty,
  // An object with no keys: whatever else a reply carried would be dropped by the parse.
  EXPORT_PRIVATE_KEY: empty,
  CONNECT_PASSKEY: empty,
  APPROVE_DEVICE_PASSKEY: empty,
  REGISTER_PASSKEY: z.object({ id: z.string() }),
  DELETE_ACCOUNT: z.object({ keys: z.array(z.object({ namespace: z.string(), address: z.string() })) }),
  UPGRADE_ACCOUNT: z.object({
    address: z.string(),
    implementation: z.string(),
    transactionHash: z.optional(z.string()),
    userOpHash: z.optional(z.string()),
  }),
  UNDO_ACCOUNT_UPGRADE: z.object({ address: z.string(), transactionHash: z.optional(z.string()) }),
} as const satisfies Record<AppRequestName, z.ZodMiniType>

/** The success payload of request `N`. */
export type FrameSuccessPayload<N extends AppRequestName> = z.output<(typeof frameSuccessSchemas)[N]>

const requestNames = Object.keys(appRequestSchemas) as [AppRequestName, ...AppRequestName[]]

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

/**
 * The visibility the frame asks for: shown while the user approves a request inside it (`approval`),
 * reveals a key (`export`) or grants the frame storage access (`storage`). `hidden` reports that a
 * click on the prompt was not counted because the page hid or covered the frame at that moment.
 */
export const frameVisibilitySchema = z.object({
  visible: z.boolean(),
  reason: z.optional(z.enum(['approval', 'export', 'storage'])),
  hidden: z.optional(z.boolean()),
})

const frameEnvelope = z.strictObject({
  id: z.optional(requestId),
  type: z.string().check(z.startsWith(framePrefix), z.maxLength(128)),
  payload: z.optional(z.unknown()),
})
// `build`: the SHA-256 (base64) of the frame's script, as the page pinned it (see SECURITY.md).
const readyPayload = z.optional(z.object({ version: z.optional(str(0, 32)), build: z.optional(str(0, 128)) }))
/**
 * The error code the frame answers every request with while the auth server refuses the host page's
 * origin for the project (the spec's `unverified_domain`): the kit raises 'Unverified Domain'.
 */
export const unverifiedDomainCode = 'unverified_domain'
/** An error reply's code: an EIP-1193 / JSON-RPC number, or {@link unverifiedDomainCode}. */
export type FrameErrorCode = number | typeof unverifiedDomainCode
/**
 * What a reverted user operation tells the kit beside its message: the decoded reason (when the
 * revert data names one), the raw revert data, and the operation's and transaction's hashes (the
 * transaction only when it reverted on chain; a revert found while estimating gas has none). The
 * kit checks the fields where it raises the error; the protocol carries them as short strings.
 */
export type RevertedOperationData = {
  reason?: string | undefined
  revertData: `0x${string}`
  userOpHash?: `0x${string}` | undefined
  transactionHash?: `0x${string}` | undefined
}
/** ERC-7769's code for an operation whose execution reverted (viem's account-abstraction uses it too). */
export const revertedOperationCode = -32521
/**
 * The code of an EIP-7702 upgrade the network or the account cannot take (EIP-5792's 5760,
 * "atomicity not supported"): no bundler, no Simple7702Account, a node without EIP-7702.
 */
export const upgradeUnsupportedCode = 5760
/** An auth server error code as the frame passes it on: capitals and underscores, at most 40. */
export const authCodePattern = /^[A-Z_]{1,40}$/

const errorPayload = z.optional(
  z.object({
    message: z.optional(str(0, 1024)),
    code: z.optional(z.union([z.int(), z.literal(unverifiedDomainCode)])),
    // Checked where it is read: an odd code is dropped, never the reply it came with.
    authCode: z.optional(z.unknown()),
    data: z.optional(
      z.object({
        reason: z.optional(str(0, 512)),
        revertData: str(0, 2048),
        userOpHash: z.optional(str(0, 66)),
        transactionHash: z.optional(str(0, 66)),
      }),
    ),
  }),
)

/**
 * Parses a frame→app message: the ready message (optional version), a reply (`SUCCESS` with the
 * request's payload, or `ERROR` with `{ message }`), or a frame event (`VISIBILITY`).
 *
 * @example
 * ```ts
 * const message = parseFrameMessage(event.data)
 * if (message.success && message.data.kind === 'ready') console.log(message.data.version)
 * ```
 */
export function parseFrameMessage(data: unknown): ParseResult<FrameMessage> {
  const envelope = frameEnvelope.safeParse(data)
  if (!envelope.success) return { success: false, error: 'Not a frame message' }
  const { id, type, payload } = envelope.data
  const rest = type.slice(framePrefix.length)
  if (rest === 'READY') {
    const parsed = readyPayload.safeParse(payload)
    if (parsed.success)
      return { success: true, data: { kind: 'ready', version: parsed.data?.version, build: parsed.data?.build } }
  } else if (rest === 'VISIBILITY') {
    const parsed = frameVisibilitySchema.safeParse(payload)
    if (parsed.success) return { success: true, data: { kind: 'visibility', ...parsed.data } }
  } else if (id) {
    const match = /^([A-Z_]+)_(SUCCESS|ERROR)$/.exec(rest)
    const name = match?.[1] as AppRequestName | undefined
    if (name && requestNames.includes(name)) {
      if (match?.[2] === 'ERROR') {
        const parsed = errorPayload.safeParse(payload)
        if (parsed.success)
          return {
            success: true,
            data: {
              kind: 'error',
              id,
              name,
              message: parsed.data?.message || frameTexts.noMessage,
              code: parsed.data?.code,
              ...(typeof parsed.data?.authCode === 'string' && authCodePattern.test(parsed.data.authCode)
                ? { authCode: parsed.data.authCode }
                : {}),
              ...(parsed.data?.data ? { data: parsed.data.data } : {}),
            },
          }
      } else {
        const parsed = frameSuccessSchemas[name].safeParse(payload)
        if (parsed.success) return { success: true, data: { kind: 'success', id, name, payload: parsed.data } }
      }
    }
  }
  return { success: false, error: `Invalid frame message ${type}` }
}

/** A parsed frame→app message. A frame error without a message reads 'An error occurred' (the spec). */
export type FrameMessage =
  | { kind: 'ready'; version: string | undefined; build?: string | undefined }
  | {
      kind: 'visibility'
      visible: boolean
      reason?: 'approval' | 'export' | 'storage' | undefined
      hidden?: boolean | undefined
    }
  | { kind: 'success'; id: string; name: AppRequestName; payload: unknown }
  | {
      kind: 'error'
      id: string
      name: AppRequestName
      message: string
      code?: FrameErrorCode | undefined
      /** The auth server's code for its refusal (`OTP_EXPIRED`, `RATE_LIMITED`…), when it gave one. */
      authCode?: string | undefined
      /** A reverted user operation's detail (the kit checks its hex where it raises the error). */
      data?:
        | {
            reason?: string | undefined
            revertData: string
            userOpHash?: string | undefined
            transactionHash?: string | undefined
          }
        | undefined
    }

/** Texts of the spec the frame and the kit share. */
export const frameTexts = {
  notAllowedLog: 'RPC method not allowed',
  notAllowed: 'Requested RPC call is not allowed',
  aborted: 'Request was aborted',
  rejected: 'User rejected the request.',
  noMessage: 'An error occurred',
  unsupportedNetwork: 'Unsupported network',
  /** A click on a prompt the page had made invisible or covered: not counted. */
  approvalHidden: 'This approval was hidden by the page',
  /** The browser refused the frame's storage on this site and the user did not continue without it. */
  storageBlocked: 'This browser blocks the wallet’s storage on this site',
  /** The social login's popup was closed before it came back (told by whoever holds the popup). */
  popupClosed: 'Popup closed',
  /** No authorization URI for the popup (provider refused, not configured, server unreachable). */
  socialInitiateFailed: 'Failed to initiate social connection',
  /** The provider's answer did not log the user in (refused, tampered, expired, replayed). */
  connectFailed: 'Failed to connect',
  farcasterFailed: 'Failed to connect to farcaster',
  /** A sign-in message whose domain or URI is not the host page's own origin: never signed. */
  siwxWrongSite: 'The sign-in message is not for this site',
  /** The auth server refused the host page's origin for the project (code {@link unverifiedDomainCode}). */
  unverifiedDomain: 'Unverified domain',
  /** The start of the refusal of an EIP-7702 upgrade the network cannot take (code {@link upgradeUnsupportedCode}). */
  upgradeUnsupported: 'This network does not support upgrading the account',
} as const

/** The frame URL's query parameters (the spec: projectId, chainId, version, enableLogger, rpcUrl). */
export const frameQuerySchema = z.object({
  projectId: str(1, 128),
  chainId: z.optional(z.string().check(z.regex(/^[1-9]\d{0,15}$/))),
  version: z.optional(str(0, 32)),
  enableLogger: z.optional(z.enum(['true', 'false'])),
  rpcUrl: z.optional(rpcUrl),
})

/** The frame's settings from its URL (chain 1 and no logging unless given). */
export type FrameQuery = {
  projectId: string
  chainId: number
  version?: string | undefined
  enableLogger: boolean
  rpcUrl?: string | undefined
}

/**
 * Reads the frame URL's query.
 *
 * @example
 * ```ts
 * const query = parseFrameQuery(location.search)
 * ```
 */
export function parseFrameQuery(search: string): ParseResult<FrameQuery> {
  const parsed = frameQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)))
  if (!parsed.success)
    return { success: false, error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }
  const { chainId, enableLogger, ...rest } = parsed.data
  return {
    success: true,
    data: { ...rest, chainId: chainId ? Number(chainId) : 1, enableLogger: enableLogger === 'true' },
  }
}
