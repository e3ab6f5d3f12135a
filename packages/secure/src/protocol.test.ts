import { describe, expect, test } from 'vitest'
import { parseAppMessage, parseFrameMessage, parseFrameQuery } from './protocol.js'
import { rpcMethodKind } from './walletPolicy.js'

/** The parsed frame message, or a thrown error naming why it was refused. */
function frame(data: unknown) {
  const parsed = parseFrameMessage(data)
  if (!parsed.success) throw new Error(parsed.error)
  return parsed.data
}

describe('app→frame messages', () => {
  test('default: a connect-email request parses to its name and payload', () => {
    const parsed = parseAppMessage({
      id: 'r1',
      type: '@portico-app/CONNECT_EMAIL',
      payload: { email: 'ada@example.com' },
    })
    expect(parsed).toEqual({
      success: true,
      data: { id: 'r1', name: 'CONNECT_EMAIL', payload: { email: 'ada@example.com' } },
    })
  })

  test('behavior: every request without a payload parses where the payload is optional', () => {
    for (const name of [
      'SIGN_OUT',
      'IS_CONNECTED',
      'GET_CHAIN_ID',
      'GET_USER',
      'RPC_ABORT',
      'RELOAD',
      'CONNECT_DEVICE',
    ])
      expect(parseAppMessage({ id: 'x', type: `@portico-app/${name}` }).success).toBe(true)
  })

  test.each([
    ['no id', { type: '@portico-app/SIGN_OUT' }],
    ['unknown type', { id: 'a', type: '@portico-app/APPROVE' }],
    ['other prefix', { id: 'a', type: '@other/SIGN_OUT' }],
    ['invalid email', { id: 'a', type: '@portico-app/CONNECT_EMAIL', payload: { email: 'nope' } }],
    ['otp not six digits', { id: 'a', type: '@portico-app/CONNECT_OTP', payload: { otp: '12345' } }],
    ['otp a number', { id: 'a', type: '@portico-app/CONNECT_OTP', payload: { otp: 123456 } }],
    ['extra top-level key', { id: 'a', type: '@portico-app/SIGN_OUT', approve: true }],
    ['rpc without method', { id: 'a', type: '@portico-app/RPC_REQUEST', payload: { params: [] } }],
    ['not an object', 'CONNECT_EMAIL'],
    ['null', null],
  ])('error: %s is rejected', (_, data) => {
    expect(parseAppMessage(data).success).toBe(false)
  })
})

describe('frame→app messages', () => {
  test('default: ready carries an optional version', () => {
    expect(frame({ type: '@portico-frame/READY', payload: { version: '1' } })).toEqual({
      kind: 'ready',
      version: '1',
    })
    expect(frame({ type: '@portico-frame/READY' })).toEqual({ kind: 'ready', version: undefined })
  })

  test("behavior: an error reply carries the auth server's code for its refusal; an odd code is dropped, not the reply", () => {
    const reply = (authCode: unknown) =>
      frame({ id: 'r1', type: '@portico-frame/CONNECT_OTP_ERROR', payload: { message: 'Invalid code', authCode } })
    expect(reply('OTP_INVALID')).toEqual({
      kind: 'error',
      id: 'r1',
      name: 'CONNECT_OTP',
      message: 'Invalid code',
      code: undefined,
      authCode: 'OTP_INVALID',
    })
    for (const odd of ['otp invalid', 'X'.repeat(41), 42, { code: 'OTP_INVALID' }])
      expect(reply(odd)).toEqual({
        kind: 'error',
        id: 'r1',
        name: 'CONNECT_OTP',
        message: 'Invalid code',
        code: undefined,
      })
  })

  test('behavior: a success reply is checked against its request’s payload', () => {
    expect(
      frame({
        id: 'r1',
        type: '@portico-frame/CONNECT_EMAIL_SUCCESS',
        payload: { action: 'VERIFY_OTP' },
      }),
    ).toEqual({ kind: 'success', id: 'r1', name: 'CONNECT_EMAIL', payload: { action: 'VERIFY_OTP' } })
    expect(
      parseFrameMessage({
        id: 'r1',
        type: '@portico-frame/CONNECT_EMAIL_SUCCESS',
        payload: { action: 'APPROVE' },
      }).success,
    ).toBe(false)
    expect(
      frame({
        id: 'r2',
        type: '@portico-frame/IS_CONNECTED_SUCCESS',
        payload: { isConnected: true },
      }),
    ).toMatchObject({ payload: { isConnected: true } })
    // A session the server refused carries the server's reason (the kit's 'Session Expired').
    const refused = { isConnected: false, refused: 'JWT validation error: JWT Token has expired' }
    expect(frame({ id: 'r3', type: '@portico-frame/IS_CONNECTED_SUCCESS', payload: refused })).toMatchObject({
      payload: refused,
    })
    expect(
      parseFrameMessage({
        id: 'r4',
        type: '@portico-frame/IS_CONNECTED_SUCCESS',
        payload: { isConnected: false, refused: '' },
      }).success,
    ).toBe(false)
  })

  test("behavior: the user reply is the spec's embedded-wallet user; an earlier frame's reply still parses", () => {
    const address = '0x00000000000000000000000000000000000000aa'
    const user = {
      id: 'u1',
      email: null,
      address,
      chainId: 1,
      accounts: [{ namespace: 'eip155', address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      socialProvider: 'github',
      userName: 'ada-lovelace',
    }
    expect(frame({ id: 'r1', type: '@portico-frame/GET_USER_SUCCESS', payload: user })).toEqual({
      kind: 'success',
      id: 'r1',
      name: 'GET_USER',
      payload: user,
    })
    // A frame of an earlier version: '' for no email, no account types, no smart-account fields.
    const earlier = { id: 'u1', email: '', address, chainId: 1, accounts: [{ namespace: 'eip155', address }] }
    expect(frame({ id: 'r2', type: '@portico-frame/GET_USER_SUCCESS', payload: earlier })).toMatchObject({
      payload: earlier,
    })
    const invalid = [
      { ...user, accounts: [{ namespace: 'eip155', address, type: 'contract' }] },
      { ...user, smartAccountDeployed: 'no' },
      { ...user, email: undefined },
    ]
    for (const payload of invalid)
      expect(parseFrameMessage({ id: 'r3', type: '@portico-frame/GET_USER_SUCCESS', payload }).success).toBe(false)
  })

  test('behavior: an error reply without a message reads "An error occurred"', () => {
    expect(frame({ id: 'r1', type: '@portico-frame/RPC_REQUEST_ERROR', payload: {} })).toMatchObject({
      kind: 'error',
      message: 'An error occurred',
    })
    expect(
      frame({
        id: 'r1',
        type: '@portico-frame/RPC_REQUEST_ERROR',
        payload: { message: 'Request was aborted', code: 4001 },
      }),
    ).toMatchObject({ message: 'Request was aborted', code: 4001 })
  })

  test("behavior: a reverted operation's error reply carries its reason, revert data and hashes", () => {
    const userOpHash = `0x${'ab'.repeat(32)}`
    const data = { reason: 'UniswapV2Router: EXPIRED', revertData: '0x08c379a0', userOpHash }
    expect(
      frame({
        id: 'r1',
        type: '@portico-frame/RPC_REQUEST_ERROR',
        payload: { message: 'The user operation reverted: UniswapV2Router: EXPIRED', code: -32521, data },
      }),
    ).toMatchObject({ kind: 'error', code: -32521, data })
    // Detail that is not short strings is no reply the kit reads.
    const forged = { id: 'r2', type: '@portico-frame/RPC_REQUEST_ERROR', payload: { data: { revertData: 1 } } }
    expect(parseFrameMessage(forged).success).toBe(false)
  })

  test('behavior: visibility names its prompt (approval, export, storage) and may report a click the page hid', () => {
    expect(frame({ type: '@portico-frame/VISIBILITY', payload: { visible: true, reason: 'storage' } })).toEqual({
      kind: 'visibility',
      visible: true,
      reason: 'storage',
    })
    expect(
      frame({ type: '@portico-frame/VISIBILITY', payload: { visible: true, reason: 'approval', hidden: true } }),
    ).toEqual({ kind: 'visibility', visible: true, reason: 'approval', hidden: true })
    expect(
      parseFrameMessage({ type: '@portico-frame/VISIBILITY', payload: { visible: true, reason: 'popup' } }).success,
    ).toBe(false)
    expect(
      parseFrameMessage({ type: '@portico-frame/VISIBILITY', payload: { visible: true, hidden: 'yes' } }).success,
    ).toBe(false)
  })

  test('error: a reply without an id, for an unknown request, or malformed is rejected', () => {
    expect(parseFrameMessage({ type: '@portico-frame/SIGN_OUT_SUCCESS' }).success).toBe(false)
    expect(parseFrameMessage({ id: 'a', type: '@portico-frame/STEAL_KEY_SUCCESS' }).success).toBe(false)
    expect(parseFrameMessage({ id: 'a', type: '@portico-frame/VISIBILITY', payload: { visible: 'yes' } }).success).toBe(
      false,
    )
    expect(parseFrameMessage({ id: 'a', type: '@portico-app/READY' }).success).toBe(false)
  })
})

describe('key export and sync messages', () => {
  test('default: an export request names a namespace; anything else is refused', () => {
    expect(
      parseAppMessage({ id: 'e1', type: '@portico-app/EXPORT_PRIVATE_KEY', payload: { namespace: 'solana' } }),
    ).toEqual({ success: true, data: { id: 'e1', name: 'EXPORT_PRIVATE_KEY', payload: { namespace: 'solana' } } })
    expect(parseAppMessage({ id: 'e1', type: '@portico-app/EXPORT_PRIVATE_KEY' }).success).toBe(false)
    expect(
      parseAppMessage({ id: 'e1', type: '@portico-app/EXPORT_PRIVATE_KEY', payload: { namespace: 'cosmos' } }).success,
    ).toBe(false)
  })

  test('behavior: an export reply carries nothing: a key in it would be dropped by the parse', () => {
    expect(
      frame({
        id: 'e1',
        type: '@portico-frame/EXPORT_PRIVATE_KEY_SUCCESS',
        payload: { privateKey: `0x${'11'.repeat(32)}` },
      }),
    ).toEqual({ kind: 'success', id: 'e1', name: 'EXPORT_PRIVATE_KEY', payload: {} })
  })

  test('behavior: sync theme bounds the theme variables; sync dapp data bounds the metadata', () => {
    const theme = (themeVariables: unknown) =>
      parseAppMessage({ id: 't', type: '@portico-app/SYNC_THEME', payload: { themeMode: 'dark', themeVariables } })
    expect(theme({ '--w3m-accent': '#ff0000', '--w3m-color-mix-strength': 20 }).success).toBe(true)
    expect(theme({ '--w3m-accent': 'x'.repeat(257) }).success).toBe(false)
    expect(theme({ '--w3m-accent': { nested: true } }).success).toBe(false)
    expect(parseAppMessage({ id: 't', type: '@portico-app/SYNC_THEME', payload: { themeMode: 'sepia' } }).success).toBe(
      false,
    )
    const dapp = (metadata: unknown) =>
      parseAppMessage({ id: 'd', type: '@portico-app/SYNC_DAPP_DATA', payload: { projectId: 'p', metadata } })
    expect(dapp({ name: 'App', icons: ['https://app.example/icon.png'] }).success).toBe(true)
    expect(dapp({ name: 'x'.repeat(129) }).success).toBe(false)
    expect(dapp({ name: 'App', icons: Array.from({ length: 9 }, () => 'https://a/i.png') }).success).toBe(false)
  })
})

describe('rpc method lists and query', () => {
  test('behavior: methods are safe, unsafe, local or not allowed', () => {
    expect(rpcMethodKind('eth_getBalance')).toBe('safe')
    expect(rpcMethodKind('eth_sendRawTransaction')).toBe('safe')
    expect(rpcMethodKind('personal_sign')).toBe('unsafe')
    expect(rpcMethodKind('wallet_sendCalls')).toBe('unsafe')
    expect(rpcMethodKind('eth_chainId')).toBe('local')
    expect(rpcMethodKind('eth_sign')).toBeUndefined()
    // The spec's list: Solana signing, permission grants (unsafe), getAssets (answered by the frame).
    for (const method of [
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
    ])
      expect(rpcMethodKind(method)).toBe('unsafe')
    expect(rpcMethodKind('wallet_getAssets')).toBe('local')
    // The draft's list of grants: answered by the frame (this origin's grants only).
    expect(rpcMethodKind('wallet_getGrantedExecutionPermissions')).toBe('local')
    expect(rpcMethodKind('solana_signIn')).toBeUndefined()
    expect(rpcMethodKind('debug_traceTransaction')).toBeUndefined()
  })

  test('behavior: the frame query defaults to chain 1 and requires a project id', () => {
    expect(parseFrameQuery('?projectId=p')).toEqual({
      success: true,
      data: { projectId: 'p', chainId: 1, enableLogger: false },
    })
    expect(parseFrameQuery('?projectId=p&chainId=31337&enableLogger=true&version=1')).toMatchObject({
      data: { chainId: 31337, enableLogger: true, version: '1' },
    })
    expect(parseFrameQuery('?chainId=1').success).toBe(false)
    expect(parseFrameQuery('?projectId=p&chainId=abc').success).toBe(false)
    expect(parseFrameQuery('?projectId=p&rpcUrl=not%20a%20url').success).toBe(false)
  })
})
