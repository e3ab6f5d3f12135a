// An account's profile name and picture (AccountName) in real Chromium, from the devnet's profile
// service, or from a reverse lookup answered with hostile entries (the instance's fetch standing in
// for a compromised service): a very long name shown whole as plain text; markup, a bidi override
// or an address-looking entry never shown; the fallback while there is nothing to show; a picture
// only under the image rule, the fallback when it fails. Names on the account button, the Account
// view and activity rows, and a tracker-host picture, are in ProfileIdentity.browser.test.tsx.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness } from '../../test/harness.js'
import '../../test/provided.js'
import { registerNameAt } from '../../test/devnetApi.js'
import { AccountName } from './AccountName.js'

const devnet = inject('devnet')
const projectId = 'account-name'
const cleanups: (() => void)[] = []
const wait = { timeout: 15_000 }

afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

/** Registers `label.reown.id` for a fresh key straight at the service; gives its address. */
async function registerFresh(label: string, attributes: Record<string, string> = {}) {
  const account = privateKeyToAccount(generatePrivateKey())
  const name = `${label}.reown.id`
  await registerNameAt(account, name, { projectId, attributes })
  return { address: account.address, name }
}

/** An instance fetch whose reverse lookups answer `entries` (a service gone bad); `looked` counts them. */
function hostileLookup(entries: unknown) {
  const control = { looked: 0 }
  const fetchHostile: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (!url.includes('/v1/profile/reverse/')) return fetch(input, init)
    control.looked++
    return Promise.resolve(
      new Response(JSON.stringify(entries), { status: 200, headers: { 'content-type': 'application/json' } }),
    )
  }
  return Object.assign(control, { fetch: fetchHostile })
}

/**
 * Renders AccountName for `address` (with `avatar`, the picture) in a slot; with `avatar` a name
 * beside it, outside the slot, shows when the shared lookup has answered.
 */
async function show(
  address: string | undefined,
  options: { fetch?: typeof fetch; avatar?: number } = {},
): Promise<HTMLElement> {
  const harness = await createHarness({ projectId, blockchainApiUrl: devnet.apiUrl, fetch: options.fetch })
  cleanups.push(harness.cleanup)
  settled = async () => {
    await expect.poll(() => harness.queryClient.isFetching()).toBe(0)
    // One frame for React to commit what the answer rendered.
    await new Promise(requestAnimationFrame)
  }
  const screen = await render(
    <harness.Wrapper>
      <div data-testid="slot" style={{ width: 160 }}>
        <AccountName
          address={address}
          avatar={options.avatar}
          fallback={<span data-testid="fallback">0xShort…</span>}
        />
      </div>
      {options.avatar ? (
        <div data-testid="probe">
          <AccountName address={address} fallback={null} />
        </div>
      ) : null}
    </harness.Wrapper>,
  )
  return screen.getByTestId('slot').element() as HTMLElement
}

/** Resolves once the reverse lookup has answered (or failed) and its render is in. */
let settled: () => Promise<void> = async () => {}
const probeName = () => document.querySelector('[data-testid="probe"] [data-slot="profile-name"]')?.textContent

const fallbackIn = (slot: HTMLElement) => slot.querySelector('[data-testid="fallback"]')

test('default: without an address, or for an address with no name, the fallback shows', async () => {
  const none = await show(undefined)
  expect(fallbackIn(none)).not.toBeNull()
  expect(none.querySelector('[data-slot="profile-name"]')).toBeNull()
  await cleanup()
  const lookup = hostileLookup([])
  const nameless = await show(privateKeyToAccount(generatePrivateKey()).address, { fetch: lookup.fetch })
  await expect.poll(() => lookup.looked).toBeGreaterThan(0)
  await settled()
  expect(fallbackIn(nameless)).not.toBeNull()
  expect(nameless.querySelector('[data-slot="profile-name"]')).toBeNull()
})

test('edge: a very long name from the service is shown whole, as the one text node of its element', async () => {
  const { address, name } = await registerFresh(`long-${'x'.repeat(180)}-${Math.random().toString(36).slice(2, 8)}`)
  const slot = await show(address)
  await expect.poll(() => slot.querySelector('[data-slot="profile-name"]')?.textContent, wait).toBe(name)
  const element = slot.querySelector('[data-slot="profile-name"]') as HTMLElement
  expect(element.childNodes).toHaveLength(1)
  expect(element.firstChild?.nodeType).toBe(Node.TEXT_NODE)
  expect(fallbackIn(slot)).toBeNull()
})

test('security: markup, a bidi override and an address-looking entry from a bad service are never shown; the first real name is', async () => {
  const lookup = hostileLookup([
    { name: '<img src=x onerror="window.__pwned=1">.reown.id' },
    { name: 'ecila\u202e.reown.id' },
    { name: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
    { name: 'javascript:alert(1)//.reown.id' },
    { name: 'SAFE-name.reown.id', addresses: { '60': { address: '0x1' } } },
  ])
  const slot = await show(privateKeyToAccount(generatePrivateKey()).address, { fetch: lookup.fetch })
  await expect.poll(() => slot.querySelector('[data-slot="profile-name"]')?.textContent).toBe('safe-name.reown.id')
  expect(slot.querySelector('img')).toBeNull()
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
  expect(slot.textContent).not.toMatch(/[<\u202e]|0xf39f|javascript/i)
})

test('security: when every entry is hostile, or the answer is not a list, the fallback stays', async () => {
  for (const entries of [
    [{ name: '<script>window.__pwned=1</script>' }, { name: `${'a'.repeat(300)}.reown.id` }, { name: 42 }],
    { name: 'alice.reown.id' },
    'alice.reown.id',
  ]) {
    const lookup = hostileLookup(entries)
    const slot = await show(privateKeyToAccount(generatePrivateKey()).address, { fetch: lookup.fetch })
    await expect.poll(() => lookup.looked).toBeGreaterThan(0)
    await settled()
    expect(document.querySelector('[data-slot="profile-name"]')).toBeNull()
    expect(fallbackIn(slot), JSON.stringify(entries)).not.toBeNull()
    expect(slot.querySelector('script, img')).toBeNull()
    await cleanup()
  }
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
})

const svg = (colour: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="${colour}"/></svg>`)}`

test('security: an avatar that is not an image URI under the image rule never becomes an image; a good one replaces the fallback', async () => {
  for (const avatar of [
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://127.0.0.1:9/t.png',
  ]) {
    // Every image ever put in the page, even one taken out at once after its load failed.
    const images: string[] = []
    const watch = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLImageElement) images.push(node.getAttribute('src') ?? '')
    })
    watch.observe(document.body, { childList: true, subtree: true })
    const lookup = hostileLookup([{ name: 'pic-test.reown.id', attributes: { avatar } }])
    const slot = await show(privateKeyToAccount(generatePrivateKey()).address, { fetch: lookup.fetch, avatar: 24 })
    // The same answer's name is in: the picture's render has had it too.
    await expect.poll(probeName).toBe('pic-test.reown.id')
    watch.disconnect()
    expect(images, avatar).toEqual([])
    expect(fallbackIn(slot), avatar).not.toBeNull()
    await cleanup()
  }
  const good = svg('#3a3')
  const lookup = hostileLookup([{ name: 'pic-test.reown.id', attributes: { avatar: good } }])
  const slot = await show(privateKeyToAccount(generatePrivateKey()).address, { fetch: lookup.fetch, avatar: 24 })
  await expect
    .poll(() => {
      const img = slot.querySelector<HTMLImageElement>('img[data-slot="profile-avatar"]')
      return img && getComputedStyle(img).display !== 'none' ? img.src : null
    })
    .toBe(good)
  const img = slot.querySelector('img') as HTMLImageElement
  expect(img.alt).toBe('')
  expect(img.referrerPolicy).toBe('no-referrer')
  expect(fallbackIn(slot)).toBeNull()
})

test('error: an allowed avatar that fails to load leaves the fallback, with no broken image shown', async () => {
  const lookup = hostileLookup([{ name: 'pic-test.reown.id', attributes: { avatar: 'data:image/png;base64,AAAA' } }])
  const slot = await show(privateKeyToAccount(generatePrivateKey()).address, { fetch: lookup.fetch, avatar: 24 })
  await expect.poll(probeName).toBe('pic-test.reown.id')
  // The failed image is taken out (never shown meanwhile); the fallback is what remains.
  await expect
    .poll(() => {
      const img = slot.querySelector('img')
      if (img && getComputedStyle(img).display !== 'none') throw new Error('a broken image was shown')
      return img
    })
    .toBeNull()
  expect(fallbackIn(slot)).not.toBeNull()
})
