import * as z from 'zod/mini'
import type { SiwxSession } from '../../kernel/siwxConfig.js'
import { lazy } from '../../kernel/utils/lazy.js'
import { validateSiwxMessage } from './message.js'

/**
 * @internal The stored / transported shape of a session; fields are re-validated after this. Built
 * on the first read (`lazy`), not at import: the page holds no zod object for sign-in until then.
 */
export const siwxSessionSchema = lazy(() =>
  z.object({
    data: z.object({
      accountAddress: z.string(),
      chainId: z.string().check(z.regex(/^[^:]+:[^:]+$/)),
      domain: z.string(),
      scheme: z.optional(z.string()),
      uri: z.string(),
      version: z.string(),
      nonce: z.string(),
      statement: z.optional(z.string()),
      resources: z.optional(z.array(z.string())),
      requestId: z.optional(z.string()),
      issuedAt: z.optional(z.string()),
      expirationTime: z.optional(z.string()),
      notBefore: z.optional(z.string()),
    }),
    message: z.string(),
    signature: z.string(),
    cacao: z.optional(z.unknown()),
  }),
)

/** @internal A session read from outside, or `undefined` when its shape or a field is wrong. Never throws. */
export function toSiwxSession(value: unknown): SiwxSession | undefined {
  const result = siwxSessionSchema().safeParse(value)
  if (!result.success) return undefined
  try {
    const { data, ...rest } = result.data
    return { ...rest, data: validateSiwxMessage(data as SiwxSession['data']) }
  } catch {
    return undefined
  }
}

/** @internal Whether two addresses are the same account (EVM addresses ignore case). */
export function sameAddress(chainId: string, a: string, b: string): boolean {
  return chainId.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b
}
