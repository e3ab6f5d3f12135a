/**
 * `POST /__devnet/switches` of the account-abstraction services, on the emulators' shared switch
 * rules: the body is checked whole (all or nothing, 400 naming the switch), then applied, the
 * bundler switches by starting or stopping what they name (loaded on the first call).
 */
import type { Address } from 'viem'
import { z } from 'zod'
import { HttpError } from '../emulator/app.js'
import { applySwitches, oneOf, type SwitchRules } from '../emulator/switches.js'
import type { DevnetBundler } from './bundler.js'
import type { PaymasterPolicy } from './policy.js'

/** @internal The switches as `GET /__devnet/switches` reports them (`maxGas` as a decimal string). */
export interface AaSwitches {
  bundler: 'up' | 'down'
  bundling: 'auto' | 'paused'
  paymaster: { refuse: boolean; senders: Address[] | null; maxGas: string | null; validForSeconds: number }
}

const paymasterSchema = z.strictObject({
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

const rules: SwitchRules<AaSwitches> = {
  bundler: oneOf(['up', 'down'] as const),
  bundling: oneOf(['auto', 'paused'] as const),
  paymaster: (value, current, key) => {
    const parsed = paymasterSchema.safeParse(value)
    if (!parsed.success) throw new HttpError(400, `${key}: ${z.prettifyError(parsed.error)}`)
    const { refuse, senders, maxGas, validForSeconds } = parsed.data
    return {
      refuse: refuse ?? current.refuse,
      senders: senders === undefined ? current.senders : (senders as Address[] | null),
      maxGas: maxGas === undefined ? current.maxGas : maxGas,
      validForSeconds: validForSeconds ?? current.validForSeconds,
    }
  },
}

/** @internal The current switches of a bundler and a paymaster policy. */
export function switchState(bundler: DevnetBundler, policy: PaymasterPolicy): AaSwitches {
  return {
    bundler: bundler.isUp ? 'up' : 'down',
    bundling: bundler.bundlingPaused ? 'paused' : 'auto',
    paymaster: { ...policy, maxGas: policy.maxGas === null ? null : policy.maxGas.toString() },
  }
}

/**
 * @internal
 * Applies a switches body: throws a 400 {@link HttpError} when it is invalid (nothing is applied
 * then), a 502 when a bundler switch failed.
 */
export async function applyAaSwitches(body: unknown, bundler: DevnetBundler, policy: PaymasterPolicy): Promise<void> {
  const before = switchState(bundler, policy)
  const next = switchState(bundler, policy)
  applySwitches(next, rules, body)
  policy.refuse = next.paymaster.refuse
  policy.senders = next.paymaster.senders
  policy.maxGas = next.paymaster.maxGas === null ? null : BigInt(next.paymaster.maxGas)
  policy.validForSeconds = next.paymaster.validForSeconds
  try {
    if (next.bundling !== before.bundling)
      await (next.bundling === 'paused' ? bundler.pauseBundling() : bundler.resumeBundling())
    if (next.bundler !== before.bundler) await (next.bundler === 'down' ? bundler.down() : bundler.up())
  } catch (error) {
    throw new HttpError(502, (error as Error).message)
  }
}
