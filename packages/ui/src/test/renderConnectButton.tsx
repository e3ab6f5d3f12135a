import { onTestFinished } from 'vitest'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { createHarness, type HarnessOptions } from './harness.js'

/**
 * @internal
 * A harness with the connect button rendered in its Wrapper, stopped when the test finishes: the
 * set-up most modal browser tests start from. (Kept out of harness.tsx, which stories import.)
 */
export async function renderConnectButton(options: HarnessOptions = {}) {
  const harness = await createHarness(options)
  onTestFinished(() => harness.cleanup())
  const { Wrapper } = harness
  const screen = await render(
    <Wrapper>
      <ConnectButton />
    </Wrapper>,
  )
  return { ...harness, screen }
}
