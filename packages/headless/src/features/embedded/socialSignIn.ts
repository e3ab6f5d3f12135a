import { isSiwxForOrigin } from '@portico/secure/origins'
import type { FrameSiwxMessage, FrameUser } from '@portico/secure/protocol'
import type { Portico } from '../../kernel/portico.js'
import type { SiwxConfig, SiwxMessage, SiwxSessionContext } from '../../kernel/siwxConfig.js'
import { formatSiwxMessage } from '../siwx/formatSiwxMessage.js'
import { getSiwxConfig } from '../siwx/getSiwxConfig.js'
import { siwxSessionContext } from '../siwx/sessionContext.js'

/** Placeholder account: the message is asked for before the login says which account signs. */
const pendingAccount = '0x0000000000000000000000000000000000000000'

/** @internal The sign-in a social login carries to the frame, and the config that will keep its session. */
export type SocialSignIn = { siwx: SiwxConfig; data: SiwxMessage; context: SiwxSessionContext }

/**
 * @internal
 * The sign-in data a social login sends in `connect social`, so the frame signs it with the new
 * account and the user is not asked a second time. Only when sign-in is on (the sign step would
 * open after this login), the frame's chain is an EVM one (the frame signs with personal_sign),
 * and the message is for this page's own origin (the frame refuses any other). Otherwise
 * `undefined`: the login goes on as before and the sign step asks after it.
 *
 * @example
 * const signIn = await socialSignIn(portico, wallet.frameChain)
 */
export async function socialSignIn(
  portico: Portico,
  frameChain: number | string | undefined,
): Promise<SocialSignIn | undefined> {
  let siwx: SiwxConfig | undefined
  try {
    siwx = getSiwxConfig(portico)
  } catch {
    return undefined
  }
  if (!siwx || typeof frameChain !== 'number') return undefined
  const chainId = `eip155:${frameChain}` as const
  if (!portico.networks.some((network) => network.caipNetworkId === chainId)) return undefined
  let data: SiwxMessage
  try {
    data = await siwx.createMessage({ accountAddress: pendingAccount, chainId })
  } catch (error) {
    // No message now (e.g. the nonce server is down): log in; the sign step asks (and reports) later.
    console.warn(`[portico] Signing in at the social login is skipped: ${(error as Error).message}`)
    return undefined
  }
  const page = (globalThis as { location?: { origin?: string } }).location?.origin
  return page !== undefined && isSiwxForOrigin(data, page)
    ? { siwx, data, context: siwxSessionContext(portico, chainId) }
    : undefined
}

/** @internal The sign-in data as the frame protocol carries it (a plain copy, no empty fields). */
export function toFrameSiwxMessage(data: SiwxMessage): FrameSiwxMessage {
  const entries = Object.entries(data).filter(([, value]) => value !== undefined)
  const copy = Object.fromEntries(entries) as FrameSiwxMessage
  return data.resources ? { ...copy, resources: [...data.resources] } : copy
}

/**
 * @internal
 * Hands the frame's signed sign-in to the `siwx` config (which verifies and stores it, as after the
 * sign step), before the login connects, so the sign step finds the session and does not open.
 * True when the session was added. The frame may only have filled in the account: the signed text
 * must be the one this page formats from the data it sent with that account. Anything else (no
 * signature, another text, a refused session) is false with a warning, and the sign step asks.
 *
 * @example
 * if (signIn) await addSocialSignIn(signIn, user)
 */
export async function addSocialSignIn(signIn: SocialSignIn, user: FrameUser): Promise<boolean> {
  const { signature, message, siwxMessage } = user
  if (!signature || !message || !siwxMessage) {
    console.warn('[portico] The social login came back without a sign-in signature; asking to sign.')
    return false
  }
  const account = user.accounts.find((a) => a.namespace === 'eip155')?.address
  try {
    if (!account || siwxMessage.accountAddress.toLowerCase() !== account.toLowerCase())
      throw new Error('the signed account is not the logged-in one')
    const data: SiwxMessage = { ...signIn.data, accountAddress: siwxMessage.accountAddress }
    if (formatSiwxMessage(data) !== message) throw new Error('the signed text is not the message sent')
    await signIn.siwx.addSession({ data, message, signature }, signIn.context)
    return true
  } catch (error) {
    console.warn(`[portico] The sign-in signed at the social login was not accepted: ${(error as Error).message}`)
    return false
  }
}
