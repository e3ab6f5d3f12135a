import { afterEach, expect, test } from 'vitest'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { removeTestWindow } from '../../test/window.js'
import { setPreferredAccountType } from './setPreferredAccountType.js'
import { defaultEmbeddedAccountType, smartAccountEndpoints } from './smartAccount.js'

afterEach(() => removeTestWindow())

const devnet = testNetworks().devnet
const options = (extra: Record<string, unknown> = {}) => ({
  projectId: 'p',
  networks: [devnet] as const,
  adapters: [eip155Adapter({ eip6963: false })],
  storage: memoryStorage(),
  embeddedWallet: { frameUrl: 'https://secure.example.com/' },
  ...extra,
})

test('error: not connected through the embedded wallet, the switch fails before any frame is added', async () => {
  // Node has no document: adding the frame first would fail with another error than this one.
  await expect(setPreferredAccountType(createPortico(options()), { type: 'eoa' })).rejects.toMatchObject({
    name: 'NotConnectedToEmailError',
  })
})

test('default: eip155 embedded users get the smart account (the spec), unless defaultAccountTypes says eoa', () => {
  expect(defaultEmbeddedAccountType(createPortico(options()))).toBe('smartAccount')
  expect(defaultEmbeddedAccountType(createPortico(options({ defaultAccountTypes: { eip155: 'eoa' } })))).toBe('eoa')
})

test("behavior: a network's bundler and paymaster go to the frame; 'hosted' is the spec's bundler call", () => {
  expect(smartAccountEndpoints(createPortico(options()), devnet)).toEqual({})
  const own = createPortico(
    options({
      bundlerMap: { [devnet.caipNetworkId]: 'http://127.0.0.1:4337/' },
      paymasterMap: { [devnet.caipNetworkId]: 'http://127.0.0.1:4338/' },
    }),
  )
  expect(smartAccountEndpoints(own, devnet)).toEqual({
    bundlerUrl: 'http://127.0.0.1:4337/',
    paymasterUrl: 'http://127.0.0.1:4338/',
  })
  const hosted = createPortico(
    options({ bundlerMap: { [devnet.caipNetworkId]: 'hosted' }, apiUrls: { blockchain: 'http://127.0.0.1:9/' } }),
  )
  const url = new URL(smartAccountEndpoints(hosted, devnet).bundlerUrl ?? '')
  expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9/v1/bundler')
  expect(Object.fromEntries(url.searchParams)).toEqual({
    projectId: 'p',
    chainId: devnet.caipNetworkId,
    bundler: 'pimlico',
  })
})
