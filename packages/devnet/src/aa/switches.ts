/**
 * `POST /__devnet/switches` of the account-abstraction services: validated all or nothing, then
 * applied (loaded on the first call).
 */
import type { Address } from 'viem'
import { z } from 'zod'
import type { DevnetBundler } from './bundler.js'
import type { PaymasterPolicy } from './paymaster.js'

const switchesSchema = z.strictObject({
  bundler: z.enum(['up', 'down']).optional(),
  bundling: z.enum(['auto', 'paused']).optional(),
  paymaster: z
    .strictObject({
      refuse: z.boolean().optional(),
      senders: z
        .array(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address'))
        .nullable()
        .optional(),
      maxGas: z
        .string()
        .regex(/^\d{1,30}$/, 'expected a decimal string')
        .nullable()
        .optional(),
      validForSeconds: z.number().int().min(1).max(31_536_000).optional(),
    })
    .optional(),
})

/**
 * Applies a switches body; resolves with the refusal to answer when the body is invalid (nothing
 * is applied then) or a bundler switch failed.
 */
export async function applySwitches(
  body: unknown,
  bundler: DevnetBundler,
  policy: PaymasterPolicy,
): Promise<{ status: 400 | 502; message: string } | undefined> {
  const parsed = switchesSchema.safeParse(body)
  if (!parsed.success) return { status: 400, message: z.prettifyError(parsed.error) }
  const next = parsed.data
  if (next.paymaster) {
    const { refuse, senders, maxGas, validForSeconds } = next.paymaster
    if (refuse !== undefined) policy.refuse = refuse
    if (senders !== undefined) policy.senders = senders === null ? null : (senders as Address[])
    if (maxGas !== undefined) policy.maxGas = maxGas === null ? null : BigInt(maxGas)
    if (validForSeconds !== undefined) policy.validForSeconds = validForSeconds
  }
  try {
    if (next.bundling) await (next.bundling === 'paused' ? bundler.pauseBundling() : bundler.resumeBundling())
    if (next.bundler) await (next.bundler === 'down' ? bundler.down() : bundler.up())
  } catch (error) {
    return { status: 502, message: (error as Error).message }
  }
  return undefined
}
