// Frame→app: the user record, each request's success payload, the ready and visibility events,
// error replies and their codes, and the parse the kit runs on each incoming event.
import * as z from 'zod/mini'
import { chainId, empty, framePrefix, requestId, siwxMessageSchema, str } from './fields.js'
import { type AppRequestName, type ParseResult, requestNames } from './requests.js'
import { frameTexts } from './texts.js'

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
  /**
   * The signature of a `connect social` that carried a `siwxMessage` (personal_sign of `message`):
   * an EOA's 65 bytes, or a smart account's (ERC-7739 inside an ERC-6492 wrapper before its deploy,
   * some hundreds of bytes), whole bytes up to 4 KiB.
   */
  signature: z.optional(z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2}){65,4096}$/))),
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
