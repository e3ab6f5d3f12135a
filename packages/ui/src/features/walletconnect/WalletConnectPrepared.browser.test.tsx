import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { walletConnectOf } from '../../../../headless/src/test/walletConnect.js'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness } from '../../test/harness.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const stop of cleanups.splice(0)) stop()
})

const qr = () => page.getByRole('img', { name: /QR code/ })

test('the QR code shows the pairing prepared when the pointer reached WalletConnect, without a second pairing', async () => {
  const harness = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    walletConnectRelayUrl: devnet.walletConnectRelayUrl,
  })
  cleanups.push(harness.cleanup)
  const walletConnect = walletConnectOf(harness.portico)
  if (!walletConnect) throw new Error('WalletConnect is configured in this harness')
  // The modal opens away from the pointer (a pointer over a row is intent).
  await render(<p style={{ position: 'fixed', top: 0, left: 0, margin: 0 }}>pointer parked here</p>)
  await userEvent.hover(page.getByText('pointer parked here'))
  const { Wrapper } = harness
  await render(
    <Wrapper view="Connect">
      <ConnectButton />
    </Wrapper>,
  )
  // Pairings stored by earlier tests on this origin are restored by the client: only new ones count.
  const client = await (await walletConnect.load()).client()
  const stored = new Set(client.core.pairing.getPairings().map((pairing) => pairing.topic))
  const made = () =>
    client.core.pairing
      .getPairings()
      .map((pairing) => pairing.topic)
      .filter((topic) => !stored.has(topic))
  const row = page.getByRole('button', { name: /WalletConnect/ })
  await userEvent.hover(row)
  // The preparation the hover started (prepare is safe to call again: it returns the one in flight).
  await walletConnect.prepare()
  const prepared = made()
  expect(prepared).toHaveLength(1)

  await userEvent.click(row)
  await expect
    .element(qr(), { timeout: 15_000 })
    .toHaveAttribute('data-uri', expect.stringContaining(`wc:${prepared[0]}@2?`))
  // The pick reused the prepared pairing: no second one was made.
  expect(made()).toEqual(prepared)
})
