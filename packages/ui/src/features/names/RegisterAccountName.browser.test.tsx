// Names in the browser against the devnet's profile service (real signatures, checked by the
// emulator with viem's verifyMessage): the Account view offers "Choose a name" only to a wallet
// that can register names; the name field checks the spec's rule as typed; suggestions come with
// the configured suffix and mark taken names; registering shows RegisterAccountNameSuccess, then
// the account button and the Account view show the name, also on a fresh page (the reverse
// lookup). Each error text of the spec, a declined signature, and axe in light and dark.
import type { Portico } from '@portico/headless'
import { useEffect } from 'react'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { usePorticoUI } from '../../context.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { accountViewSettled, modalSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'
import { registerNameAt, setHostedFault } from '../../test/devnetApi.js'

const devnet = inject('devnet')
const projectId = 'names-ui'
const cleanups: (() => void)[] = []
const wait = { timeout: 30_000 }

const setFault = (hosted: 'ok' | 500 | 'reset') => setHostedFault(projectId, hosted)

afterEach(async () => {
  await cleanup()
  await setFault('ok')
  for (const stop of cleanups.splice(0)) stop()
})

const freshLabel = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`
const view = () => document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view')
const nameField = () => page.getByRole('textbox', { name: 'Name' })
const registerButton = () => page.getByRole('button', { name: 'Register' })

/**
 * Types a name, then waits until the service's suggestions (or their error) are in and the modal
 * has stopped moving: they arrive after the text and grow the centred dialog, moving the Register
 * button under a click that lands meanwhile (its press and release on different spots make no click).
 */
async function typeName(label: string) {
  await userEvent.fill(nameField(), label)
  await expect
    .poll(
      () =>
        document.querySelector(
          '[data-slot="register-name-suggestions"], [data-slot="register-name-suggestions-error"]',
        ) !== null,
      wait,
    )
    .toBe(true)
  await modalSettled()
}

/** Registers `name` for a key of its own, straight at the service: someone else holds it. */
async function registerElsewhere(portico: Portico, name: string) {
  const account = privateKeyToAccount(generatePrivateKey())
  const { sdkType, sdkVersion } = portico.options
  await registerNameAt(account, name, { projectId, sdk: { type: sdkType, version: sdkVersion } })
}

/** Holds the page's registration calls until the returned function is called. */
function holdRegistration(): () => void {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const realFetch = window.fetch
  window.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (init?.method === 'POST' && new URL(url).pathname === '/v1/profile/account') await held
    return realFetch(input, init)
  }
  cleanups.push(() => {
    window.fetch = realFetch
  })
  return release
}

function OpenRegister() {
  const { modal } = usePorticoUI('OpenRegister')
  useEffect(() => modal.open({ view: 'RegisterAccountName' }), [modal])
  return null
}

async function mount(options: HarnessOptions & { openRegister?: boolean; closed?: boolean } = {}) {
  const harness = await createHarness({
    connected: true,
    namesWallet: true,
    devnetWallet: false,
    projectId,
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
    ...options,
  })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  await render(
    <Wrapper view={options.openRegister || options.closed ? undefined : 'Account'}>
      {options.openRegister ? <OpenRegister /> : null}
      <ConnectButton />
    </Wrapper>,
  )
  return harness
}

/**
 * Opens the register view from the Account view's button, once the view has stopped growing (a
 * click while it grows can be lost). If the name field still does not come, the error says which
 * view the modal showed and where the page's clicks landed.
 */
async function openRegister() {
  await accountViewSettled()
  const clicks: string[] = []
  const heard = (event: Event) => {
    const target = event.target as Element
    clicks.push(target.closest('[data-slot]')?.getAttribute('data-slot') ?? target.tagName)
  }
  document.addEventListener('click', heard, true)
  try {
    await userEvent.click(page.getByRole('button', { name: 'Choose a name' }))
    await expect.element(nameField(), wait).toBeVisible()
  } catch (error) {
    const buttons = document.querySelectorAll('[data-slot="choose-name"]').length
    throw new Error(
      `No name field: modal view ${view()}, ${buttons} "Choose a name" button(s), clicks on [${clicks}]`,
      {
        cause: error,
      },
    )
  } finally {
    document.removeEventListener('click', heard, true)
  }
  expect(view()).toBe('RegisterAccountName')
}

test('"Choose a name" is offered only when the connected wallet can register names', async () => {
  await mount({ namesWallet: false, devnetWallet: true })
  await expect.element(page.getByRole('tab', { name: 'Tokens' }), wait).toBeVisible()
  await expect.element(page.getByText('Ether'), wait).toBeVisible()
  expect(document.querySelector('[data-slot="choose-name"]')).toBeNull()
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()

  await mount()
  await expect.element(page.getByRole('button', { name: 'Choose a name' }), wait).toBeVisible()
})

test('the field checks the rule as typed; suggestions carry the suffix and mark taken names', async () => {
  const { portico } = await mount({ accountKey: generatePrivateKey() })
  const taken = freshLabel('taken')
  await registerElsewhere(portico, `${taken}.reown.id`)
  await openRegister()
  await expect.element(page.getByText('.reown.id', { exact: true })).toBeVisible()
  await expect.element(registerButton()).toBeDisabled()

  await userEvent.fill(nameField(), 'bob')
  await expect.element(page.getByText('A name has at least 4 characters.')).toBeVisible()
  await expect.element(nameField()).toHaveAttribute('aria-invalid', 'true')
  await expect.element(registerButton()).toBeDisabled()
  await userEvent.fill(nameField(), 'al_ice')
  await expect.element(page.getByText('Use only letters, digits and hyphens.')).toBeVisible()
  await expect.element(registerButton()).toBeDisabled()

  const label = freshLabel('free')
  await userEvent.fill(nameField(), label)
  const suggestions = page.getByRole('region', { name: 'Suggestions' })
  await expect
    .element(suggestions.getByRole('button', { name: `${label}1.reown.id Available`, exact: true }), wait)
    .toBeVisible()
  await expect
    .element(suggestions.getByRole('button', { name: `${label}.reown.id Available`, exact: true }))
    .toBeEnabled()
  await expect.element(registerButton()).toBeEnabled()
  expect(document.querySelector('[data-slot="register-name-problem"]')).toBeNull()

  // A name someone holds: marked taken, not pickable, not registrable.
  await userEvent.fill(nameField(), taken)
  await expect
    .element(suggestions.getByRole('button', { name: `${taken}.reown.id Taken`, exact: true }), wait)
    .toBeDisabled()
  await expect.element(page.getByText(`${taken}.reown.id is taken.`)).toBeVisible()
  await expect.element(registerButton()).toBeDisabled()

  // Picking a free suggestion fills the field with its label.
  await userEvent.click(suggestions.getByRole('button', { name: `${taken}1.reown.id Available`, exact: true }))
  await expect.element(nameField()).toHaveValue(`${taken}1`)
  await expect.element(registerButton()).toBeEnabled()
})

test('registering: loading while the wallet signs, the success view, then the name on the button and the Account view, also on a fresh page', async () => {
  const accountKey = generatePrivateKey()
  const address = privateKeyToAccount(accountKey).address
  const { wallet } = await mount({ accountKey, closed: true })
  // No name yet: the button shows the short address.
  await userEvent.click(page.getByRole('button', { name: new RegExp(`${address.slice(0, 4)}…`) }))
  await openRegister()
  const label = freshLabel('mine')

  // Cancel in the wallet: back on the form with the text kept and why.
  await typeName(label)
  await expect.element(registerButton()).toBeEnabled()
  wallet.rejectNext('personal_sign')
  await userEvent.click(registerButton())
  await expect.element(page.getByRole('alert').getByText('You declined the signature request.'), wait).toBeVisible()
  expect(view()).toBe('RegisterAccountName')
  await expect.element(nameField()).toHaveValue(label)

  // The service's answer is held: the form shows its loading state meanwhile.
  const release = holdRegistration()
  await modalSettled()
  await userEvent.click(registerButton())
  const pending = page.getByRole('button', { name: 'Sign the message in your wallet…' })
  await expect.element(pending, wait).toBeDisabled()
  await expect.element(pending).toHaveAttribute('aria-busy', 'true')
  await expect.element(nameField()).toBeDisabled()
  release()
  await expect.element(page.getByText(`${label}.reown.id now points to your account.`), wait).toBeVisible()
  expect(view()).toBe('RegisterAccountNameSuccess')
  await expect.element(page.getByRole('heading', { name: 'Name registered' })).toBeVisible()

  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back to account' }))
  await expect.element(page.getByRole('dialog').getByText(`${label}.reown.id`, { exact: true }), wait).toBeVisible()
  expect(view()).toBe('Account')
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Close' }))
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await expect.element(page.getByRole('button', { name: new RegExp(`${label}\\.reown\\.id`) }), wait).toBeVisible()

  // A fresh page (new instance, new cache): the name comes from the service's reverse lookup.
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
  const harness = await createHarness({
    connected: true,
    namesWallet: true,
    devnetWallet: false,
    projectId,
    accountKey,
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
  })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <ConnectButton />
    </harness.Wrapper>,
  )
  await expect.element(page.getByRole('button', { name: new RegExp(`${label}\\.reown\\.id`) }), wait).toBeVisible()
})

test("the service failing: 'Error fetching names for address', 'Error fetching name suggestions', 'Error registering name {name}'", async () => {
  await setFault(500)
  await mount({ accountKey: generatePrivateKey() })
  await openRegister()
  await expect.element(page.getByText('Error fetching names for address'), wait).toBeVisible()
  const label = freshLabel('down')
  await typeName(label)
  await expect.element(page.getByText('Error fetching name suggestions'), wait).toBeVisible()
  await userEvent.click(registerButton())
  await expect
    .element(page.getByRole('alert').getByText(`Error registering name ${label}.reown.id`), wait)
    .toBeVisible()
  expect(view()).toBe('RegisterAccountName')

  // The service back: the same form registers.
  await setFault('ok')
  await modalSettled()
  await userEvent.click(registerButton())
  await expect.element(page.getByText(`${label}.reown.id now points to your account.`), wait).toBeVisible()
})

test("a wallet that cannot register names: 'Address or auth connector not found'", async () => {
  await mount({ namesWallet: false, devnetWallet: true, openRegister: true })
  await expect.element(nameField(), wait).toBeVisible()
  await typeName(freshLabel('nope'))
  await userEvent.click(registerButton())
  await expect.element(page.getByRole('alert').getByText('Address or auth connector not found'), wait).toBeVisible()
  expect(view()).toBe('RegisterAccountName')
})

test('accessible in light and dark', async () => {
  for (const themeMode of ['light', 'dark'] as const) {
    await mount({ accountKey: generatePrivateKey(), ui: { themeMode } })
    await openRegister()
    await userEvent.fill(nameField(), freshLabel('axe'))
    await expect.element(page.getByRole('region', { name: 'Suggestions' }), wait).toBeVisible()
    await expectNoSeriousA11yViolations(page.getByRole('dialog').element())
    await cleanup()
    for (const stop of cleanups.splice(0)) stop()
  }
})
