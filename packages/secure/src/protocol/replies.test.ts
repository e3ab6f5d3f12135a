// The parse the kit runs on each frame→app event (replies.ts): the envelope (strict), every
// request's reply type, what a reply can never carry to the page (a key, a seed, a share: extra keys
// are dropped everywhere but in an RPC result), hex and addresses of the wrong shape, non-finite
// numbers, bounds, and that every error reply the frame builds (frame/rpcError.ts's errorReply) is
// one the kit reads. The main cases are in ../protocol.test.ts; the field schemas in fields.test.ts;
// the check that only the frame's own window on its origin is heard is the kit's frameClient,
// tested end to end in tests/e2e/embeddedFrameSafety.test.ts.
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from 'vitest'
import { forward } from '../frame/chainRpc.js'
import { revertedError } from '../frame/operationErrors.js'
import { errorReply, RpcError } from '../frame/rpcError.js'
import {
  authCodePattern,
  type FrameSuccessPayload,
  frameSuccessSchemas,
  parseFrameMessage,
  revertedOperationCode,
} from './replies.js'
import { type AppRequestName, requestNames } from './requests.js'

const address = '0x00000000000000000000000000000000000000aa'
const secretKey = `0x${'5e'.repeat(32)}`
const mnemonic = 'test test test test test test test test test test test junk'

/** The parsed frame message, or a thrown error with the parse's text. */
function frame(data: unknown) {
  const parsed = parseFrameMessage(data)
  if (!parsed.success) throw new Error(parsed.error)
  return parsed.data
}
const reply = (name: string, payload?: unknown, kind: 'SUCCESS' | 'ERROR' = 'SUCCESS') =>
  parseFrameMessage({ id: 'r1', type: `@portico-frame/${name}_${kind}`, payload })

const user = {
  id: 'u1',
  email: 'ada@example.com',
  address,
  chainId: 1,
  accounts: [{ namespace: 'eip155', address, type: 'eoa' }],
}

/** A success payload each request's reply accepts. */
const validPayloads: { [N in AppRequestName]: FrameSuccessPayload<N> } = {
  SWITCH_NETWORK: { chainId: 1 },
  CONNECT_EMAIL: { action: 'VERIFY_OTP' },
  CONNECT_DEVICE: undefined,
  CONNECT_OTP: undefined,
  CONNECT_SOCIAL: user as FrameSuccessPayload<'CONNECT_SOCIAL'>,
  GET_FARCASTER_URI: { url: 'http://127.0.0.1/farcaster' },
  CONNECT_FARCASTER: { userName: 'ada' },
  GET_USER: user as FrameSuccessPayload<'GET_USER'>,
  GET_SOCIAL_REDIRECT_URI: { uri: 'http://127.0.0.1/oauth' },
  SIGN_OUT: undefined,
  IS_CONNECTED: { isConnected: true },
  GET_CHAIN_ID: { chainId: 1 },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { smartAccountEnabledNetworks: [1, 8453] },
  INIT_SMART_ACCOUNT: { address },
  SET_PREFERRED_ACCOUNT: { type: 'smartAccount', address },
  RPC_REQUEST: '0x1',
  UPDATE_EMAIL: { action: 'VERIFY_PRIMARY_OTP' },
  UPDATE_EMAIL_PRIMARY_OTP: undefined,
  UPDATE_EMAIL_SECONDARY_OTP: { newEmail: 'ada@example.org' },
  SYNC_THEME: undefined,
  SYNC_DAPP_DATA: undefined,
  RELOAD: undefined,
  RPC_ABORT: undefined,
  EXPORT_PRIVATE_KEY: {},
  CONNECT_PASSKEY: undefined,
  APPROVE_DEVICE_PASSKEY: undefined,
  REGISTER_PASSKEY: { id: 'credential-1' },
  DELETE_ACCOUNT: { keys: [{ namespace: 'eip155', address }] },
  UPGRADE_ACCOUNT: { address, implementation: address },
  UNDO_ACCOUNT_UPGRADE: { address },
}

describe('reply types', () => {
  test('default: every request has a success schema, and nothing else does', () => {
    expect(Object.keys(frameSuccessSchemas).sort()).toEqual([...requestNames].sort())
  })

  test.each(requestNames)('behavior: %s’s success and error replies parse to that request', (name) => {
    expect(reply(name, validPayloads[name])).toEqual({
      success: true,
      data: { kind: 'success', id: 'r1', name, payload: validPayloads[name] },
    })
    expect(reply(name, { message: 'No' }, 'ERROR')).toEqual({
      success: true,
      data: { kind: 'error', id: 'r1', name, message: 'No', code: undefined },
    })
  })

  test.each([
    ['lower case', 'get_user_success'],
    ['a trailing space', 'GET_USER_SUCCESS '],
    ['a trailing newline', 'GET_USER_SUCCESS\n'],
    ['no outcome', 'GET_USER'],
    ['a plural outcome', 'GET_USER_ERRORS'],
    ['a doubled outcome', 'GET_USER_SUCCESS_SUCCESS'],
    ['an outcome alone', '_SUCCESS'],
    ['a prototype name', 'constructor_SUCCESS'],
    ['a prototype name in capitals', '__PROTO___ERROR'],
    ['an outcome of a frame event', 'READY_SUCCESS'],
  ])('error: a reply type with %s is refused', (_, rest) => {
    expect(parseFrameMessage({ id: 'r1', type: `@portico-frame/${rest}`, payload: {} })).toEqual({
      success: false,
      error: `Invalid frame message @portico-frame/${rest}`,
    })
  })
})

describe('the envelope', () => {
  test.each([
    ['an extra top-level key', { id: 'r1', type: '@portico-frame/SIGN_OUT_SUCCESS', privateKey: secretKey }],
    ['an own __proto__ key', JSON.parse('{"id":"r1","type":"@portico-frame/SIGN_OUT_SUCCESS","__proto__":{}}')],
    ['a 65-character id', { id: 'a'.repeat(65), type: '@portico-frame/SIGN_OUT_SUCCESS' }],
    ['an empty id', { id: '', type: '@portico-frame/SIGN_OUT_SUCCESS' }],
    ['a numeric id', { id: 7, type: '@portico-frame/SIGN_OUT_SUCCESS' }],
    ['a request posted back', { id: 'r1', type: '@portico-app/SIGN_OUT' }],
    ['a type of 129 characters', { id: 'r1', type: `@portico-frame/${'A'.repeat(108)}_ERROR` }],
    ['an array', [{ type: '@portico-frame/READY' }]],
    ['a string', '@portico-frame/READY'],
    ['null', null],
  ])('error: %s is "Not a frame message"', (_, data) => {
    expect(parseFrameMessage(data)).toEqual({ success: false, error: 'Not a frame message' })
  })

  test('edge: a frame event may carry an id; a reply without one is refused', () => {
    expect(frame({ id: 'x'.repeat(64), type: '@portico-frame/READY' })).toMatchObject({ kind: 'ready' })
    expect(parseFrameMessage({ type: '@portico-frame/GET_USER_ERROR', payload: {} }).success).toBe(false)
  })
})

describe('replies that would carry a secret', () => {
  const secrets = { privateKey: secretKey, mnemonic, secret: secretKey, seed: secretKey, share: secretKey }

  test.each(requestNames.filter((name) => name !== 'RPC_REQUEST'))(
    'security: a secret added to %s’s success reply never reaches the page',
    (name) => {
      const valid = validPayloads[name]
      const parsed = frame({
        id: 'r1',
        type: `@portico-frame/${name}_SUCCESS`,
        payload: { ...(valid as object | undefined), ...secrets },
      })
      expect(parsed).toMatchObject({ kind: 'success', name })
      const text = JSON.stringify(parsed)
      expect(text).not.toContain(secretKey)
      expect(text).not.toContain('test junk')
    },
  )

  test('security: a secret nested in the user’s accounts or sign-in data, or in the deleted keys, is dropped', () => {
    const siwxMessage = {
      accountAddress: address,
      chainId: 'eip155:1',
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173',
      version: '1',
      nonce: 'abcdefgh',
    }
    const parsed = frame({
      id: 'r1',
      type: '@portico-frame/GET_USER_SUCCESS',
      payload: {
        ...user,
        accounts: [{ namespace: 'solana', address, privateKey: secretKey }],
        siwxMessage: { ...siwxMessage, privateKey: secretKey },
      },
    })
    expect(parsed).toMatchObject({ payload: { accounts: [{ namespace: 'solana', address }], siwxMessage } })
    expect(JSON.stringify(parsed)).not.toContain(secretKey)
    const deleted = frame({
      id: 'r2',
      type: '@portico-frame/DELETE_ACCOUNT_SUCCESS',
      payload: { keys: [{ namespace: 'eip155', address, privateKey: secretKey, mnemonic }] },
    })
    expect(deleted).toEqual({
      kind: 'success',
      id: 'r2',
      name: 'DELETE_ACCOUNT',
      payload: { keys: [{ namespace: 'eip155', address }] },
    })
  })

  test('security: an error reply, the ready message and a visibility event drop what they do not name', () => {
    const error = frame({
      id: 'r1',
      type: '@portico-frame/EXPORT_PRIVATE_KEY_ERROR',
      payload: {
        message: 'User rejected the request.',
        code: 4001,
        privateKey: secretKey,
        // A key shaped like an auth code, or in a reverted operation's detail.
        authCode: secretKey.toUpperCase(),
        data: { revertData: '0x', privateKey: secretKey },
      },
    })
    expect(error).toEqual({
      kind: 'error',
      id: 'r1',
      name: 'EXPORT_PRIVATE_KEY',
      message: 'User rejected the request.',
      code: 4001,
      data: { revertData: '0x' },
    })
    expect(frame({ type: '@portico-frame/READY', payload: { version: '1', privateKey: secretKey } })).toEqual({
      kind: 'ready',
      version: '1',
      build: undefined,
    })
    expect(
      frame({ type: '@portico-frame/VISIBILITY', payload: { visible: true, reason: 'export', key: secretKey } }),
    ).toEqual({ kind: 'visibility', visible: true, reason: 'export' })
  })

  test('edge: an RPC result is handed on as the frame gave it (what the RPC handlers answer decides)', () => {
    const result = { anything: [1, 'two'], nested: { deep: true } }
    expect(frame({ id: 'r1', type: '@portico-frame/RPC_REQUEST_SUCCESS', payload: result })).toEqual({
      kind: 'success',
      id: 'r1',
      name: 'RPC_REQUEST',
      payload: result,
    })
  })

  test('default: an auth code is capitals and underscores, 1 to 40 of them; nothing shaped like a key passes', () => {
    expect(authCodePattern.test('OTP_EXPIRED')).toBe(true)
    expect(authCodePattern.test('A'.repeat(40))).toBe(true)
    for (const odd of ['A'.repeat(41), '', 'OTP_EXPIRED\n', secretKey, secretKey.slice(2).toUpperCase(), mnemonic])
      expect(authCodePattern.test(odd)).toBe(false)
  })
})

describe('hex and addresses in the user record', () => {
  const parseUser = (patch: Record<string, unknown>) => reply('GET_USER', { ...user, ...patch }).success
  const hex = (n: number) => 'ab'.repeat(n / 2) + (n % 2 ? 'a' : '')

  test("edge: a signature is 0x and whole bytes, an EOA's 65 up to a smart account's 4 KiB, either case", () => {
    expect(parseUser({ signature: `0x${hex(130)}` })).toBe(true)
    expect(parseUser({ signature: `0x${hex(130).toUpperCase()}` })).toBe(true)
    // An ERC-6492-wrapped ERC-7739 signature (a counterfactual smart account's) is a few hundred bytes.
    expect(parseUser({ signature: `0x${hex(1_088)}` })).toBe(true)
    expect(parseUser({ signature: `0x${hex(8_192)}` })).toBe(true)
    for (const signature of [
      `0x${hex(128)}`,
      `0x${hex(129)}`,
      `0x${hex(131)}`,
      `0x${hex(1_087)}`,
      `0x${hex(8_194)}`,
      `0x${hex(128)}zz`,
      `0X${hex(130)}`,
      hex(132),
      `0x${hex(130)}\n`,
      ` 0x${hex(130)}`,
      '0x',
    ])
      expect(parseUser({ signature })).toBe(false)
  })

  test('edge: a delegation is a 20-byte address: 0x and exactly 40 hex digits', () => {
    expect(parseUser({ delegation: `0x${hex(40)}` })).toBe(true)
    for (const delegation of [
      `0x${hex(38)}`,
      `0x${hex(39)}`,
      `0x${hex(41)}`,
      `0x${hex(64)}`,
      `0x${hex(38)}gg`,
      `0xef0100${hex(40)}`,
      `${hex(40)}`,
      `0x${hex(40)}\n`,
      '',
    ])
      expect(parseUser({ delegation })).toBe(false)
  })

  test('error: an account of another namespace or type, a missing email or a chain id that is no positive integer', () => {
    for (const patch of [
      { accounts: [{ namespace: 'cosmos', address }] },
      { accounts: [{ namespace: 'eip155', address, type: 'SmartAccount' }] },
      { accounts: { 0: { namespace: 'eip155', address } } },
      { email: 7 },
      { chainId: Number.NaN },
      { chainId: Number.POSITIVE_INFINITY },
      { chainId: 0 },
      { chainId: 1.5 },
      { message: '' },
      { message: 'm'.repeat(8193) },
    ])
      expect(parseUser(patch)).toBe(false)
    expect(parseUser({ message: 'm'.repeat(8192) })).toBe(true)
  })
})

describe('numbers in replies', () => {
  test.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('error: %s is refused wherever a reply carries a number', (_, value) => {
    expect(reply('GET_CHAIN_ID', { chainId: value }).success).toBe(false)
    expect(reply('SWITCH_NETWORK', { chainId: value }).success).toBe(false)
    expect(reply('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [1, value] }).success).toBe(false)
    expect(reply('RPC_REQUEST', { message: 'x', code: value }, 'ERROR').success).toBe(false)
  })

  test('edge: an error code is an integer or "unverified_domain"; another string or a fraction is refused', () => {
    expect(frame({ id: 'r1', type: '@portico-frame/GET_USER_ERROR', payload: { code: 'unverified_domain' } })).toEqual({
      kind: 'error',
      id: 'r1',
      name: 'GET_USER',
      message: 'An error occurred',
      code: 'unverified_domain',
    })
    expect(reply('RPC_REQUEST', { code: -32603 }, 'ERROR').success).toBe(true)
    expect(reply('RPC_REQUEST', { code: 4001.5 }, 'ERROR').success).toBe(false)
    expect(reply('RPC_REQUEST', { code: 'UNVERIFIED_DOMAIN' }, 'ERROR').success).toBe(false)
  })
})

describe('bounds of the error reply and of the frame events', () => {
  test('edge: an empty message reads "An error occurred"; 1024 characters is the longest message', () => {
    expect(frame({ id: 'r1', type: '@portico-frame/SIGN_OUT_ERROR', payload: { message: '' } })).toMatchObject({
      message: 'An error occurred',
    })
    expect(frame({ id: 'r1', type: '@portico-frame/SIGN_OUT_ERROR' })).toMatchObject({
      message: 'An error occurred',
    })
    expect(reply('SIGN_OUT', { message: 'm'.repeat(1024) }, 'ERROR').success).toBe(true)
    expect(reply('SIGN_OUT', { message: 'm'.repeat(1025) }, 'ERROR').success).toBe(false)
    expect(reply('SIGN_OUT', { message: 42 }, 'ERROR').success).toBe(false)
    expect(reply('SIGN_OUT', 'failed', 'ERROR').success).toBe(false)
  })

  test('edge: a reverted operation’s detail: revert data up to 2048, hashes up to 66, a reason up to 512', () => {
    const data = (patch: Record<string, unknown>) =>
      reply('RPC_REQUEST', { code: revertedOperationCode, data: { revertData: '0x', ...patch } }, 'ERROR').success
    expect(data({ revertData: `0x${'0'.repeat(2046)}` })).toBe(true)
    expect(data({ revertData: `0x${'0'.repeat(2047)}` })).toBe(false)
    expect(data({ userOpHash: `0x${'ab'.repeat(32)}`, transactionHash: `0x${'cd'.repeat(32)}` })).toBe(true)
    expect(data({ userOpHash: `0x${'ab'.repeat(32)}0` })).toBe(false)
    expect(data({ transactionHash: `0x${'cd'.repeat(32)}0` })).toBe(false)
    expect(data({ reason: 'r'.repeat(512) })).toBe(true)
    expect(data({ reason: 'r'.repeat(513) })).toBe(false)
    expect(data({ revertData: undefined })).toBe(false)
  })

  test('edge: ready’s version is at most 32 characters and its build hash at most 128', () => {
    const ready = (payload: unknown) => parseFrameMessage({ type: '@portico-frame/READY', payload }).success
    expect(ready({ version: 'v'.repeat(32), build: 'b'.repeat(128) })).toBe(true)
    expect(ready({ version: 'v'.repeat(33) })).toBe(false)
    expect(ready({ build: 'b'.repeat(129) })).toBe(false)
    expect(ready({ version: 1 })).toBe(false)
    expect(ready(null)).toBe(false)
  })

  test('error: a visibility event must say whether the prompt is visible', () => {
    const visibility = (payload: unknown) => parseFrameMessage({ type: '@portico-frame/VISIBILITY', payload }).success
    expect(visibility(undefined)).toBe(false)
    expect(visibility({ reason: 'approval' })).toBe(false)
    expect(visibility({ visible: 1 })).toBe(false)
    expect(visibility({ visible: false })).toBe(true)
  })
})

describe('every error reply the frame builds is one the kit reads', () => {
  test('behavior: a long message, an auth code and a long revert are cut to what the protocol carries', () => {
    const long = errorReply({ id: 'r1', name: 'RPC_REQUEST' }, new Error('x'.repeat(5000)))
    expect(frame(long)).toMatchObject({ kind: 'error', name: 'RPC_REQUEST', message: 'x'.repeat(1024) })
    const emoji = errorReply({ id: 'r1', name: 'RPC_REQUEST' }, new Error('😀'.repeat(1000)))
    expect(frame(emoji)).toMatchObject({ kind: 'error' })
    const auth = errorReply(
      { id: 'r2', name: 'CONNECT_OTP' },
      Object.assign(new Error('Expired'), { code: 'OTP_EXPIRED' }),
    )
    expect(frame(auth)).toMatchObject({ kind: 'error', message: 'Expired', authCode: 'OTP_EXPIRED' })
    const reverted = errorReply({ id: 'r3', name: 'RPC_REQUEST' }, revertedError(`0x${'ab'.repeat(4000)}`))
    expect(frame(reverted)).toMatchObject({
      kind: 'error',
      code: revertedOperationCode,
      data: { revertData: `0x${'ab'.repeat(1023)}` },
    })
  })

  // A chain node's JSON-RPC error code is its own ("-32000", 3.5) and the kit refuses a reply whose
  // code is not one, with no timeout on RPC_REQUEST: errorReply drops such a code and keeps the
  // message, so the dapp's request fails with the node's words instead of never settling.
  test('error: a node’s error with a code that is no integer still reaches the kit as an error', async () => {
    const node = createServer((_, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: '-32000', message: 'execution reverted' } }))
    })
    node.listen(0, '127.0.0.1')
    await once(node, 'listening')
    try {
      const { port } = node.address() as AddressInfo
      const failure = await forward(`http://127.0.0.1:${port}`, 'eth_call', []).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failure).toBeInstanceOf(RpcError)
      const parsed = parseFrameMessage(errorReply({ id: 'r1', name: 'RPC_REQUEST' }, failure))
      expect(parsed).toMatchObject({ success: true, data: { kind: 'error', message: 'execution reverted' } })
    } finally {
      node.close()
      await once(node, 'close')
    }
  })
})
