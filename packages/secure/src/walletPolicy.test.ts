// The frame's wallet policy (walletPolicy.ts) at its boundaries: which RPC methods go to the chain,
// which need the user's approval in the frame, which the frame answers itself and which are refused;
// how long a prompt must be seen before its approval counts; which networks are accepted unasked.
// The main method cases are in protocol.test.ts; the arming rule itself in frame/visibility.test.ts;
// the spec's network list in frame/acceptsNetwork.test.ts; the refusal texts in frame/rpc.test.ts.
import { describe, expect, test } from 'vitest'
import { createArming } from './frame/visibility.js'
import { approvalDelayMs, frameNetworks, rpcMethodKind, rpcMethods } from './walletPolicy.js'

const kinds = ['safe', 'unsafe', 'local'] as const
const listed = kinds.flatMap((kind) => rpcMethods[kind].map((method) => [method, kind] as const))

describe('rpcMethodKind', () => {
  test('default: each listed method is on exactly one list, and reports that list', () => {
    expect(listed).toHaveLength(41)
    expect(new Set(listed.map(([method]) => method)).size).toBe(listed.length)
    for (const [method, kind] of listed) expect(rpcMethodKind(method), method).toBe(kind)
  })

  test('security: the methods that use the key all need the user’s approval, exactly these', () => {
    expect([...rpcMethods.unsafe].sort()).toEqual(
      [
        'eth_sendTransaction',
        'eth_signTransaction',
        'eth_signTypedData_v4',
        'personal_sign',
        'solana_signAllTransactions',
        'solana_signAndSendTransaction',
        'solana_signMessage',
        'solana_signTransaction',
        'wallet_grantPermissions',
        'wallet_revokePermissions',
        'wallet_sendCalls',
      ].sort(),
    )
  })

  test('security: nothing that signs, sends, grants or revokes goes without approval (eth_sendRawTransaction is already signed)', () => {
    const keyUse = /sign|^eth_send(?!RawTransaction$)|^wallet_(send|grant|revoke)/i
    for (const method of [...rpcMethods.safe, ...rpcMethods.local]) expect(method).not.toMatch(keyUse)
    expect(rpcMethodKind('eth_sendRawTransaction')).toBe('safe')
  })

  test('security: the accounts and the chain id are the frame’s to say, never a node’s', () => {
    // Forwarded, a node would answer with its own (unlocked) accounts, or another chain than the frame's.
    for (const method of ['eth_accounts', 'eth_requestAccounts', 'eth_chainId', 'wallet_getCapabilities'])
      expect(rpcMethodKind(method)).toBe('local')
  })

  test.each([
    ['eth_sign', 'signs a raw hash the user cannot read'],
    ['eth_signTypedData', 'an old typed-data format'],
    ['eth_signTypedData_v1', 'an old typed-data format'],
    ['eth_signTypedData_v3', 'an old typed-data format'],
    ['eth_decrypt', 'decrypts with the key'],
    ['eth_getEncryptionPublicKey', 'derives from the key'],
    ['personal_sendTransaction', 'a node-held key'],
    ['personal_unlockAccount', 'a node-held key'],
    ['personal_importRawKey', 'a node-held key'],
    ['personal_listAccounts', 'a node’s accounts'],
    ['eth_coinbase', 'a node’s account'],
    ['eth_sendUserOperation', 'a bundler method, sent only by the frame itself'],
    ['wallet_addEthereumChain', 'network changes go through switch network'],
    ['wallet_switchEthereumChain', 'network changes go through switch network'],
    ['wallet_requestPermissions', 'not offered'],
    ['wallet_watchAsset', 'not offered'],
    ['eth_subscribe', 'needs a socket'],
    ['debug_traceTransaction', 'a node’s debug namespace'],
    ['admin_addPeer', 'a node’s admin namespace'],
    ['solana_signIn', 'not offered'],
  ])('security: %s is on no list (%s): refused', (method) => {
    expect(rpcMethodKind(method)).toBeUndefined()
  })

  test.each([
    ['another case', 'Personal_sign'],
    ['capitals', 'ETH_CALL'],
    ['a leading space', ' eth_call'],
    ['a trailing space', 'eth_call '],
    ['a trailing newline', 'eth_chainId\n'],
    ['a suffix', 'eth_callx'],
    ['a prefix only', 'eth_'],
    ['a look-alike letter', 'eth_cаll'],
    ['a zero-width space', 'eth\u200B_call'],
    ['a list name', 'safe'],
    ['a list name', 'unsafe'],
    ['a prototype name', 'constructor'],
    ['a prototype name', '__proto__'],
    ['a prototype name', 'toString'],
    ['an array method', 'includes'],
    ['an index', '0'],
    ['nothing', ''],
  ])('edge: a method with %s (%j) is not allowed', (_, method) => {
    expect(rpcMethodKind(method)).toBeUndefined()
  })
})

describe('approvalDelayMs', () => {
  test('security: neither click of a double-click (900 ms apart at most) can approve a prompt shown at the first', () => {
    // The longest double-click interval an operating system allows (Windows) is 900 ms.
    expect(approvalDelayMs).toBeGreaterThan(900)
    const arming = createArming(approvalDelayMs)
    arming.see(true, 0)
    expect(arming.state(0)).toBe('arming')
    expect(arming.state(900)).toBe('arming')
  })

  test('edge: a click counts from exactly the delay after the prompt came into view, not a millisecond sooner', () => {
    const arming = createArming(approvalDelayMs)
    arming.see(true, 10_000)
    expect(arming.state(10_000 + approvalDelayMs - 1)).toBe('arming')
    expect(arming.state(10_000 + approvalDelayMs)).toBe('armed')
  })

  test('security: a prompt the page hides just before the delay ends waits the full delay again once shown', () => {
    const arming = createArming(approvalDelayMs)
    arming.see(true, 0)
    arming.see(false, approvalDelayMs - 1)
    arming.see(true, approvalDelayMs)
    expect(arming.state(approvalDelayMs)).toBe('arming')
    expect(arming.state(2 * approvalDelayMs - 1)).toBe('arming')
    expect(arming.state(2 * approvalDelayMs)).toBe('armed')
  })
})

describe('frameNetworks', () => {
  test('edge: a network matches by its exact value: numbers for EVM chains, case-sensitive genesis references for Solana', () => {
    expect(frameNetworks.has(8453)).toBe(true)
    expect(frameNetworks.has('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(true)
    for (const id of [
      '8453',
      8453n,
      'eip155:8453',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      '5EYKT4USFV8P8NJDTREPY1VZQKQZKVDP',
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp ',
      0,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      // Local dev chains need the host's RPC URL.
      31337,
      1337,
    ])
      expect(frameNetworks.has(id as number | string)).toBe(false)
  })

  test('default: each EVM id is a positive safe integer and each Solana reference 32 base58 characters', () => {
    for (const id of frameNetworks)
      if (typeof id === 'number') expect(Number.isSafeInteger(id) && id > 0).toBe(true)
      else expect(id).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32}$/)
  })
})
