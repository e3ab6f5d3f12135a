// useReceiver in real Chromium against the devnet's blockchain API emulator (its fixture names):
// an address as typed, names in any case resolving to a checksummed address through one shared
// lookup, unknown names, names off, and what the hook says while a lookup is on its way. The Send
// views' use of it (texts, review, the transfer) is in SendView.browser.test.tsx; the form's
// checks of the result in sendForm.test.ts.

import { getAddress } from 'viem'
import { afterEach, expect, inject, test } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness } from '../../test/harness.js'
import { holdRequests } from '../../test/holdRequests.js'
import { type Receiver, useReceiver } from './useReceiver.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

// bob.reown.id is anvil's account #1 in the emulator; dave.reown.id's profile holds a lower-case address.
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const daveLower = '0x00000000000000000000000000000000000da7e0'

/** Every receiver the hook returned, in render order. */
function Probe({ input, seen }: { input: string; seen: Receiver[] }) {
  const receiver = useReceiver(input)
  if (JSON.stringify(seen.at(-1)) !== JSON.stringify(receiver)) seen.push(receiver)
  return null
}

async function mountProbe(
  input: string,
  { names = true, fetch }: { names?: boolean; fetch?: typeof globalThis.fetch } = {},
) {
  const profiles: string[] = []
  const counting: typeof globalThis.fetch = (request, init) => {
    const url = String(request instanceof Request ? request.url : request)
    if (url.includes('/v1/profile/account/')) profiles.push(new URL(url).pathname)
    return (fetch ?? globalThis.fetch)(request, init)
  }
  const harness = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    connected: true,
    balances: [],
    ...(names ? { blockchainApiUrl: devnet.apiUrl } : {}),
    fetch: counting,
  })
  stops.push(harness.cleanup)
  const seen: Receiver[] = []
  const screen = await render(
    <harness.Wrapper>
      <Probe input={input} seen={seen} />
    </harness.Wrapper>,
  )
  const retype = (next: string) =>
    screen.rerender(
      <harness.Wrapper>
        <Probe input={next} seen={seen} />
      </harness.Wrapper>,
    )
  return { seen, retype, profiles, latest: () => seen.at(-1) }
}

test('default: an address is returned as typed (trimmed), never corrected, never looked up', async () => {
  const { latest, retype, profiles } = await mountProbe('')
  expect(latest()).toEqual({ address: '', name: undefined, status: 'address' })
  // Surrounding spaces go; the case (and so a checksum typo) is kept for the form's check to judge.
  const typo = bob.replace('C8', 'c8')
  for (const [typed, address] of [
    [`  ${bob}\n`, bob],
    [bob.toLowerCase(), bob.toLowerCase()],
    [typo, typo],
    ['hello', 'hello'],
    ['bob .reown.id', 'bob .reown.id'],
    ['bob.reown.id/../x', 'bob.reown.id/../x'],
  ] as const) {
    await retype(typed)
    await expect.poll(latest).toEqual({ address, name: undefined, status: 'address' })
  }
  expect(profiles).toEqual([])
})

test('behavior: a name resolves to its checksummed address; another case or spaces reuse the same single lookup', async () => {
  const { seen, latest, retype, profiles } = await mountProbe('bob.reown.id')
  await expect.poll(latest).toEqual({ address: bob, name: 'bob.reown.id', status: 'resolved' })
  // Before the answer, the hook said it was resolving, with no address to send to.
  expect(seen[0]).toEqual({ address: '', name: 'bob.reown.id', status: 'resolving' })
  await retype('  BOB.Reown.ID ')
  await expect.poll(latest).toEqual({ address: bob, name: 'BOB.Reown.ID', status: 'resolved' })
  expect(profiles).toEqual(['/v1/profile/account/bob.reown.id'])

  // A profile holding a lower-case address: the hook returns it checksummed (EIP-55).
  await retype('dave.reown.id')
  await expect.poll(latest).toEqual({ address: getAddress(daveLower), name: 'dave.reown.id', status: 'resolved' })
  expect(getAddress(daveLower)).not.toBe(daveLower)
})

test('error: an unknown name ends in error with no address; a held lookup stays resolving, never falling back to the typed text', async () => {
  const held = holdRequests('/v1/profile/account/')
  const { latest, retype } = await mountProbe('nobody.reown.id', { fetch: held.fetch })
  await expect.poll(() => held.held).toBe(1)
  expect(latest()).toEqual({ address: '', name: 'nobody.reown.id', status: 'resolving' })
  held.release()
  await expect.poll(latest).toEqual({ address: '', name: 'nobody.reown.id', status: 'error' })
  // Typing an address afterwards leaves the failed name behind entirely.
  await retype(bob)
  await expect.poll(latest).toEqual({ address: bob, name: undefined, status: 'address' })
})

test('error: names off (no blockchain API): a name is an error at once, never resolving, and nothing is fetched', async () => {
  const { seen, profiles } = await mountProbe('bob.reown.id', { names: false })
  expect(seen).toEqual([{ address: '', name: 'bob.reown.id', status: 'error' }])
  expect(profiles).toEqual([])
})

test('edge: a name longer than 255 characters is not a name (no lookup): it is kept as typed for the form to refuse', async () => {
  const long = `${'a'.repeat(250)}.reown.id`
  const { latest, profiles } = await mountProbe(long)
  expect(latest()).toEqual({ address: long, name: undefined, status: 'address' })
  expect(profiles).toEqual([])
})
