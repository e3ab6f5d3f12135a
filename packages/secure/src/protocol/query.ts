// The frame URL's query: what the kit puts in the frame's address, read once by the frame at start.
import * as z from 'zod/mini'
import { rpcUrl, str } from './fields.js'
import type { ParseResult } from './requests.js'

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
  // A number as the kit and viem hold chain ids: beyond 2^53 - 1, Number() would round it to another
  // chain. Checked here, not by a zod refinement: the schema is on every embedded-wallet chunk.
  if (chainId && !Number.isSafeInteger(Number(chainId)))
    return { success: false, error: 'chainId: must be a safe integer' }
  return {
    success: true,
    data: { ...rest, chainId: chainId ? Number(chainId) : 1, enableLogger: enableLogger === 'true' },
  }
}
