// The sign-in step in the browser: connecting the Devnet Wallet from the prebuilt modal opens
// SIWXSignMessage; a declined signature shows the rejection and a retry; signing closes the
// modal signed in (a real personal_sign, checked by localSiwx); the Account view shows it and
// signs out; Cancel follows the required/optional rule. Axe in light and dark.
import { getConnection } from '@portico/headless'
import { getSiwxState } from '@portico/headless/siwx'
import { localSiwx } from '@portico/headless/siwx/config'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { modalSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { siwxMessages } from './messages.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

const dialog = () => page.getByRole('dialog')

async function mount(options: HarnessOptions & { required?: boolean } = {}) {
  const siwx = localSiwx({
    storage: null,
    domain: 'app.test',
    uri: 'https://app.test',
    statement: 'Sign in to the test app.',
    required: options.required ?? false,
  })
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, siwx, ...options })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  await render(
    <Wrapper>
      <ConnectButton />
    </Wrapper>,
  )
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
  await expect.element(page.getByText('needs to connect to your wallet')).toBeVisible()
  return { ...harness, siwx }
}

test('connect opens the sign step; a rejection offers retry; signing closes signed in; Account signs out', async () => {
  const { portico, wallet, siwx } = await mount()
  expect(document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view')).toBe('SIWXSignMessage')
  await expect.element(page.getByRole('button', { name: 'Sign', exact: true })).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Cancel' })).toBeVisible()
  expect(document.querySelector('[data-slot="siwx-required"]')).toBeNull()

  wallet.rejectNext('personal_sign')
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Sign', exact: true }))
  await expect.element(page.getByRole('alert').getByText('You declined the sign-in request.')).toBeVisible()
  expect(document.querySelector('[data-slot="siwx-view"]')?.getAttribute('data-state')).toBe('rejected')

  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Try again' }))
  await expect.element(dialog()).not.toBeInTheDocument()
  expect(getSiwxState(portico).status).toBe('authenticated')
  expect(await siwx.getSessions('eip155:31337', wallet.address)).toHaveLength(1)

  await userEvent.click(page.getByRole('button', { name: /0xf3/ }))
  await expect.element(page.getByText('Signed in')).toBeVisible()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Sign out' }))
  await expect.element(page.getByText('Not signed in')).toBeVisible()
  expect(await siwx.getSessions('eip155:31337', wallet.address)).toEqual([])
  expect(getConnection(portico).status).toBe('connected')
})

test('switching to a network without a session in the modal asks again', async () => {
  const { portico } = await mount()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Sign', exact: true }))
  await expect.element(dialog()).not.toBeInTheDocument()
  await userEvent.click(page.getByRole('button', { name: /0xf3/ }))
  await userEvent.click(page.getByRole('button', { name: 'Devnet', exact: true }))
  await userEvent.click(page.getByText('Devnet 2', { exact: true }))
  await expect.element(page.getByText('needs to connect to your wallet')).toBeVisible()
  expect(getSiwxState(portico).caipNetworkId).toBe('eip155:31338')
  await userEvent.click(page.getByRole('button', { name: 'Sign', exact: true }))
  await expect.element(dialog()).not.toBeInTheDocument()
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticated', caipNetworkId: 'eip155:31338' })
})

test('optional: Cancel closes and stays connected', async () => {
  const { portico } = await mount()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
  await expect.element(dialog()).not.toBeInTheDocument()
  expect(getConnection(portico).status).toBe('connected')
  expect(getSiwxState(portico).status).toBe('unauthenticated')
})

test('required: the wording says so, and closing the modal (Cancel rule) disconnects', async () => {
  const { portico } = await mount({ required: true })
  await expect.element(page.getByText('Signing in is required')).toBeVisible()
  await userEvent.click(page.getByRole('button', { name: 'Close' }))
  await expect.element(dialog()).not.toBeInTheDocument()
  await expect.poll(() => getConnection(portico).status).toBe('disconnected')
})

test('accessible in light and dark', async () => {
  for (const themeMode of ['light', 'dark'] as const) {
    await mount({ ui: { themeMode } })
    await expectNoSeriousA11yViolations(dialog().element())
    await cleanup()
    for (const stop of cleanups.splice(0)) stop()
  }
})

test('messages are complete in every language', async () => {
  await expectCompleteTranslations(siwxMessages, { siwxAccount: ['0xf3…2266', 'Devnet'] })
})
