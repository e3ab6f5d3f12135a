// getSmartAccount in real Chromium against the real secure frame and the devnet's bundler (Alto) and
// paymaster: a new user's smart account before and after its first operation, the switch to the EOA
// and back, and a network without a bundler. Services: the browser project's global setups
// (globalDevnet.ts, ui's globalAuth.ts); the frame's approval is a trusted click inside the frame.
import { createPublicClient, http } from 'viem'
import { afterEach, expect, inject, test } from 'vitest'
import {
  emailLogin,
  embeddedPortico,
  freshEmail,
  sponsoredSend,
  startBundler,
  stopEmbedded,
} from '../../../../ui/src/test/embeddedKit.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Portico } from '../../kernel/portico.js'
import { getSmartAccount } from './getSmartAccount.js'
import { setPreferredAccountType } from './setPreferredAccountType.js'

const devnet = inject('devnet')
afterEach(stopEmbedded)

const chain = () => createPublicClient({ transport: http(devnet.evmRpcUrl) })
const makePortico = ({ smart }: { smart: boolean }) => embeddedPortico({ smart })
const login = (portico: Portico) => emailLogin(portico, freshEmail('sa'))

test('a new user is their smart account, counterfactual until the first operation deploys it; the switch to eoa and back', async () => {
  await startBundler()
  const portico = makePortico({ smart: true })
  const { address } = await login(portico)
  const before = await getSmartAccount(portico)
  expect(before).toMatchObject({ type: 'smartAccount', enabled: true, deployed: false, canSwitchToSmartAccount: false })
  expect(before.address).toBe(address)
  expect(before.smartAccountAddress).toBe(address)
  expect(before.eoaAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(before.eoaAddress?.toLowerCase()).not.toBe(address.toLowerCase())
  expect(await chain().getCode({ address: address as `0x${string}` })).toBeUndefined()

  await sponsoredSend(portico)
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

test('on a network without a bundler the user is their EOA, smart accounts are not enabled and no switch is offered', async () => {
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
