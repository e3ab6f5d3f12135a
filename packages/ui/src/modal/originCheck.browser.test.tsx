// The modal's allowed-origins check on its first opening, for the page's own origin, against the
// project's allow-list on the devnet's API emulator (its `originsFor` switch, per project: other
// files share the emulator). Vitest's page is on `localhost`, which the kit's default list always
// allows, so the kit runs in a page of its own framed from `app.localhost` (test/otherOrigin.tsx),
// which tells this page its toasts and how the check settled.

import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { OtherOriginMessage } from '../test/otherOrigin.js'
import '../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** The project's allow-list on the API emulator (this file's projects only). */
async function allowOrigins(projectId: string, origins: string[]) {
  const response = await fetch(`${devnet.apiUrl}/__devnet/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ originsFor: { [projectId]: origins } }),
  })
  expect(response.ok).toBe(true)
}

/** The kit in a page on `http://app.localhost:<port>`, framed here; what it posts is collected. */
async function openPage(projectId: string) {
  const origin = `http://app.localhost:${window.location.port}`
  const query = new URLSearchParams({ projectId, apiUrl: devnet.apiUrl, rpcUrl: devnet.evmRpcUrl })
  const frame = document.createElement('iframe')
  frame.src = `${origin}/packages/ui/src/test/otherOrigin.html?${query}`
  frame.style.cssText = 'width: 1000px; height: 700px; border: 0'
  const messages: OtherOriginMessage[] = []
  const onMessage = (event: MessageEvent) => {
    if (event.source === frame.contentWindow && event.origin === origin) messages.push(event.data)
  }
  window.addEventListener('message', onMessage)
  cleanups.push(() => {
    window.removeEventListener('message', onMessage)
    frame.remove()
  })
  document.body.append(frame)
  const inPage = page.frameLocator(page.elementLocator(frame))
  const of = <K extends OtherOriginMessage['kind']>(kind: K) =>
    messages.filter((m): m is Extract<OtherOriginMessage, { kind: K }> => m.kind === kind)
  return {
    toasts: () => of('toast').map((m) => m.message),
    checks: () => of('originCheck').map((m) => m.result),
    /** The dialog's appearances and disappearances, in order. */
    dialog: () => of('dialog').map((m) => m.open),
    errors: () => of('error').map((m) => m.message),
    open: () => userEvent.click(inPage.getByRole('button', { name: 'Open the modal' })),
    close: () => userEvent.click(inPage.getByRole('button', { name: 'Close' })),
  }
}

test("behavior: on a page whose origin is off the project's allow-list, the first opening shows 'Origin Not Allowed', once across reopening", async () => {
  const projectId = 'origin-check-shop'
  await allowOrigins(projectId, ['https://shop.example'])
  const kit = await openPage(projectId)
  await kit.open()
  await expect.poll(() => kit.dialog()).toEqual([true])
  await expect.poll(() => kit.checks()).toEqual(['not-allowed'])
  await expect.poll(() => kit.toasts()).toEqual(['Origin Not Allowed'])
  await kit.close()
  await expect.poll(() => kit.dialog()).toEqual([true, false])
  await kit.open()
  await expect.poll(() => kit.dialog()).toEqual([true, false, true])
  await expect.poll(() => kit.checks()).toEqual(['not-allowed', 'not-allowed'])
  expect(kit.toasts()).toEqual(['Origin Not Allowed'])
  expect(kit.errors()).toEqual([])
})

test('behavior: on a page whose origin is on the allow-list (by a wildcard), the check allows it and no alert shows', async () => {
  const projectId = 'origin-check-app'
  const kit = await openPage(projectId)
  await allowOrigins(projectId, ['https://shop.example', 'http://*.localhost:*'])
  await kit.open()
  await expect.poll(() => kit.dialog()).toEqual([true])
  await expect.poll(() => kit.checks()).toEqual(['allowed'])
  expect(kit.toasts()).toEqual([])
  expect(kit.errors()).toEqual([])
})
