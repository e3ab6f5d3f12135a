import { expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { signMessage } from '../../kernel/actions/signMessage.js'
import type { Connection } from '../../kernel/types.js'
import {
  alphaAddress,
  betaAddress,
  startedMultiWallet,
  summary,
  twoWallets,
  withProviderMethods,
} from '../../test/multiWallet.js'
import { getConnections } from './getConnections.js'
import { switchConnection } from './switchConnection.js'

const byId = (connections: readonly Connection[], id: string) =>
  connections.find((c) => c.connectorId === id) as Connection

test('default: switching makes the wallet active without a prompt, and every action follows it', async () => {
  const wallets = twoWallets()
  const portico = await startedMultiWallet(wallets)
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  const prompts = wallets.alpha.requests.filter((r) => r.method === 'eth_requestAccounts').length

  const switched = await switchConnection(portico, { connection: byId(getConnections(portico), 'alpha') })
  expect(switched).toMatchObject({ connectorId: 'alpha', status: 'active' })
  expect(getConnection(portico)).toMatchObject({ connectorId: 'alpha' })
  expect(getConnection(portico).address?.toLowerCase()).toBe(alphaAddress)
  expect(summary(getConnections(portico))).toEqual([
    { connectorId: 'alpha', status: 'active', account: alphaAddress },
    { connectorId: 'beta', status: 'connected', account: betaAddress },
  ])
  expect(wallets.alpha.requests.filter((r) => r.method === 'eth_requestAccounts')).toHaveLength(prompts)
  // The active wallet signs: alpha is asked, beta is not.
  const signedByBeta = wallets.beta.requests.filter((r) => r.method === 'personal_sign').length
  await signMessage(portico, { message: 'hello' })
  expect(wallets.alpha.requests.some((r) => r.method === 'personal_sign')).toBe(true)
  expect(wallets.beta.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(signedByBeta)
})

test('behavior: a wallet that stopped authorising the site without telling is marked disconnected when switched to, then reconnects through its own connector with a prompt', async () => {
  const evented = twoWallets()
  // Alpha tells the page nothing (no events): the list learns of the revoke only when it asks.
  const wallets = { ...evented, alpha: withProviderMethods(evented.alpha, { on() {}, removeListener() {} }) }
  const portico = await startedMultiWallet(wallets)
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  await wallets.alpha.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
  await expect(switchConnection(portico, { connection: byId(getConnections(portico), 'alpha') })).rejects.toMatchObject(
    { name: 'FailedToConnectError' },
  )
  expect(byId(getConnections(portico), 'alpha').status).toBe('disconnected')
  expect(getConnection(portico).connectorId).toBe('beta')

  const prompts = wallets.alpha.requests.filter((r) => r.method === 'eth_requestAccounts').length
  await switchConnection(portico, { connection: byId(getConnections(portico), 'alpha') })
  expect(wallets.alpha.requests.filter((r) => r.method === 'eth_requestAccounts')).toHaveLength(prompts + 1)
  expect(getConnection(portico).connectorId).toBe('alpha')
  expect(summary(getConnections(portico)).map((c) => c.status)).toEqual(['active', 'connected'])
})

test("behavior: a status other than connected, active or disconnected is 'Invalid connection status'", async () => {
  const portico = await startedMultiWallet(twoWallets())
  const connection = { namespace: 'eip155', connectorId: 'alpha', accounts: [alphaAddress], name: 'Alpha' }
  await expect(
    switchConnection(portico, { connection: { ...connection, status: 'pending' } as unknown as Connection }),
  ).rejects.toMatchObject({ name: 'InvalidConnectionStatusError', shortMessage: 'Invalid connection status' })
})

test("behavior: a wallet the page does not list is 'No connector found for connection'", async () => {
  const portico = await startedMultiWallet(twoWallets())
  const connection: Connection = {
    namespace: 'eip155',
    connectorId: 'gone',
    accounts: [alphaAddress],
    name: 'Gone',
    status: 'connected',
  }
  await expect(switchConnection(portico, { connection })).rejects.toMatchObject({
    shortMessage: 'No connector found for connection',
  })
})

test('behavior: a double click (two switches to the same wallet at once) asks the wallet once; both get the active connection', async () => {
  const wallets = twoWallets()
  const portico = await startedMultiWallet(wallets)
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  wallets.alpha.disconnectFromWallet()
  await vi.waitFor(() => expect(byId(getConnections(portico), 'alpha').status).toBe('disconnected'))
  const alpha = byId(getConnections(portico), 'alpha')
  const prompts = () => wallets.alpha.requests.filter((r) => r.method === 'eth_requestAccounts').length
  const before = prompts()
  const [first, second] = await Promise.all([
    switchConnection(portico, { connection: alpha }),
    switchConnection(portico, { connection: alpha }),
  ])
  expect(prompts() - before).toBe(1)
  expect(first).toMatchObject({ connectorId: 'alpha', status: 'active' })
  expect(second).toEqual(first)
  // Once settled, a deliberate switch is the user's again (already active: nothing asked).
  await switchConnection(portico, { connection: byId(getConnections(portico), 'beta') })
  expect(getConnection(portico).connectorId).toBe('beta')
})
