import type { SiwxSession } from '../../kernel/siwxConfig.js'
import * as c from '../../kernel/utils/check.js'
import { lazy } from '../../kernel/utils/lazy.js'
import { validateSiwxMessage } from './message.js'

/**
 * @internal The stored / transported shape of a session; fields are re-validated after this. Built
 * on the first read (`lazy`), not at import. The kernel's checks, not zod: the UI's sign-in watcher
 * runs from page load on a page with a sign-in config, and zod in its closure was ~66 KB of the
 * README page's heap after the modal opened (docs/performance.md).
 */
export const siwxSessionSchema = lazy(() =>
  c.object({
    data: c.object({
      accountAddress: c.string(),
      chainId: c.string({ pattern: /^[^:]+:[^:]+$/ }),
      domain: c.string(),
      scheme: c.optional(c.string()),
      uri: c.string(),
      version: c.string(),
      nonce: c.string(),
      statement: c.optional(c.string()),
      resources: c.optional(c.array(c.string())),
      requestId: c.optional(c.string()),
      issuedAt: c.optional(c.string()),
      expirationTime: c.optional(c.string()),
      notBefore: c.optional(c.string()),
    }),
    message: c.string(),
    signature: c.string(),
    cacao: c.unknown(),
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
