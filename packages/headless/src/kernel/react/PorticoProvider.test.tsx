// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { afterEach, expect, test } from 'vitest'
import { memoryStorage } from '../../test/fixtures.js'
import { getConnection } from '../actions/getConnection.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { createPortico } from '../createPortico.js'
import { mainnet } from '../networks.js'
import { PorticoProvider } from './PorticoProvider.js'

const cleanups: (() => void)[] = []

/** Placed after the provider: its layout effect runs after the provider's, in the same commit, before the browser paints. */
function Probe({ onLayout }: { onLayout: () => void }) {
  useLayoutEffect(onLayout, [onLayout])
  return null
}
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

test('the saved session is read before the first paint; discovery and reconnecting start after it', async () => {
  const storage = memoryStorage({ '@portico/connected-connector:eip155': JSON.stringify('io.metamask') })
  const portico = createPortico({ projectId: 'p', networks: [mainnet], adapters: [eip155Adapter()], storage })
  let discoveryRequests = 0
  const onRequest = () => discoveryRequests++
  window.addEventListener('eip6963:requestProvider', onRequest)
  cleanups.push(() => window.removeEventListener('eip6963:requestProvider', onRequest))
  const atLayout: { status?: string; discoveryRequests?: number } = {}
  const probe = () => {
    atLayout.status = getConnection(portico).status
    atLayout.discoveryRequests = discoveryRequests
  }
  const { unmount } = render(
    <>
      <PorticoProvider config={portico} />
      <Probe onLayout={probe} />
    </>,
  )
  cleanups.push(unmount)
  expect(atLayout).toEqual({ status: 'reconnecting', discoveryRequests: 0 })
  // render() flushes the passive effects: discovery has asked the page's wallets by now.
  expect(discoveryRequests).toBeGreaterThan(0)
})
