// @vitest-environment happy-dom
import { createStore } from 'mipd'
import { createWalletClient, custom, type Hex, toHex, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test, vi } from 'vitest'
import { devnetWalletIcon } from './devnetWalletIcon.js'
import { createTestEip1193Wallet } from './eip1193Wallet.js'
import { TestWalletUsageError } from './testWalletUsageError.js'

// Fixed throwaway keys: nothing here touches a chain (eip1193Wallet.devnet.test.ts does, with devnet keys).
const privateKeys = [1n, 2n, 3n].map((n) => toHex(n, { size: 32 }))
const [address0, address1] = privateKeys.map((key) => privateKeyToAccount(key).address) as [Hex, Hex]
// Never contacted: loopback port 9 (discard), so a stray request would fail fast and stay local.
const otherChain = { id: 1337, name: 'Other', rpcUrl: 'http://127.0.0.1:9/' }

function setup(parameters: Partial<Parameters<typeof createTestEip1193Wallet>[0]> = {}) {
  const wallet = createTestEip1193Wallet({
    accounts: privateKeys,
    chains: [{ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:9/anvil' }, otherChain],
    ...parameters,
  })
  const events = { accountsChanged: vi.fn(), chainChanged: vi.fn(), connect: vi.fn(), disconnect: vi.fn() }
  for (const [event, listener] of Object.entries(events)) wallet.provider.on(event as 'connect', listener)
  return { wallet, provider: wallet.provider, events }
}

test('default', async () => {
  const { wallet, provider } = setup()
  expect(wallet.info).toMatchObject({ name: 'Devnet Wallet', rdns: 'dev.portico.devnet', icon: devnetWalletIcon })
  expect(wallet.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  expect(Object.isFrozen(wallet.info)).toBe(true)
  expect(wallet.info.icon.startsWith('data:image/svg+xml;base64,')).toBe(true)
  expect(provider.isPorticoTestWallet).toBe(true)
  expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  expect(await provider.request({ method: 'net_version' })).toBe('31337')
  expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  expect(wallet.requests.map((r) => r.method)).toEqual(['eth_chainId', 'net_version', 'eth_accounts'])
})

test('parameters: initialChainId and info', async () => {
  const { wallet, provider } = setup({
    initialChainId: 1337,
    info: { name: 'Other Wallet', rdns: 'dev.example', uuid: 'u-1' },
  })
  expect(await provider.request({ method: 'eth_chainId' })).toBe('0x539')
  expect(wallet.info).toMatchObject({ name: 'Other Wallet', rdns: 'dev.example', uuid: 'u-1' })
})

test('behavior: misconfiguration throws a usage error that names the fix', () => {
  expect(() => createTestEip1193Wallet({ accounts: [], chains: [otherChain] })).toThrow(TestWalletUsageError)
  expect(() => createTestEip1193Wallet({ accounts: ['0x12'], chains: [otherChain] })).toThrow(/32-byte hex/)
  expect(() => createTestEip1193Wallet({ accounts: privateKeys, chains: [] })).toThrow(/at least one chain/)
  expect(() => createTestEip1193Wallet({ accounts: privateKeys, chains: [otherChain], initialChainId: 1 })).toThrow(
    /not among `chains`/,
  )
})

describe('EIP-6963', () => {
  test('behavior: announces, and re-announces on every requestProvider', () => {
    const { wallet, provider } = setup()
    const announced = vi.fn()
    window.addEventListener('eip6963:announceProvider', announced)
    const stop = wallet.announce()
    expect(announced).toHaveBeenCalledTimes(1)
    const detail = (announced.mock.calls[0]![0] as CustomEvent).detail
    expect(detail).toEqual({ info: wallet.info, provider })
    expect(Object.isFrozen(detail)).toBe(true)

    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(announced).toHaveBeenCalledTimes(2)

    stop()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(announced).toHaveBeenCalledTimes(2)
    window.removeEventListener('eip6963:announceProvider', announced)
  })

  test('behavior: discovered by a mipd store created before or after it announces', () => {
    const early = createStore()
    const { wallet, provider } = setup()
    const stop = wallet.announce()
    const late = createStore() // requests providers, so only the re-announce reaches it
    expect(early.findProvider({ rdns: 'dev.portico.devnet' })?.provider).toBe(provider)
    expect(late.findProvider({ rdns: 'dev.portico.devnet' })?.provider).toBe(provider)
    stop()
    early.destroy()
    late.destroy()
  })

  test('parameters: target', () => {
    const { wallet } = setup()
    const target = new EventTarget()
    const announced = vi.fn()
    target.addEventListener('eip6963:announceProvider', announced)
    const stop = wallet.announce(target)
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(announced).toHaveBeenCalledTimes(2)
    stop()
  })
})

test('behavior: injects as window.ethereum and restores the previous value', () => {
  const { wallet, provider } = setup()
  const previous = { isSomeOtherWallet: true }
  ;(window as unknown as { ethereum?: unknown }).ethereum = previous
  const initialized = vi.fn()
  window.addEventListener('ethereum#initialized', initialized)
  const restore = wallet.injectAsWindowEthereum()
  expect((window as unknown as { ethereum?: unknown }).ethereum).toBe(provider)
  expect(initialized).toHaveBeenCalledTimes(1)
  restore()
  expect((window as unknown as { ethereum?: unknown }).ethereum).toBe(previous)
  delete (window as unknown as { ethereum?: unknown }).ethereum
  window.removeEventListener('ethereum#initialized', initialized)
})

describe('accounts', () => {
  test('behavior: eth_requestAccounts connects, then eth_accounts returns the account', async () => {
    const { wallet, provider, events } = setup()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address0])
    expect(events.accountsChanged.mock.calls).toEqual([[[address0]]])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address0])
    // Already connected: no prompt, so a pending rejection stays armed.
    wallet.rejectNext()
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address0])
    expect(events.accountsChanged).toHaveBeenCalledTimes(1)
    expect(wallet.connected).toBe(true)
  })

  test('behavior: setAccount emits accountsChanged only while connected', async () => {
    const { wallet, provider, events } = setup()
    wallet.setAccount(1)
    expect(events.accountsChanged).not.toHaveBeenCalled()
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address1])
    wallet.setAccount(0)
    expect(events.accountsChanged.mock.calls).toEqual([[[address1]], [[address0]]])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address0])
    expect(() => wallet.setAccount(3)).toThrow(TestWalletUsageError)
  })

  test('behavior: disconnectFromWallet emits accountsChanged [] and disconnect (4900); reconnecting emits connect', async () => {
    const { wallet, provider, events } = setup()
    await provider.request({ method: 'eth_requestAccounts' })
    wallet.disconnectFromWallet()
    expect(events.accountsChanged).toHaveBeenLastCalledWith([])
    expect(events.disconnect).toHaveBeenCalledTimes(1)
    expect(events.disconnect.mock.calls[0]?.[0]).toMatchObject({ code: 4900 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])

    await provider.request({ method: 'eth_requestAccounts' })
    expect(events.connect).toHaveBeenCalledWith({ chainId: '0x7a69' })
    expect(events.accountsChanged).toHaveBeenLastCalledWith([address0])
  })

  test('behavior: permissions', async () => {
    const { provider, events } = setup()
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    const granted = await provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] })
    expect(granted).toMatchObject([
      { parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [address0] }] },
    ])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual(granted)
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(events.accountsChanged).toHaveBeenLastCalledWith([])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(
      provider.request({ method: 'wallet_requestPermissions', params: [{ eth_foo: {} } as never] }),
    ).rejects.toMatchObject({ code: -32602 })
  })
})

describe('signing', () => {
  test('behavior: personal_sign verifies with viem', async () => {
    const { provider } = setup()
    await provider.request({ method: 'eth_requestAccounts' })
    // Text is accepted as well as hex (as in MetaMask); viem's types only model hex.
    const text = await provider.request({ method: 'personal_sign', params: ['hello portico' as Hex, address0] })
    expect(await verifyMessage({ address: address0, message: 'hello portico', signature: text })).toBe(true)
    const raw = await provider.request({ method: 'personal_sign', params: ['0xdeadbeef', address0] })
    expect(await verifyMessage({ address: address0, message: { raw: '0xdeadbeef' }, signature: raw })).toBe(true)
    const ethSign = await provider.request({ method: 'eth_sign', params: [address0, '0xdeadbeef'] })
    expect(ethSign).toBe(raw)
  })

  test('behavior: personal_sign checks the address and the connection', async () => {
    const { provider } = setup()
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', address0] })).rejects.toMatchObject({
      code: 4100,
    })
    await provider.request({ method: 'eth_requestAccounts' })
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', address1] })).rejects.toMatchObject({
      code: 4100,
    })
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68', 'not-an-address' as Hex] }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  const typedData = {
    domain: {
      name: 'Portico',
      version: '1',
      chainId: 31337,
      verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
    },
    types: {
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
        { name: 'amount', type: 'uint256' },
      ],
    },
    primaryType: 'Mail',
    message: {
      from: { name: 'Alice', wallet: address0 },
      to: { name: 'Bob', wallet: address1 },
      contents: 'gm',
      amount: 10n ** 20n,
    },
  } as const

  test('behavior: eth_signTypedData_v4 (JSON string or object) verifies with viem', async () => {
    const { provider } = setup()
    await provider.request({ method: 'eth_requestAccounts' })
    const json = JSON.stringify(typedData, (_, v) => (typeof v === 'bigint' ? v.toString() : v))
    const fromString = await provider.request({ method: 'eth_signTypedData_v4', params: [address0, json] })
    expect(await verifyTypedData({ address: address0, ...typedData, signature: fromString })).toBe(true)
    const fromObject = await provider.request({
      method: 'eth_signTypedData_v4',
      params: [address0, JSON.parse(json)],
    })
    expect(fromObject).toBe(fromString)
  })

  test('behavior: eth_signTypedData_v4 refuses a domain on another chain', async () => {
    const { provider } = setup()
    await provider.request({ method: 'eth_requestAccounts' })
    const json = JSON.stringify({ ...typedData, domain: { ...typedData.domain, chainId: 1 } }, (_, v) =>
      typeof v === 'bigint' ? v.toString() : v,
    )
    await expect(provider.request({ method: 'eth_signTypedData_v4', params: [address0, json] })).rejects.toMatchObject({
      code: -32602,
      message: 'Provided chainId "1" must match the active chainId "31337".',
    })
  })

  test('behavior: works behind a viem wallet client', async () => {
    const { provider } = setup()
    const client = createWalletClient({ transport: custom(provider) })
    const [account] = await client.requestAddresses()
    expect(account).toBe(address0)
    const signature = await client.signTypedData({ account: address0, ...typedData })
    expect(await verifyTypedData({ address: address0, ...typedData, signature })).toBe(true)
    expect(await client.getChainId()).toBe(31337)
  })
})

describe('chains', () => {
  test('behavior: switching to a known chain emits chainChanged once', async () => {
    const { wallet, provider, events } = setup()
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x539' }] })).toBeNull()
    expect(events.chainChanged.mock.calls).toEqual([['0x539']])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x539')
    // Already there: no prompt, no event.
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x539' }] })
    expect(events.chainChanged).toHaveBeenCalledTimes(1)
    // Wallet-side switch.
    wallet.setChain(31337)
    expect(events.chainChanged).toHaveBeenLastCalledWith('0x7a69')
    expect(wallet.chainId).toBe(31337)
    expect(() => wallet.setChain(5)).toThrow(TestWalletUsageError)
  })

  test('behavior: switching to an unknown chain fails with 4902', async () => {
    const { provider, events } = setup()
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
    ).rejects.toMatchObject({
      code: 4902,
      message: 'Unrecognized chain ID "0x2105". Try adding the chain using wallet_addEthereumChain first.',
    })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '8453' as Hex }] }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(events.chainChanged).not.toHaveBeenCalled()
  })

  test('behavior: adding a chain switches to it; switching back and forth then works', async () => {
    const { provider, events } = setup()
    const base = {
      chainId: '0x2105',
      chainName: 'Base (test)',
      rpcUrls: ['http://127.0.0.1:9/base'],
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    } as const
    expect(await provider.request({ method: 'wallet_addEthereumChain', params: [base] })).toBeNull()
    expect(events.chainChanged.mock.calls).toEqual([['0x2105']])
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] })
    expect(events.chainChanged.mock.calls).toEqual([['0x2105'], ['0x7a69'], ['0x2105']])
  })

  test('behavior: wallet_addEthereumChain validates its parameters', async () => {
    const { provider } = setup()
    for (const params of [
      { chainId: '2105', rpcUrls: ['http://127.0.0.1:9/'] },
      { chainId: '0x02105', rpcUrls: ['http://127.0.0.1:9/'] },
      { chainId: '0x2105', rpcUrls: [] },
      { chainId: '0x2105', rpcUrls: ['ftp://127.0.0.1/'] },
      { chainId: '0x2105', rpcUrls: ['http://127.0.0.1:9/'], nativeCurrency: { symbol: 'ETH' } },
    ])
      await expect(
        provider.request({ method: 'wallet_addEthereumChain', params: [params as never] }),
      ).rejects.toMatchObject({ code: -32602 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })
})

describe('rejection', () => {
  test('behavior: rejectNext rejects with 4001 and leaves state unchanged', async () => {
    const { wallet, provider, events } = setup()
    wallet.rejectNext('eth_requestAccounts')
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(wallet.connected).toBe(false)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await provider.request({ method: 'eth_requestAccounts' })

    wallet.rejectNext('wallet_switchEthereumChain')
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x539' }] }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')

    wallet.rejectNext('wallet_addEthereumChain')
    await expect(
      provider.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0x2105', rpcUrls: ['http://127.0.0.1:9/'] } as never],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    // Not added: switching to it is still unknown.
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
    ).rejects.toMatchObject({ code: 4902 })

    // A method-specific rejection waits for its method; others pass.
    wallet.rejectNext('eth_sendTransaction')
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', address0] })).resolves.toMatch(/^0x/)
    expect(events.chainChanged).not.toHaveBeenCalled()
  })

  test('behavior: rejectNext() without a method rejects the next prompt of any kind, once', async () => {
    const { wallet, provider } = setup()
    await provider.request({ method: 'eth_requestAccounts' })
    wallet.rejectNext()
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', address0] })).rejects.toMatchObject({
      code: 4001,
    })
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', address0] })).resolves.toMatch(/^0x/)
  })

  test('behavior: setRejectAll', async () => {
    const { wallet, provider } = setup()
    wallet.setRejectAll(true)
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4001 })
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4001 })
    wallet.setRejectAll(false)
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([address0])
  })
})

test('behavior: unsupported methods fail with 4200 and malformed requests with -32600/-32602', async () => {
  const { provider } = setup()
  await expect(provider.request({ method: 'eth_signTransaction' as 'eth_chainId' })).rejects.toMatchObject({
    code: 4200,
  })
  await expect(provider.request({ method: 'wallet_foo' as 'eth_chainId' })).rejects.toMatchObject({ code: 4200 })
  await expect(provider.request({} as never)).rejects.toMatchObject({ code: -32600 })
  await expect(provider.request({ method: 'eth_chainId', params: {} } as never)).rejects.toMatchObject({ code: -32602 })
})

test('behavior: an unreachable RPC fails with -32603', async () => {
  const { provider } = setup({ initialChainId: 1337 })
  // Stubbed rather than a dead port: happy-dom would log the refused connection to the console.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')))
  try {
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({
      code: -32603,
      message: 'Internal JSON-RPC error: http://127.0.0.1:9/ failed.',
      cause: new TypeError('fetch failed'),
    })
  } finally {
    vi.unstubAllGlobals()
  }
})

test('parameters: smartAccount exposes the contract address, signs messages with the owner key, refuses the rest', async () => {
  const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const { wallet, provider } = setup({ smartAccount: { address: contract } })
  expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([contract])
  expect(wallet.address).toBe(contract)
  const signature = await provider.request({ method: 'personal_sign', params: [toHex('hello'), contract] })
  // The owner key signed: an EOA check of the contract's address fails, the owner's passes (ERC-1271
  // on chain is what accepts it; smartAccountSignIn.devnet.test.ts).
  expect(await verifyMessage({ address: address0, message: 'hello', signature })).toBe(true)
  expect(await verifyMessage({ address: contract, message: 'hello', signature })).toBe(false)
  await expect(
    provider.request({ method: 'eth_sendTransaction', params: [{ from: contract, to: address1, value: '0x1' }] }),
  ).rejects.toMatchObject({ code: 4200 })
  await expect(provider.request({ method: 'personal_sign', params: [toHex('hello'), address0] })).rejects.toMatchObject(
    {
      code: 4100,
    },
  )
  expect(() => setup({ smartAccount: { address: 'nope' as Hex } })).toThrow(TestWalletUsageError)
})

test('parameters: smartAccount.send answers the sending methods after the wallet checks the connection and asks the user', async () => {
  const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const handed: { chainId: string; method: string; params: readonly unknown[] }[] = []
  const send = async (request: { chainId: string; method: string; params: readonly unknown[] }) => {
    handed.push(request)
    if (request.method === 'wallet_getCapabilities')
      return { answer: { '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } } }
    if (request.method === 'wallet_getCallsStatus') throw Object.assign(new Error('Unknown bundle id'), { code: 5730 })
    return request.method === 'wallet_sendCalls' ? { answer: { id: '0x01' } } : undefined
  }
  const { wallet, provider } = setup({ smartAccount: { address: contract, send } })
  // Untyped: viem's request type wants a narrower batch than the wallet is given here.
  const ask = provider.request as (args: { method: string; params?: unknown[] }) => Promise<unknown>
  const batch = {
    version: '2.0.0',
    from: contract,
    chainId: '0x7a69' as const,
    atomicRequired: true,
    calls: [{ to: address1 }],
  }
  await expect(ask({ method: 'wallet_sendCalls', params: [batch] })).rejects.toMatchObject({ code: 4100 })
  await provider.request({ method: 'eth_requestAccounts' })
  expect(await provider.request({ method: 'wallet_getCapabilities', params: [contract, ['0x7a69']] })).toEqual({
    '0x7a69': {
      atomic: { status: 'supported' },
      assetDiscovery: { supported: true },
      paymasterService: { supported: true },
    },
  })
  wallet.rejectNext('wallet_sendCalls')
  await expect(ask({ method: 'wallet_sendCalls', params: [batch] })).rejects.toMatchObject({ code: 4001 })
  expect(await ask({ method: 'wallet_sendCalls', params: [batch] })).toEqual({ id: '0x01' })
  await expect(provider.request({ method: 'wallet_getCallsStatus', params: ['0x01'] })).rejects.toMatchObject({
    code: 5730,
  })
  // A method the account leaves to the wallet, which has no way to send it either.
  await expect(
    provider.request({ method: 'eth_sendTransaction', params: [{ from: contract, to: address1 }] }),
  ).rejects.toMatchObject({ code: 4200 })
  expect(handed.map((r) => [r.chainId, r.method])).toEqual([
    ['eip155:31337', 'wallet_getCapabilities'],
    ['eip155:31337', 'wallet_sendCalls'],
    ['eip155:31337', 'wallet_getCallsStatus'],
    ['eip155:31337', 'eth_sendTransaction'],
  ])
  expect(() => setup({ smartAccount: { address: contract, send: 'nope' as never } })).toThrow(/send/)
})
