// Node environment: @portico/devnet starts anvil. A smart-contract account (the ERC-1271 wallet in
// src/test/PorticoTestSmartWallet.sol, deployed on anvil) signs in through the CLIENT flow: connect,
// the sign step, the wallet signs with its owner key, and the server verifier (createSiwxHandlers
// over real Node http) accepts it only through the contract's isValidSignature.
import { type AnvilInstance, evmChainId, startAnvil } from '@portico/devnet'
import type { Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
// The sign-in server of @portico/auth (by path: a dependency back would be a cycle).
import { browserFetch, startSiwxServer } from '../../../../auth/src/test/siwxServer.js'
import { connect } from '../../kernel/actions/connect.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import type { Portico } from '../../kernel/portico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { setUpSmartWallets } from '../../test/smartWallet.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { getSiwxState, type SiwxState } from './getSiwxState.js'
import { serverSiwx } from './serverSiwx.js'
import { signInSiwx } from './signInSiwx.js'
import { watchSiwxState } from './watchSiwxState.js'

const chainId = `eip155:${evmChainId}` as const
let anvil: AnvilInstance
let wallets: Awaited<ReturnType<typeof setUpSmartWallets>>
let base = ''
let siwxServer: Awaited<ReturnType<typeof startSiwxServer>> | undefined
const stops: (() => void)[] = []

beforeAll(async () => {
  anvil = await startAnvil()
  wallets = await setUpSmartWallets(anvil.rpcUrl)
  // The host's backend: the verifier reaches anvil to call isValidSignature.
  siwxServer = await startSiwxServer({
    domain: 'app.test',
    uri: 'https://app.test',
    chainIds: [chainId],
    rpcUrls: { [chainId]: anvil.rpcUrl },
  })
  base = siwxServer.base
}, 60_000)
afterAll(async () => {
  await siwxServer?.stop()
  await anvil?.stop()
})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  removeTestWindow()
})

/** The smart account's test wallet (signing with `signerKey`) connected to a Portico with server sign-in. */
async function connectSmartAccount(address: Address, signerKey: `0x${string}`) {
  installTestWindow()
  const wallet = createTestEip1193Wallet({
    accounts: [signerKey],
    chains: [{ id: evmChainId, name: 'Devnet', rpcUrl: anvil.rpcUrl }],
    smartAccount: { address },
  })
  const fetchWithCookies = browserFetch().fetch
  const portico = createPortico({
    projectId: 'p',
    networks: [testNetworks({ evmRpcUrl: anvil.rpcUrl }).devnet],
    adapters: [
      eip155Adapter({ eip6963: false, connectors: [{ id: 'smart', name: 'Smart', provider: wallet.provider }] }),
    ],
    storage: memoryStorage(),
    siwx: serverSiwx({
      url: `${base}/api/siwx/`,
      fetch: fetchWithCookies,
      domain: 'app.test',
      uri: 'https://app.test',
    }),
  })
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'smart', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  return { wallet, portico, fetch: fetchWithCookies }
}

function stateWhere(portico: Portico, match: (state: SiwxState) => boolean): Promise<SiwxState> {
  return new Promise((resolve) => {
    const now = getSiwxState(portico)
    if (match(now)) return resolve(now)
    const stop = watchSiwxState(portico, {
      onChange(state) {
        if (!match(state)) return
        stop()
        resolve(state)
      },
    })
  })
}

test('behavior: a deployed ERC-1271 account signs in through the client flow; the server checks it on chain', async () => {
  const ownerKey = generatePrivateKey()
  const owner = privateKeyToAccount(ownerKey)
  const address = await wallets.deployWallet(owner.address, `0x${'0a'.padStart(64, '0')}`)
  const { wallet, portico, fetch } = await connectSmartAccount(address, ownerKey)
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticating', address, caipNetworkId: chainId })

  const session = await signInSiwx(portico)
  expect(session.data.accountAddress).toBe(address)
  expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1)
  // The owner's signature is not the account's own (an EOA check alone would refuse it): only the
  // contract's isValidSignature, reached by the verifier through anvil, makes it valid.
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticated', step: 'idle' })
  expect(await (await fetch(`${base}/protected`)).json()).toEqual({ hello: address })
})

test('behavior: a key that does not own the account is refused by the contract; nothing is stored, retry stays possible', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const address = await wallets.deployWallet(owner.address, `0x${'0b'.padStart(64, '0')}`)
  const { portico, fetch } = await connectSmartAccount(address, generatePrivateKey())
  await expect(signInSiwx(portico)).rejects.toThrow()
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticating', step: 'failed', sessions: [] })
  expect((await fetch(`${base}/protected`)).status).toBe(401)
})
