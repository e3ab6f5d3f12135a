// The browser project's auth server (globalAuth.ts) as tests reach it: the mail its test inbox
// received, and its clock, moved forward instead of waited out.
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
