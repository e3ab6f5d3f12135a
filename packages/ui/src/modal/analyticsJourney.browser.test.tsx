// The journey as analytics events, checked on the wire: the devnet's analytics emulator records
// what `POST /e` received, and this test reads its own project's events back.
import { getConnection } from '@portico/headless'
import { getSiwxState } from '@portico/headless/siwx'
import { localSiwx } from '@portico/headless/siwx/config'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { eventsOf, expectNothingSent } from '../test/analyticsEvents.js'
import { createHarness } from '../test/harness.js'
import { accountViewSettled } from '../test/modalSettled.js'
import '../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

/** The element of a `data-slot`, once it is there (views load on demand). */
async function slot(name: string): Promise<HTMLElement> {
  await expect.poll(() => document.querySelector(`[data-slot="${name}"]`), { timeout: 30_000 }).not.toBeNull()
  return document.querySelector(`[data-slot="${name}"]`) as HTMLElement
}

test('connect, switch network and disconnect are reported in order, with the spec’s payload', async () => {
  const projectId = `h38a-journey-${Date.now()}`
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, analyticsUrl: devnet.apiUrl, projectId })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <ConnectButton />
    </harness.Wrapper>,
  )
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
  await expect.poll(() => getConnection(harness.portico).isConnected, { timeout: 30_000 }).toBe(true)
  const address = getConnection(harness.portico).address
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await userEvent.click(await slot('account-button'))
  await accountViewSettled()
  await userEvent.click(await slot('account-network'))
  await userEvent.click(page.getByRole('button', { name: /Devnet 2/ }))
  await expect.poll(() => getConnection(harness.portico).caipNetworkId, { timeout: 30_000 }).toBe('eip155:31338')
  await accountViewSettled()
  await userEvent.click(page.getByRole('button', { name: 'Disconnect' }))
  await expect.poll(() => getConnection(harness.portico).isConnected, { timeout: 30_000 }).toBe(false)

  const journey = ['SELECT_WALLET', 'CONNECT_SUCCESS', 'SWITCH_NETWORK', 'DISCONNECT_SUCCESS']
  await expect
    .poll(async () => (await eventsOf(projectId)).map((e) => e.props.event).filter((e) => journey.includes(e)), {
      timeout: 30_000,
    })
    .toEqual(journey)
  const events = await eventsOf(projectId)
  const names = events.map((e) => e.props.event)
  // INITIALIZE once, first; the modal's openings and closings around the steps; never MODAL_CREATED.
  expect(names[0]).toBe('INITIALIZE')
  expect(names.filter((n) => n === 'INITIALIZE')).toHaveLength(1)
  expect(names).toContain('MODAL_OPEN')
  expect(names).not.toContain('MODAL_CREATED')
  const byName = (name: string) => events.find((e) => e.props.event === name)
  for (const event of events) {
    expect(event).toMatchObject({
      url: window.location.href,
      domain: window.location.hostname,
      st: harness.portico.options.sdkType,
      sv: harness.portico.options.sdkVersion,
    })
    expect(event.eventId).toMatch(/\S{8,}/)
    expect(Math.abs(event.timestamp - Date.now())).toBeLessThan(120_000)
  }
  expect(byName('SELECT_WALLET')?.props.properties).toMatchObject({
    method: 'wallet',
    name: 'Devnet Wallet',
    namespace: 'eip155',
  })
  expect(byName('CONNECT_SUCCESS')?.props).toMatchObject({ address, properties: { method: 'wallet' } })
  expect(byName('SWITCH_NETWORK')?.props).toMatchObject({ address, properties: { network: 'eip155:31338' } })
  // Sent once the wallet is gone: it still says whose it was.
  expect(byName('DISCONNECT_SUCCESS')?.props.address).toBe(address)
})

/** Connects the Devnet Wallet from the modal of an instance with sign-in, up to the sign step. */
async function connectToSignStep(options: { projectId: string; analytics: boolean; required?: boolean }) {
  // Off: the host's analytics feature is off, the emulator is still configured (it would record).
  const siwx = localSiwx({
    storage: null,
    domain: 'app.test',
    uri: 'https://app.test',
    required: options.required ?? false,
  })
  const harness = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    projectId: options.projectId,
    siwx,
    analyticsUrl: devnet.apiUrl,
    features: { analytics: options.analytics },
  })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <ConnectButton />
    </harness.Wrapper>,
  )
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
  await expect.element(page.getByText('needs to connect to your wallet')).toBeVisible()
  return harness
}

const signInEvents = ['CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_SUCCESS', 'SIWX_AUTH_ERROR', 'CLICK_CANCEL_SIWX']

test('sign-in: asked, refused, asked again and signed in are reported in order, with the network and account', async () => {
  const projectId = `h38c-siwx-${Date.now()}`
  const { portico, wallet } = await connectToSignStep({ projectId, analytics: true })
  wallet.rejectNext('personal_sign')
  await userEvent.click(page.getByRole('button', { name: 'Sign', exact: true }))
  await expect.element(page.getByRole('alert').getByText('You declined the sign-in request.')).toBeVisible()
  await userEvent.click(page.getByRole('button', { name: 'Try again' }))
  await expect.poll(() => getSiwxState(portico).status, { timeout: 30_000 }).toBe('authenticated')

  const journey = ['CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_ERROR', 'CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_SUCCESS']
  await expect
    .poll(async () => (await eventsOf(projectId)).map((e) => e.props.event).filter((e) => signInEvents.includes(e)), {
      timeout: 30_000,
    })
    .toEqual(journey)
  const events = (await eventsOf(projectId)).filter((e) => signInEvents.includes(e.props.event))
  for (const event of events)
    expect(event.props).toMatchObject({ address: wallet.address, properties: { network: 'eip155:31337' } })
  expect(events[1]?.props.properties).toMatchObject({ errorName: 'UserRejectedRequestError' })
  expect(events[1]?.props.properties?.message).toEqual(expect.any(String))
  // Nothing of the signed message (nonce, statement) goes out with the events.
  expect(JSON.stringify(events)).not.toContain('app.test')
})

test('sign-in: Cancel is reported (the button, and closing the modal while it asks)', async () => {
  const projectId = `h38c-siwx-cancel-${Date.now()}`
  const { portico } = await connectToSignStep({ projectId, analytics: true })
  await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  expect(getConnection(portico).status).toBe('connected')
  await expect
    .poll(async () => (await eventsOf(projectId)).map((e) => e.props.event).filter((e) => signInEvents.includes(e)), {
      timeout: 30_000,
    })
    .toEqual(['CLICK_CANCEL_SIWX'])

  await cleanup()
  const requiredProject = `h38c-siwx-close-${Date.now()}`
  const required = await connectToSignStep({ projectId: requiredProject, analytics: true, required: true })
  await userEvent.click(page.getByRole('button', { name: 'Close' }))
  await expect.poll(() => getConnection(required.portico).status, { timeout: 30_000 }).toBe('disconnected')
  await expect
    .poll(
      async () => (await eventsOf(requiredProject)).map((e) => e.props.event).filter((e) => signInEvents.includes(e)),
      { timeout: 30_000 },
    )
    .toEqual(['CLICK_CANCEL_SIWX'])
})

test('sign-in: with analytics off nothing is sent', async () => {
  const projectId = `h38c-siwx-off-${Date.now()}`
  const { portico } = await connectToSignStep({ projectId, analytics: false })
  await userEvent.click(page.getByRole('button', { name: 'Sign', exact: true }))
  await expect.poll(() => getSiwxState(portico).status, { timeout: 30_000 }).toBe('authenticated')
  await userEvent.click(page.getByRole('button', { name: /0xf3/ }))
  await expect.element(page.getByText('Signed in')).toBeVisible()
  // The same steps with analytics on reach the emulator (the tests above): here not even INITIALIZE.
  await expectNothingSent(projectId)
})
