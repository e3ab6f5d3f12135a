// The journey as analytics events, checked on the wire: the devnet's analytics emulator records
// what `POST /e` received, and this test reads its own project's events back.
import { getConnection } from '@portico/headless'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { createHarness } from '../test/harness.js'
import '../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const stop of cleanups.splice(0)) stop()
})

type WireEvent = {
  eventId: string
  url: string
  domain: string
  timestamp: number
  projectId: string
  st: string
  sv: string
  props: { event: string; properties?: Record<string, unknown>; address?: string }
}
/** The element of a `data-slot`, once it is there (views load on demand). */
async function slot(name: string): Promise<HTMLElement> {
  await expect.poll(() => document.querySelector(`[data-slot="${name}"]`), { timeout: 20_000 }).not.toBeNull()
  return document.querySelector(`[data-slot="${name}"]`) as HTMLElement
}
const eventsOf = async (projectId: string) =>
  ((await (await fetch(`${devnet.apiUrl}/__devnet/analytics`)).json()) as { events: WireEvent[] }).events.filter(
    (e) => e.projectId === projectId,
  )

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
  await expect.poll(() => getConnection(harness.portico).isConnected, { timeout: 20_000 }).toBe(true)
  const address = getConnection(harness.portico).address
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await userEvent.click(await slot('account-button'))
  await userEvent.click(await slot('account-network'))
  await userEvent.click(page.getByRole('button', { name: /Devnet 2/ }))
  await expect.poll(() => getConnection(harness.portico).caipNetworkId, { timeout: 20_000 }).toBe('eip155:31338')
  await userEvent.click(page.getByRole('button', { name: 'Disconnect' }))
  await expect.poll(() => getConnection(harness.portico).isConnected, { timeout: 20_000 }).toBe(false)

  const journey = ['SELECT_WALLET', 'CONNECT_SUCCESS', 'SWITCH_NETWORK', 'DISCONNECT_SUCCESS']
  await expect
    .poll(async () => (await eventsOf(projectId)).map((e) => e.props.event).filter((e) => journey.includes(e)), {
      timeout: 20_000,
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
