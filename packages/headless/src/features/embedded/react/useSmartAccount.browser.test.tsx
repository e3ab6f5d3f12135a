// useSmartAccount in real Chromium against the real secure frame and the devnet's bundler (Alto) and
// paymaster: nothing before an embedded connection, the status before and after the first operation,
// and the switch to the EOA and back (getSmartAccount's own cases are in
// ../getSmartAccount.browser.test.tsx). Services: the browser project's global setups
// (globalDevnet.ts, ui's globalAuth.ts); the frame's approval is a trusted click inside the frame.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import {
  emailLogin,
  embeddedPortico,
  freshEmail,
  sponsoredSend,
  startBundler,
  stopEmbedded,
} from '../../../../../ui/src/test/embeddedKit.js'
import type { Portico } from '../../../kernel/portico.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { useSmartAccount } from './useSmartAccount.js'

afterEach(async () => {
  await cleanup()
  stopEmbedded()
})

const login = (portico: Portico) => emailLogin(portico, freshEmail('sa'))

function Status() {
  const { isEmbedded, status, setPreferredAccountType } = useSmartAccount()
  const data = status.data
  return (
    <div>
      <output aria-label="embedded">{String(isEmbedded)}</output>
      <output aria-label="status">
        {data ? `${data.type} ${data.address} deployed=${data.deployed} enabled=${data.enabled}` : 'none'}
      </output>
      <button type="button" onClick={() => void status.refetch()}>
        Refresh
      </button>
      {data?.canSwitchToSmartAccount ? (
        <button type="button" onClick={() => setPreferredAccountType.mutate({ type: 'smartAccount' })}>
          Use smart account
        </button>
      ) : data?.type === 'smartAccount' ? (
        <button type="button" onClick={() => setPreferredAccountType.mutate({ type: 'eoa' })}>
          Use EOA
        </button>
      ) : null}
    </div>
  )
}

test('useSmartAccount: nothing before an embedded connection; the status, the first operation, and the switch offered only on eoa', async () => {
  await startBundler()
  const portico = embeddedPortico({ smart: true })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <Status />
    </PorticoProvider>,
  )
  const status = page.getByRole('status', { name: 'status' })
  await expect.element(page.getByRole('status', { name: 'embedded' })).toHaveTextContent('false')
  await expect.element(status).toHaveTextContent('none')
  // No frame before a login: the hook loads nothing.
  expect(document.querySelector('iframe[data-portico-secure-frame]')).toBeNull()

  const { address } = await login(portico)
  await expect.element(page.getByRole('status', { name: 'embedded' })).toHaveTextContent('true')
  await expect.element(status).toHaveTextContent(`smartAccount ${address} deployed=false enabled=true`)
  // On the smart account the switch to it is not offered; the one to the EOA is.
  expect(page.getByRole('button', { name: 'Use smart account' }).query()).toBeNull()

  await sponsoredSend(portico)
  await userEvent.click(page.getByRole('button', { name: 'Refresh' }))
  await expect.element(status).toHaveTextContent(`smartAccount ${address} deployed=true enabled=true`)

  await userEvent.click(page.getByRole('button', { name: 'Use EOA' }))
  await expect.element(status).toHaveTextContent(/^eoa 0x[0-9a-fA-F]{40} deployed=true enabled=true$/)
  await userEvent.click(page.getByRole('button', { name: 'Use smart account' }))
  await expect.element(status).toHaveTextContent(`smartAccount ${address} deployed=true enabled=true`)
})
