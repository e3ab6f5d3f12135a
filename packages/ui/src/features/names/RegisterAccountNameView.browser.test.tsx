// The name form (RegisterAccountNameView) in real Chromium against the devnet's profile service
// (signatures checked for real): the spec's rule (letters, digits and hyphen, at least 4
// characters) as typed, over a table of inputs with its texts and its tie to the field; a typed
// suffix; the signature request the wallet gets (lower-case name with suffix, time in seconds);
// a double click registering once; a name taken between the suggestion and the click; an error
// cleared by typing; the current name. The Account view's entry, suggestions, loading state,
// declined signature, the service's error texts and axe are in RegisterAccountName.browser.test.tsx;
// the rule itself in nameInput.test.ts; the e2e registration in tests/e2e/names.test.ts.
import type { Portico } from '@portico/headless'
import { useEffect } from 'react'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { usePorticoUI } from '../../context.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { modalSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'
import { registerNameAt } from '../../test/devnetApi.js'

const devnet = inject('devnet')
const projectId = 'names-view'
const cleanups: (() => void)[] = []
const wait = { timeout: 15_000 }

afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

const freshLabel = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`
const view = () => document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view')
const nameField = () => page.getByRole('textbox', { name: 'Name' })
const registerButton = () => page.getByRole('button', { name: 'Register' })
const problem = () => document.querySelector('[data-slot="register-name-problem"]')

function OpenRegister() {
  const { modal } = usePorticoUI('OpenRegister')
  useEffect(() => modal.open({ view: 'RegisterAccountName' }), [modal])
  return null
}

/** An instance fetch that counts the registrations sent to the service. */
function countRegistrations() {
  const counted = { posts: 0 }
  const fetchCounted: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (init?.method === 'POST' && new URL(url).pathname === '/v1/profile/account') counted.posts++
    return fetch(input, init)
  }
  return Object.assign(counted, { fetch: fetchCounted })
}

async function mount(options: HarnessOptions = {}) {
  const harness = await createHarness({
    connected: true,
    namesWallet: true,
    devnetWallet: false,
    projectId,
    accountKey: generatePrivateKey(),
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
    ...options,
  })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <OpenRegister />
    </harness.Wrapper>,
  )
  await expect.element(nameField(), wait).toBeVisible()
  return harness
}

/** Registers `name` for `account` straight at the service (someone else, or this account earlier). */
async function registerAt(portico: Portico, account: PrivateKeyAccount, name: string) {
  const { sdkType, sdkVersion } = portico.options
  await registerNameAt(account, name, { projectId, sdk: { type: sdkType, version: sdkVersion } })
}

/** Types a valid name and waits for its suggestions, then for the modal to stop moving. */
async function typeName(text: string) {
  await userEvent.fill(nameField(), text)
  await expect
    .element(page.getByRole('region', { name: 'Suggestions' }).getByRole('button').first(), wait)
    .toBeVisible()
  await modalSettled()
}

const short = 'A name has at least 4 characters.'
const characters = 'Use only letters, digits and hyphens.'

test('behavior: the spec rule as typed: length and allowed characters, each with its text, the field marked and described, Register held', async () => {
  await mount()
  const cases: [typed: string, text: string | null][] = [
    ['abc', short],
    ['abcd', null],
    ['ABCD', null],
    ['a-1-', null],
    ['----', null],
    ['-', short],
    ['abc.reown.id', short],
    ['abcd.reown.id', null],
    ['ab_cd', characters],
    ['ab cd', characters],
    ['bébé', characters],
    ['abcd.eth', characters],
    ['abcd😀', characters],
    ['abcd\u202e', characters],
  ]
  for (const [typed, text] of cases) {
    await userEvent.fill(nameField(), typed)
    await expect.element(nameField()).toHaveValue(typed)
    const field = nameField().element()
    if (text === null) {
      expect(problem(), typed).toBeNull()
      expect(field.getAttribute('aria-invalid'), typed).toBe('false')
      await expect.element(registerButton()).toBeEnabled()
    } else {
      expect(problem()?.textContent, typed).toBe(text)
      expect(field.getAttribute('aria-invalid'), typed).toBe('true')
      expect(field.getAttribute('aria-describedby'), typed).toBe(problem()?.id)
      await expect.element(nameField()).toHaveAccessibleDescription(text)
      await expect.element(registerButton()).toBeDisabled()
      // A name that breaks the rule is not sent for suggestions.
      expect(document.querySelector('[data-slot="register-name-suggestions"]'), typed).toBeNull()
    }
  }
  // An empty field says nothing and registers nothing.
  await userEvent.clear(nameField())
  expect(problem()).toBeNull()
  await expect.element(registerButton()).toBeDisabled()
})

test('security: markup typed as a name stays text: no element is made of it, and it is refused', async () => {
  await mount()
  const hostile = '<img src=x onerror="window.__pwned=1">'
  await userEvent.fill(nameField(), hostile)
  await expect.element(nameField()).toHaveValue(hostile)
  expect(problem()?.textContent).toBe(characters)
  expect(page.getByRole('dialog').element().querySelector('img[src="x"]')).toBeNull()
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
  await expect.element(registerButton()).toBeDisabled()
})

// A label may have 63 characters (a DNS label; the headless rule and the name service): one more is
// said, not only shown by a disabled Register.
test('edge: a label past the 63 characters a name may have says why Register is held', async () => {
  await mount()
  await userEvent.fill(nameField(), 'a'.repeat(64))
  await expect.element(registerButton()).toBeDisabled()
  // The render that held Register is the one read here.
  expect(nameField().element().getAttribute('aria-invalid')).toBe('true')
  expect(problem()?.textContent).toBe('A name has at most 63 characters.')
  await userEvent.fill(nameField(), 'a'.repeat(63))
  await expect.element(registerButton()).toBeEnabled()
  expect(problem()).toBeNull()
})

test('edge: the field takes at most 80 characters', async () => {
  await mount()
  expect((nameField().element() as HTMLInputElement).maxLength).toBe(80)
  await userEvent.fill(nameField(), 'c'.repeat(80))
  await userEvent.type(nameField(), 'dd')
  await expect.element(nameField()).toHaveValue('c'.repeat(80))
})

test('behavior: a typed .wcn.id suffix is kept: the suffix shown and the suggestions are in that zone', async () => {
  await mount()
  await expect.element(page.getByText('.reown.id', { exact: true })).toBeVisible()
  const label = freshLabel('zone')
  await typeName(`${label}.WCN.id`)
  expect(document.querySelector('[data-slot="register-name-suffix"]')?.textContent).toBe('.wcn.id')
  const names = page
    .getByRole('region', { name: 'Suggestions' })
    .getByRole('button')
    .elements()
    .map((b) => b.querySelector('span')?.textContent)
  expect(names.length).toBeGreaterThan(0)
  for (const name of names) expect(name).toMatch(/\.wcn\.id$/)
  expect(names).toContain(`${label}.wcn.id`)
})

test('behavior: Enter registers; the wallet is asked once to sign the lower-case name with its suffix, no attributes and the time in seconds', async () => {
  const { wallet } = await mount()
  const label = freshLabel('Sign')
  await typeName(`  ${label.toUpperCase()}  `)
  const before = wallet.requests.length
  await userEvent.click(nameField())
  await userEvent.keyboard('{Enter}')
  const name = `${label.toLowerCase()}.reown.id`
  await expect.element(page.getByText(`${name} now points to your account.`), wait).toBeVisible()
  const signs = wallet.requests.slice(before).filter((r) => r.method === 'personal_sign')
  expect(signs).toHaveLength(1)
  const [hex, address] = (signs[0]?.params ?? []) as [string, string]
  expect(address.toLowerCase()).toBe(wallet.address.toLowerCase())
  const text = new TextDecoder().decode(
    Uint8Array.from((hex.slice(2).match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))),
  )
  const message = JSON.parse(text) as { name: string; attributes: unknown; timestamp: number }
  expect(Object.keys(message).sort()).toEqual(['attributes', 'name', 'timestamp'])
  expect(message.name).toBe(name)
  expect(message.attributes).toEqual({})
  expect(Number.isInteger(message.timestamp)).toBe(true)
  // Seconds, not milliseconds: within a minute of now.
  expect(Math.abs(message.timestamp - Date.now() / 1000)).toBeLessThan(60)
})

test('edge: a double click on Register signs once and registers once', async () => {
  const registrations = countRegistrations()
  const { wallet } = await mount({ fetch: registrations.fetch })
  const label = freshLabel('twice')
  await typeName(label)
  await userEvent.dblClick(registerButton())
  await expect.element(page.getByText(`${label}.reown.id now points to your account.`), wait).toBeVisible()
  expect(view()).toBe('RegisterAccountNameSuccess')
  expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1)
  expect(registrations.posts).toBe(1)
})

test('error: a name taken after its suggestion said free: both spec texts, the form kept; typing clears them', async () => {
  const { portico } = await mount()
  const label = freshLabel('race')
  await typeName(label)
  await expect
    .element(page.getByRole('button', { name: `${label}.reown.id Available`, exact: true }), wait)
    .toBeVisible()
  // Someone else registers it before this user clicks.
  await registerAt(portico, privateKeyToAccount(generatePrivateKey()), `${label}.reown.id`)
  await userEvent.click(registerButton())
  const alert = page.getByRole('alert')
  await expect.element(alert, wait).toHaveTextContent(`Error registering name ${label}.reown.id`)
  await expect.element(alert).toHaveTextContent(`${label}.reown.id is taken.`)
  expect(view()).toBe('RegisterAccountName')
  await expect.element(nameField()).toHaveValue(label)
  await expect.element(nameField()).toBeEnabled()
  await userEvent.type(nameField(), 'x')
  await expect.element(alert).not.toBeInTheDocument()
})

test('error: a declined signature is cleared by the next text typed, and the next attempt registers', async () => {
  const { wallet } = await mount()
  const label = freshLabel('again')
  await typeName(label)
  wallet.rejectNext('personal_sign')
  await userEvent.click(registerButton())
  const alert = page.getByRole('alert')
  await expect.element(alert, wait).toHaveTextContent('You declined the signature request.')
  await userEvent.type(nameField(), '2')
  await expect.element(alert).not.toBeInTheDocument()
  await typeName(`${label}2`)
  await userEvent.click(registerButton())
  await expect.element(page.getByText(`${label}2.reown.id now points to your account.`), wait).toBeVisible()
})

test('default: an account that has a name already is told which', async () => {
  const key = generatePrivateKey()
  const mine = `${freshLabel('have')}.reown.id`
  const probe = await createHarness({ projectId, blockchainApiUrl: devnet.apiUrl })
  await registerAt(probe.portico, privateKeyToAccount(key), mine)
  probe.cleanup()
  await mount({ accountKey: key })
  await expect.element(page.getByText(`Your name: ${mine}`), wait).toBeVisible()
})
