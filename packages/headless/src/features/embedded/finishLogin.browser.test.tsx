// finishLogin in real Chromium against the real secure frame and auth server (ui's globalAuth.ts):
// once the frame has signed a user in, every namespace the login serves connects through the AUTH
// connector (the active one's address returned), and the login cache records the login, so that the
// next page restores it. The frame's sign-in here is the email code, sent straight to the frame.
import { afterEach, expect, inject, test } from 'vitest'
import {
  embeddedPortico,
  freshEmail,
  latestCode,
  pageStorage,
  stopEmbedded,
} from '../../../../ui/src/test/embeddedKit.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from '../../kernel/adapters/solana/solanaAdapter.js'
import { testNetworks } from '../../test/networks.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import { finishLogin } from './finishLogin.js'
import { reconnectEmbeddedWallet } from './reconnectEmbeddedWallet.js'
import { startEmailLogin } from './startEmailLogin.js'

afterEach(stopEmbedded)

/** A kit on the devnet's EVM chain and Solana cluster, both served by the embedded wallet. */
function twoChainKit(storage = pageStorage()) {
  const devnet = inject('devnet')
  const networks = testNetworks({
    evmRpcUrl: devnet.evmRpcUrl,
    solanaRpcUrl: devnet.solanaRpcUrl,
    genesisHash: devnet.solanaGenesisHash,
  })
  return embeddedPortico({
    storage,
    options: {
      networks: [networks.devnet, networks.solanaLocal],
      adapters: [eip155Adapter(), solanaAdapter()],
    },
  })
}

test('after the frame signs the user in, both namespaces connect through the AUTH connector and the login is recorded for the next page', async () => {
  const storage = pageStorage()
  const portico = twoChainKit(storage)
  const email = freshEmail('finish')
  await startEmailLogin(portico, { email })
  const wallet = getEmbeddedWallet(portico)
  await wallet.client.request('CONNECT_OTP', { otp: await latestCode(email) })
  // Signed in inside the frame only: the kit is not connected yet.
  expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')
  expect(wallet.readLoginCache().used).toBe(false)

  const result = await finishLogin(portico, wallet)
  expect(result).toMatchObject({ namespace: 'eip155', caipNetworkId: 'eip155:31337' })
  const evm = getConnection(portico, { namespace: 'eip155' })
  const solana = getConnection(portico, { namespace: 'solana' })
  expect(evm).toMatchObject({ status: 'connected', address: result.address, connectorId: 'auth' })
  expect(solana).toMatchObject({ status: 'connected', connectorId: 'auth' })
  expect(solana.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  expect(wallet.readLoginCache()).toMatchObject({ used: true, email })

  // The next page over the same storage gets the login back without a code.
  stopEmbedded()
  const next = twoChainKit(storage)
  expect(await reconnectEmbeddedWallet(next)).toMatchObject({ address: result.address })
})
