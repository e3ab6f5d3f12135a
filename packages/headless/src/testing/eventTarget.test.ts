// Plain Node on purpose (no DOM): the testing entry must import and work during SSR and in Node tests.
import { generatePrivateKey } from 'viem/accounts'
import { expect, test, vi } from 'vitest'
import { createTestEip1193Wallet } from './eip1193Wallet.js'
import { createCustomEvent, resolveEventTarget } from './eventTarget.js'
import { createTestSolanaWallet } from './solanaWallet.js'
import { TestWalletUsageError } from './testWalletUsageError.js'

test('default: there is no window here', () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
  expect(() => resolveEventTarget(undefined, 'announce')).toThrow(TestWalletUsageError)
  expect(() => resolveEventTarget(undefined, 'announce')).toThrowErrorMatchingInlineSnapshot(`
    [TestWalletUsageError: \`announce()\` needs a target: there is no \`window\` here.

    Pass one explicitly, e.g. \`announce(new EventTarget())\`, or run in a browser or happy-dom.
    Docs: https://portico.dev/docs/testing/wallets]
  `)
})

test('behavior: createCustomEvent dispatches on a Node EventTarget', () => {
  const target = new EventTarget()
  const listener = vi.fn()
  target.addEventListener('x', listener)
  target.dispatchEvent(createCustomEvent(target, 'x', { a: 1 }))
  expect((listener.mock.calls[0]![0] as CustomEvent).detail).toEqual({ a: 1 })
})

test('behavior: the EVM wallet works without a DOM, given an explicit target', async () => {
  const wallet = createTestEip1193Wallet({
    accounts: [generatePrivateKey()],
    chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9/' }],
  })
  expect(() => wallet.announce()).toThrow(TestWalletUsageError)
  expect(() => wallet.injectAsWindowEthereum()).toThrow(TestWalletUsageError)
  const target = new EventTarget()
  const announced = vi.fn()
  target.addEventListener('eip6963:announceProvider', announced)
  wallet.announce(target)()
  expect(announced).toHaveBeenCalledTimes(1)
  const [address] = await wallet.provider.request({ method: 'eth_requestAccounts' })
  await expect(wallet.provider.request({ method: 'personal_sign', params: ['0x68', address!] })).resolves.toMatch(
    /^0x[0-9a-f]{130}$/,
  )
})

test('behavior: the Solana wallet works without a DOM, given an explicit target', async () => {
  const solana = await createTestSolanaWallet({ seeds: ['01'.repeat(32)], rpcUrl: 'http://127.0.0.1:9/' })
  expect(() => solana.register()).toThrow(TestWalletUsageError)
  const target = new EventTarget()
  const registered = vi.fn(() => () => {})
  target.addEventListener('wallet-standard:register-wallet', (event) =>
    (event as CustomEvent<(api: { register: typeof registered }) => void>).detail({ register: registered }),
  )
  solana.register(target)()
  expect(registered).toHaveBeenCalledWith(solana.wallet)
  const { accounts } = await solana.wallet.features['standard:connect'].connect()
  const [output] = await solana.wallet.features['solana:signMessage'].signMessage({
    account: accounts[0]!,
    message: new Uint8Array([1, 2, 3]),
  })
  expect(output?.signature).toHaveLength(64)
})
