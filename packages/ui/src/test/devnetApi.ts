// The devnet's blockchain API emulator as browser tests drive it: its per-project fault switch and
// the names service written to directly (a name registered as a wallet's signature would).

import type { PrivateKeyAccount } from 'viem/accounts'
import { expect, inject } from 'vitest'
import './provided.js'

/**
 * Sets the emulator's hosted fault for `projectId` alone (`'ok'` clears it): other files use the
 * shared emulator at the same time, each with its own project.
 */
export async function setHostedFault(projectId: string, hosted: 'ok' | 500 | 'reset'): Promise<void> {
  const response = await fetch(`${inject('devnet').apiUrl}/__devnet/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hostedFor: { [projectId]: hosted } }),
  })
  expect(response.ok).toBe(true)
}

/** Registers `name` for `account` at the names service, signed by the account as the kit does. */
export async function registerNameAt(
  account: PrivateKeyAccount,
  name: string,
  {
    projectId,
    attributes = {},
    sdk = { type: 'appkit', version: 'test' },
  }: {
    projectId: string
    attributes?: Record<string, string>
    sdk?: { type: string; version: string }
  },
): Promise<void> {
  const message = JSON.stringify({ name, attributes, timestamp: Math.floor(Date.now() / 1000) })
  const response = await fetch(
    `${inject('devnet').apiUrl}/v1/profile/account?projectId=${projectId}&st=${sdk.type}&sv=${sdk.version}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        coin_type: 60,
        address: account.address,
        message,
        signature: await account.signMessage({ message }),
      }),
    },
  )
  expect(response.status, await response.text()).toBe(200)
}
