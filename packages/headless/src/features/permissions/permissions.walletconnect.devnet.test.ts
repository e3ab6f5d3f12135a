// The permissions feature over WalletConnect with the devnet web wallet (a real @reown/walletkit
// peer through the devnet relay, anvil for the sends): the wallet asks once for the grant, answers
// sends within it with no prompt, asks beyond it, and revokes and lists with no prompt.
import { createPublicClient, http } from 'viem'
import { expect, test } from 'vitest'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { sendCalls } from '../calls/sendCalls.js'
import { getPermissions } from './getPermissions.js'
import { grantPermissions } from './grantPermissions.js'
import { revokePermissions } from './revokePermissions.js'

const suite = walletConnectSuite()
const to = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const

test('over WalletConnect: grant after a prompt, a send within it with no prompt (on anvil), beyond it prompted, revoke, listed', async () => {
  const { portico } = suite.createDapp({ options: { features: { smartSessions: true }, blockchainApi: false } })
  const wallet = await suite.createWallet({ autoApprove: { requests: 'manual' } })
  await suite.pairAndConnect(portico, wallet)
  const client = createPublicClient({ transport: http(suite.devnet.evm.rpcUrl) })

  const granting = grantPermissions(portico, {
    expiry: Math.floor(Date.now() / 1000) + 3600,
    permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x3e8', period: 86400 } }],
  })
  const prompt = await wallet.nextRequest()
  expect(prompt.method).toBe('wallet_grantPermissions')
  await prompt.approve()
  const grant = await granting
  expect(grant).toMatchObject({ source: 'wallet', chainId: 31337, address: wallet.accounts.eip155.address })
  expect((await getPermissions(portico)).map((p) => p.context)).toEqual([grant.context])

  const before = await client.getBalance({ address: to })
  const capabilities = { permissions: { context: grant.context } }
  // Within it: no request reaches the user (manual mode would hold one).
  await sendCalls(portico, { calls: [{ to, value: 600n }], capabilities })
  expect(await client.getBalance({ address: to })).toBe(before + 600n)

  const over = sendCalls(portico, { calls: [{ to, value: 600n }], capabilities })
  const asked = await wallet.nextRequest()
  expect(asked.method).toBe('wallet_sendCalls')
  await asked.reject()
  await expect(over).rejects.toMatchObject({ name: 'UserRejectedRequestError' })

  expect(await revokePermissions(portico, { context: grant.context })).toEqual({ context: grant.context })
  expect(await getPermissions(portico)).toEqual([])
  expect(await client.getBalance({ address: to })).toBe(before + 600n)
})
