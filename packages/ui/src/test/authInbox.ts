// The browser project's auth server (globalAuth.ts) as tests reach it: the mail its test inbox
// received, and its clock, moved forward instead of waited out (for everyone, or for one user's session).
import { inject } from 'vitest'
import './provided.js'

/** A mail the auth server sent: its inbox id, and the code or link it carries. */
export type AuthMail = { id: number; code?: string; link?: string }

/** The newest mail to `to` (newer than the mail `after`), waiting for it in the inbox. */
export async function latestMail(to: string, after = 0): Promise<AuthMail> {
  const response = await fetch(
    `${inject('embedded').inboxUrl}/messages/latest?to=${encodeURIComponent(to)}&after=${after}&wait=15000`,
  )
  if (!response.ok) throw new Error(`no mail for ${to}: ${response.status}`)
  return (await response.json()) as AuthMail
}

/** Moves the auth server's clock forward by `ms` (its cooldowns and code lifetimes). */
export async function advanceAuthClock(ms: number): Promise<void> {
  await fetch(`${inject('embedded').clockUrl}?advance=${ms}`)
}

/**
 * Sets the auth server's clock for the requests carrying `email`'s session token to `ms` from the
 * shared one (negative: behind, so a token it issued is not yet valid). Other users' clocks, and
 * so the other test files', stay as they are.
 */
export async function shiftAuthClockFor(email: string, ms: number): Promise<void> {
  await fetch(`${inject('embedded').clockUrl}?user=${encodeURIComponent(email)}&shift=${ms}`)
}
