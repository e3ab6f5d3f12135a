import { z } from 'zod'

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

const requestId = z.string().min(1).max(64)
const otp = z.string().regex(/^\d{6}$/, 'Invalid otp')
const email = z.email().max(254)
const chainId = z.union([z.number().int().positive(), z.string().min(1).max(64)])
const rpcUrl = z.url().max(2048)

/** Payload schema of every app→frame request, by request name. */
export const appRequestSchemas = {
  SWITCH_NETWORK: z.object({ chainId, rpcUrl: rpcUrl.optional() }),
  CONNECT_EMAIL: z.object({ email }),
  CONNECT_DEVICE: z.object({}).optional(),
  CONNECT_OTP: z.object({ otp }),
  CONNECT_SOCIAL: z.object({
    uri: z.string(),
    preferredAccountType: z.string().optional(),
    chainId: chainId.optional(),
    siwxMessage: z.unknown().optional(),
    rpcUrl: rpcUrl.optional(),
  }),
  GET_FARCASTER_URI: z.object({}).optional(),
  CONNECT_FARCASTER: z.object({}).optional(),
  GET_USER: z.object({ chainId: chainId.optional(), preferredAccountType: z.string().optional() }).optional(),
  GET_SOCIAL_REDIRECT_URI: z.object({ provider: z.string().min(1).max(32) }),
  SIGN_OUT: z.object({}).optional(),
  IS_CONNECTED: z.object({}).optional(),
  GET_CHAIN_ID: z.object({}).optional(),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.object({}).optional(),
  INIT_SMART_ACCOUNT: z.object({}).optional(),
  SET_PREFERRED_ACCOUNT: z.object({ type: z.string().min(1).max(32) }),
  RPC_REQUEST: z.object({
    method: z.string().min(1).max(128),
    params: z.unknown().optional(),
    chainNamespace: z.enum(['eip155', 'solana']).optional(),
    chainId: chainId.optional(),
  }),
  UPDATE_EMAIL: z.object({ email }),
  UPDATE_EMAIL_PRIMARY_OTP: z.object({ otp }),
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ otp }),
  SYNC_THEME: z.object({
    themeMode: z.enum(['light', 'dark']).optional(),
    themeVariables: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
  SYNC_DAPP_DATA: z.object({
    projectId: z.string().min(1).max(128),
    sdkVersion: z.string().max(64).optional(),
    metadata: z
      .object({
        name: z.string().max(128),
        description: z.string().max(512).optional(),
        url: z.string().max(2048).optional(),
        icons: z.array(z.string().max(2048)).max(8).optional(),
      })
      .optional(),
  }),
  RELOAD: z.object({}).optional(),
  RPC_ABORT: z.object({}).optional(),
} as const

/** The name of an app→frame request (`CONNECT_EMAIL`, `RPC_REQUEST`, …). */
export type AppRequestName = keyof typeof appRequestSchemas
/** The payload an app→frame request carries. */
export type AppRequestPayload<N extends AppRequestName> = z.output<(typeof appRequestSchemas)[N]>

/** The user the frame reports after a login (`GET_USER`). */
export const frameUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The address of the namespace asked for (eip155 by default). */
  address: z.string(),
  chainId: chainId,
  accounts: z.array(z.object({ namespace: z.enum(['eip155', 'solana']), address: z.string() })),
  preferredAccountType: z.string().optional(),
})
export type FrameUser = z.output<typeof frameUserSchema>

/** Payload schema of every success reply, by request name (`SUCCESS` replies of requests not listed carry none). */
export const frameSuccessSchemas = {
  SWITCH_NETWORK: z.object({ chainId }),
  CONNECT_EMAIL: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }),
  CONNECT_DEVICE: z.object({}).optional(),
  CONNECT_OTP: z.object({}).optional(),
  CONNECT_SOCIAL: frameUserSchema,
  GET_FARCASTER_URI: z.object({ url: z.string() }),
  CONNECT_FARCASTER: z.object({ userName: z.string() }),
  GET_USER: frameUserSchema,
  GET_SOCIAL_REDIRECT_URI: z.object({ uri: z.string() }),
  SIGN_OUT: z.object({}).optional(),
  IS_CONNECTED: z.object({ isConnected: z.boolean() }),
  GET_CHAIN_ID: z.object({ chainId }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.object({ smartAccountEnabledNetworks: z.array(z.number()) }),
  INIT_SMART_ACCOUNT: z.object({ address: z.string() }),
  SET_PREFERRED_ACCOUNT: z.object({ type: z.string(), address: z.string() }),
  RPC_REQUEST: z.unknown(),
  UPDATE_EMAIL: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  UPDATE_EMAIL_PRIMARY_OTP: z.object({}).optional(),
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ newEmail: z.string() }),
  SYNC_THEME: z.object({}).optional(),
  SYNC_DAPP_DATA: z.object({}).optional(),
  RELOAD: z.object({}).optional(),
  RPC_ABORT: z.object({}).optional(),
} as const satisfies Record<AppRequestName, z.ZodType>

/** The success payload of request `N`. */
export type FrameSuccessPayload<N extends AppRequestName> = z.output<(typeof frameSuccessSchemas)[N]>

const requestNames = Object.keys(appRequestSchemas) as [AppRequestName, ...AppRequestName[]]

/**
 * Any app→frame message: `{ id, type: '@portico-app/<NAME>', payload }`, the payload checked
 * against the request's own schema.
 *
 * @example
 * ```ts
 * const parsed = appMessageSchema.safeParse(event.data)
 * if (!parsed.success) console.warn('[portico] ignored an invalid frame event', parsed.error)
 * ```
 */
export const appMessageSchema = z
  .object({
    id: requestId,
    type: z.string().startsWith(appPrefix),
    payload: z.unknown().optional(),
  })
  .strict()
  .transform((message, ctx) => {
    const name = message.type.slice(appPrefix.length) as AppRequestName
    if (!requestNames.includes(name)) {
      ctx.addIssue({ code: 'custom', message: `Unknown request ${message.type}` })
      return z.NEVER
    }
    const payload = appRequestSchemas[name].safeParse(message.payload)
    if (!payload.success) {
      for (const issue of payload.error.issues) ctx.addIssue({ ...issue, path: ['payload', ...issue.path] } as never)
      return z.NEVER
    }
    return { id: message.id, name, payload: payload.data } as AppMessage
  })

/** A parsed app→frame message. */
export type AppMessage = {
  [N in AppRequestName]: { id: string; name: N; payload: AppRequestPayload<N> }
}[AppRequestName]

/** The visibility the frame asks for: shown while the user approves a request inside it. */
export const frameVisibilitySchema = z.object({
  visible: z.boolean(),
  reason: z.enum(['approval', 'export']).optional(),
})

/**
 * Any frame→app message, parsed: the ready message (optional version), a reply (`SUCCESS` with
 * the request's payload, or `ERROR` with `{ message }`), or a frame event (`VISIBILITY`).
 *
 * @example
 * ```ts
 * const message = frameMessageSchema.safeParse(event.data)
 * if (message.success && message.data.kind === 'ready') console.log(message.data.version)
 * ```
 */
export const frameMessageSchema = z
  .object({
    id: requestId.optional(),
    type: z.string().startsWith(framePrefix),
    payload: z.unknown().optional(),
  })
  .strict()
  .transform((message, ctx): FrameMessage => {
    const rest = message.type.slice(framePrefix.length)
    if (rest === 'READY') {
      const payload = z
        .object({ version: z.string().max(32).optional() })
        .optional()
        .safeParse(message.payload)
      if (payload.success) return { kind: 'ready', version: payload.data?.version }
    } else if (rest === 'VISIBILITY') {
      const payload = frameVisibilitySchema.safeParse(message.payload)
      if (payload.success) return { kind: 'visibility', ...payload.data }
    } else if (message.id) {
      const match = /^([A-Z_]+)_(SUCCESS|ERROR)$/.exec(rest)
      const name = match?.[1] as AppRequestName | undefined
      if (name && requestNames.includes(name)) {
        if (match?.[2] === 'ERROR') {
          const payload = z
            .object({ message: z.string().max(1024).optional(), code: z.number().int().optional() })
            .optional()
            .safeParse(message.payload)
          if (payload.success)
            return {
              kind: 'error',
              id: message.id,
              name,
              message: payload.data?.message || frameTexts.noMessage,
              code: payload.data?.code,
            }
        } else {
          const payload = frameSuccessSchemas[name].safeParse(message.payload)
          if (payload.success) return { kind: 'success', id: message.id, name, payload: payload.data }
        }
      }
    }
    ctx.addIssue({ code: 'custom', message: `Invalid frame message ${message.type}` })
    return z.NEVER
  })

/** A parsed frame→app message. A frame error without a message reads 'An error occurred' (the spec). */
export type FrameMessage =
  | { kind: 'ready'; version: string | undefined }
  | { kind: 'visibility'; visible: boolean; reason?: 'approval' | 'export' | undefined }
  | { kind: 'success'; id: string; name: AppRequestName; payload: unknown }
  | { kind: 'error'; id: string; name: AppRequestName; message: string; code?: number | undefined }

/**
 * RPC methods the frame answers. `safe` ones go straight to the chain's RPC (read-only queries and
 * eth_sendRawTransaction); `unsafe` ones need the user's approval in the frame; `local` ones the
 * frame answers itself. Anything else is refused: 'Requested RPC call is not allowed'.
 */
export const rpcMethods = {
  safe: [
    'eth_blockNumber',
    'eth_call',
    'eth_estimateGas',
    'eth_feeHistory',
    'eth_gasPrice',
    'eth_getBalance',
    'eth_getBlockByHash',
    'eth_getBlockByNumber',
    'eth_getBlockTransactionCountByHash',
    'eth_getBlockTransactionCountByNumber',
    'eth_getCode',
    'eth_getLogs',
    'eth_getProof',
    'eth_getStorageAt',
    'eth_getTransactionByBlockHashAndIndex',
    'eth_getTransactionByBlockNumberAndIndex',
    'eth_getTransactionByHash',
    'eth_getTransactionCount',
    'eth_getTransactionReceipt',
    'eth_maxPriorityFeePerGas',
    'eth_sendRawTransaction',
    'net_version',
    'web3_clientVersion',
  ],
  unsafe: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_signTransaction',
    'wallet_sendCalls',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'solana_signMessage',
  ],
  local: ['eth_accounts', 'eth_requestAccounts', 'eth_chainId', 'wallet_getCapabilities', 'wallet_getCallsStatus'],
} as const

/** Texts of the spec the frame and the kit share. */
export const frameTexts = {
  notAllowedLog: 'RPC method not allowed',
  notAllowed: 'Requested RPC call is not allowed',
  aborted: 'Request was aborted',
  rejected: 'User rejected the request.',
  noMessage: 'An error occurred',
} as const

/** Which list `method` is on, or `undefined` when it is not allowed. */
export function rpcMethodKind(method: string): 'safe' | 'unsafe' | 'local' | undefined {
  for (const kind of ['safe', 'unsafe', 'local'] as const)
    if ((rpcMethods[kind] as readonly string[]).includes(method)) return kind
  return undefined
}

/** The frame URL's query parameters (the spec: projectId, chainId, version, enableLogger, rpcUrl). */
export const frameQuerySchema = z.object({
  projectId: z.string().min(1).max(128),
  chainId: z.coerce.number().int().positive().default(1),
  version: z.string().max(32).optional(),
  enableLogger: z.enum(['true', 'false']).default('false'),
  rpcUrl: rpcUrl.optional(),
})
