// What both directions of the frame protocol carry: its version and message prefixes, the field
// schemas the requests and the replies share, and the sign-in message. The requests, the replies
// and the URL query build on these; nothing here imports them back.
import * as z from 'zod/mini'

/** Version of this protocol, sent in the frame's ready message and the frame URL's `version`. */
export const frameProtocolVersion = '1'

/** Prefix of app→frame message types. */
export const appPrefix = '@portico-app/'
/** Prefix of frame→app message types. */
export const framePrefix = '@portico-frame/'

// zod/mini, like the kit's page-start code: the schemas the kit's lazily loaded frame client shares
// with the page then add no second copy of zod's internals to the page.
export const str = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max))
export const requestId = str(1, 64)
export const otp = z.string().check(z.regex(/^\d{6}$/, 'Invalid otp'))
export const email = z.email().check(z.maxLength(254))
export const chainId = z.union([z.int().check(z.positive()), str(1, 64)])
export const rpcUrl = z.url().check(z.maxLength(2048))
export const empty = z.optional(z.object({}))
/**
 * The smart account's services on a chain, as the host configures them: the ERC-4337 bundler and an
 * optional ERC-7677 paymaster (see SECURITY.md for what a hostile one can and cannot do).
 */
export const aaUrls = { bundlerUrl: z.optional(rpcUrl), paymasterUrl: z.optional(rpcUrl) }

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
