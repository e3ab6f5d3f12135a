// The embedded smart account's status in real Chromium against the real secure frame and the devnet's
// bundler (Alto) and paymaster: `getSmartAccount` (core, no React) and `useSmartAccount` (React), before
// and after the first operation, on a network without a bundler, and across the switch to the EOA and
// back. Services: the browser project's global setups (globalDevnet.ts, ui's globalAuth.ts). The
// frame's approval is clicked inside the frame's own document (a trusted click by Playwright).
import { QueryClient } from '@tanstack/react-query'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { getConnection } from '../../../kernel/actions/getConnection.js'
import { sendTransaction } from '../../../kernel/actions/sendTransaction.js'
import type { Portico } from '../../../kernel/portico.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { approveInFrame, emailLogin, embeddedPortico, freshEmail, stopEmbedded } from '../../../test/embeddedBrowser.js'
import { getSmartAccount } from '../getSmartAccount.js'
import { setPreferredAccountType } from '../setPreferredAccountType.js'
import { useSmartAccount } from './useSmartAccount.js'

const devnet = inject('devnet')
afterEach(async () => {
  await cleanup()
  stopEmbedded()
})

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const chain = () => createPublicClient({ transport: http(devnet.evmRpcUrl) })
const makePortico = ({ smart }: { smart: boolean }) => embeddedPortico({ smart })
const login = (portico: Portico) => emailLogin(portico, freshEmail('sa'))

/** A sponsored send of 0 wei from the smart account: its first operation deploys it. */
async function firstOperation(portico: Portico) {
  const sending = sendTransaction(portico, { to: freshAddress(), value: 0n })
  await approveInFrame()
  const hash = await sending
  await chain().waitForTransactionReceipt({ hash })
}

test('getSmartAccount: a new user is their smart account, counterfactual until the first operation deploys it; the switch to eoa and back', async () => {
  // Alto starts on its first request: started here, not under the frame's first request.
  await fetch(devnet.bundlerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
  const portico = makePortico({ smart: true })
  const { address } = await login(portico)
  const before = await getSmartAccount(portico)
  expect(before).toMatchObject({ type: 'smartAccount', enabled: true, deployed: false, canSwitchToSmartAccount: false })
  expect(before.address).toBe(address)
  expect(before.smartAccountAddress).toBe(address)
  expect(before.eoaAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(before.eoaAddress?.toLowerCase()).not.toBe(address.toLowerCase())
  expect(await chain().getCode({ address: address as `0x${string}` })).toBeUndefined()

  await firstOperation(portico)
  expect(await getSmartAccount(portico)).toMatchObject({ type: 'smartAccount', address, deployed: true })

  // To the EOA: the switch back is offered there; the connection follows.
  expect(await setPreferredAccountType(portico, { type: 'eoa' })).toEqual({ type: 'eoa', address: before.eoaAddress })
  await expect.poll(() => getConnection(portico, { namespace: 'eip155' }).address).toBe(before.eoaAddress)
  expect(await getSmartAccount(portico)).toMatchObject({
    type: 'eoa',
    address: before.eoaAddress,
    smartAccountAddress: address,
    enabled: true,
    deployed: true,
    canSwitchToSmartAccount: true,
  })
  expect(await setPreferredAccountType(portico, { type: 'smartAccount' })).toEqual({ type: 'smartAccount', address })
  await expect.poll(() => getConnection(portico, { namespace: 'eip155' }).address).toBe(address)
  expect(await getSmartAccount(portico)).toMatchObject({ type: 'smartAccount', canSwitchToSmartAccount: false })
})

test('getSmartAccount: on a network without a bundler the user is their EOA, smart accounts are not enabled and no switch is offered', async () => {
  const portico = makePortico({ smart: false })
  const { address } = await login(portico)
  const status = await getSmartAccount(portico)
  expect(status).toMatchObject({
    type: 'eoa',
    address,
    eoaAddress: address,
    smartAccountAddress: undefined,
    enabled: false,
    deployed: false,
    canSwitchToSmartAccount: false,
  })
  // Asking anyway is refused by the frame, and the connection stays on the EOA.
  await expect(setPreferredAccountType(portico, { type: 'smartAccount' })).rejects.toMatchObject({
    name: 'EmbeddedWalletError',
  })
  expect(getConnection(portico, { namespace: 'eip155' }).address).toBe(address)
})

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
  const portico = makePortico({ smart: true })
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

  await firstOperation(portico)
  await userEvent.click(page.getByRole('button', { name: 'Refresh' }))
  await expect.element(status).toHaveTextContent(`smartAccount ${address} deployed=true enabled=true`)

  await userEvent.click(page.getByRole('button', { name: 'Use EOA' }))
  await expect.element(status).toHaveTextContent(/^eoa 0x[0-9a-fA-F]{40} deployed=true enabled=true$/)
  await userEvent.click(page.getByRole('button', { name: 'Use smart account' }))
  await expect.element(status).toHaveTextContent(`smartAccount ${address} deployed=true enabled=true`)
})
