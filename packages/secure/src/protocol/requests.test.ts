// The parse the frame runs on each app→frame event (requests.ts): what is refused silently (not an
// app message, an unknown request: the frame only warns), what is refused with an answer (a known
// request with a bad payload: the frame replies -32602 with the parse's text), and what a payload
// can never smuggle in (extra keys, prototype keys, huge or non-finite values). The main cases are in
// ../protocol.test.ts; the field schemas at their bounds in fields.test.ts; the check that only the
// parent page on its own origin is heard at all is frame/main.ts's, tested end to end in
// tests/e2e/embeddedFrameSafety.test.ts.
import { describe, expect, test } from 'vitest'
import { httpRpcUrl } from '../frame/rpcError.js'
import {
  type AppRequestName,
  type AppRequestPayload,
  appRequestSchemas,
  parseAppMessage,
  requestNames,
} from './requests.js'

const request = (name: string, payload?: unknown, id = 'r1') =>
  parseAppMessage({ id, type: `@portico-app/${name}`, ...(payload === undefined ? {} : { payload }) })

/** The parsed payload, or a thrown error with the parse's text. */
function payloadOf<N extends AppRequestName>(name: N, payload?: unknown): AppRequestPayload<N> {
  const parsed = request(name, payload)
  if (!parsed.success) throw new Error(parsed.error)
  return parsed.data.payload as AppRequestPayload<N>
}

/** A payload each request accepts (undefined where it needs none). */
const validPayloads: Record<AppRequestName, unknown> = {
  SWITCH_NETWORK: { chainId: 1 },
  CONNECT_EMAIL: { email: 'ada@example.com' },
  CONNECT_DEVICE: undefined,
  CONNECT_OTP: { otp: '123456' },
  CONNECT_SOCIAL: { uri: 'http://127.0.0.1:5173/callback' },
  GET_FARCASTER_URI: undefined,
  CONNECT_FARCASTER: undefined,
  GET_USER: undefined,
  GET_SOCIAL_REDIRECT_URI: { provider: 'github' },
  SIGN_OUT: undefined,
  IS_CONNECTED: undefined,
  GET_CHAIN_ID: undefined,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: undefined,
  INIT_SMART_ACCOUNT: undefined,
  SET_PREFERRED_ACCOUNT: { type: 'eoa' },
  RPC_REQUEST: { method: 'eth_chainId' },
  UPDATE_EMAIL: { email: 'ada@example.com' },
  UPDATE_EMAIL_PRIMARY_OTP: { otp: '123456' },
  UPDATE_EMAIL_SECONDARY_OTP: { otp: '654321' },
  SYNC_THEME: {},
  SYNC_DAPP_DATA: { projectId: 'p' },
  RELOAD: undefined,
  RPC_ABORT: undefined,
  EXPORT_PRIVATE_KEY: { namespace: 'eip155' },
  CONNECT_PASSKEY: undefined,
  APPROVE_DEVICE_PASSKEY: undefined,
  REGISTER_PASSKEY: undefined,
  DELETE_ACCOUNT: undefined,
  UPGRADE_ACCOUNT: undefined,
  UNDO_ACCOUNT_UPGRADE: undefined,
}

describe('the request names', () => {
  test('default: the names are the schemas’ keys, in capitals and underscores (the reply types end in _SUCCESS/_ERROR)', () => {
    expect(requestNames).toEqual(Object.keys(appRequestSchemas))
    expect([...requestNames].sort()).toEqual(Object.keys(validPayloads).sort())
    for (const name of requestNames) expect(name).toMatch(/^[A-Z]+(_[A-Z]+)*$/)
  })

  test.each(Object.entries(validPayloads))('behavior: %s parses with its payload', (name, payload) => {
    expect(request(name, payload)).toEqual({
      success: true,
      data: { id: 'r1', name, payload: payload === undefined ? undefined : expect.anything() },
    })
  })
})

describe('what is not an app message (ignored with a warning, never answered)', () => {
  test.each([
    ['an empty id', { id: '', type: '@portico-app/SIGN_OUT' }],
    ['a 65-character id', { id: 'a'.repeat(65), type: '@portico-app/SIGN_OUT' }],
    ['a numeric id', { id: 1, type: '@portico-app/SIGN_OUT' }],
    ['no type', { id: 'a' }],
    ['a type that is no string', { id: 'a', type: ['@portico-app/SIGN_OUT'] }],
    ['a type of 129 characters', { id: 'a', type: `@portico-app/${'A'.repeat(116)}` }],
    ['a frame reply posted back', { id: 'a', type: '@portico-frame/SIGN_OUT_SUCCESS' }],
    ['the prefix in another case', { id: 'a', type: '@Portico-App/SIGN_OUT' }],
    ['the prefix not at the start', { id: 'a', type: ' @portico-app/SIGN_OUT' }],
    ['an own __proto__ key', JSON.parse('{"id":"a","type":"@portico-app/SIGN_OUT","__proto__":{"approved":true}}')],
    ['a constructor key', { id: 'a', type: '@portico-app/SIGN_OUT', constructor: { prototype: {} } }],
    ['an origin claimed inside the message', { id: 'a', type: '@portico-app/SIGN_OUT', origin: 'http://127.0.0.1:1' }],
    ['an array', [{ id: 'a', type: '@portico-app/SIGN_OUT' }]],
    ['a JSON string of a message', JSON.stringify({ id: 'a', type: '@portico-app/SIGN_OUT' })],
    ['a number', 42],
    ['undefined', undefined],
  ])('error: %s is "Not an app message", with no request to answer', (_, data) => {
    expect(parseAppMessage(data)).toEqual({ success: false, error: 'Not an app message' })
  })

  test('edge: a 64-character id and a 128-character type are still in bounds', () => {
    expect(parseAppMessage({ id: 'a'.repeat(64), type: '@portico-app/SIGN_OUT' }).success).toBe(true)
    const longType = `@portico-app/${'A'.repeat(115)}`
    expect(longType).toHaveLength(128)
    expect(parseAppMessage({ id: 'a', type: longType })).toEqual({
      success: false,
      error: `Unknown request ${longType}`,
    })
  })

  test.each([
    ['constructor'],
    ['__proto__'],
    ['toString'],
    ['hasOwnProperty'],
    ['valueOf'],
    ['sign_out'],
    ['SIGN_OUT '],
    ['SIGN_OUT\n'],
    ['SIGN_OUT_SUCCESS'],
    [''],
    ['APPROVE'],
    ['SIGN'],
  ])(
    'security: request "%s" is unknown: refused by name, nothing looked up on a prototype, nothing answered',
    (name) => {
      const type = `@portico-app/${name}`
      expect(parseAppMessage({ id: 'a', type, payload: {} })).toEqual({
        success: false,
        error: `Unknown request ${type}`,
      })
    },
  )
})

describe('a known request with a bad payload (answered with the refusal)', () => {
  test('error: the refusal names the request and carries its id, so the frame answers it', () => {
    expect(request('CONNECT_OTP', { otp: '12345' }, 'req-7')).toEqual({
      success: false,
      error: 'Invalid CONNECT_OTP payload: Invalid otp',
      request: { id: 'req-7', name: 'CONNECT_OTP' },
    })
    expect(request('RPC_REQUEST', [])).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Invalid RPC_REQUEST payload: /),
      request: { id: 'r1', name: 'RPC_REQUEST' },
    })
  })

  test('security: the refusal’s text never echoes what was sent, however large', () => {
    const huge = 'a'.repeat(1_000_000)
    for (const [name, payload] of [
      ['CONNECT_EMAIL', { email: `${huge}@example.com` }],
      ['RPC_REQUEST', { method: huge }],
      ['CONNECT_SOCIAL', { uri: huge }],
      ['SYNC_DAPP_DATA', { projectId: huge }],
    ] as const) {
      const parsed = request(name, payload)
      expect(parsed.success).toBe(false)
      if (parsed.success) continue
      expect(parsed.error.length).toBeLessThan(200)
      expect(parsed.error).not.toContain('aaaaaaaa')
    }
  })

  test('edge: a payload of null is no missing payload: refused, and answered', () => {
    expect(request('SIGN_OUT', null)).toMatchObject({ success: false, request: { id: 'r1', name: 'SIGN_OUT' } })
    expect(request('GET_USER', null)).toMatchObject({ success: false, request: { id: 'r1', name: 'GET_USER' } })
  })

  test.each([
    ['CONNECT_EMAIL', { email: ['ada@example.com'] }],
    ['CONNECT_EMAIL', ['ada@example.com']],
    ['CONNECT_EMAIL', 'ada@example.com'],
    ['CONNECT_OTP', { otp: '１２３４５６' }],
    ['CONNECT_OTP', { otp: '123456\n' }],
    ['RPC_REQUEST', { method: '' }],
    ['RPC_REQUEST', { method: 'm'.repeat(129) }],
    ['RPC_REQUEST', { method: 'eth_call', chainNamespace: 'cosmos' }],
    ['RPC_REQUEST', { method: 'eth_call', chainNamespace: 'EIP155' }],
    ['SET_PREFERRED_ACCOUNT', { type: '' }],
    ['SET_PREFERRED_ACCOUNT', { type: 't'.repeat(33) }],
    ['GET_SOCIAL_REDIRECT_URI', { provider: 'p'.repeat(33) }],
    ['CONNECT_SOCIAL', { uri: 'u'.repeat(4097) }],
    ['CONNECT_SOCIAL', { uri: '' }],
    ['CONNECT_SOCIAL', { uri: 'http://127.0.0.1/', siwxMessage: { version: '1' } }],
    ['SYNC_DAPP_DATA', { projectId: '' }],
    ['SYNC_DAPP_DATA', { projectId: 'p', sdkVersion: 'v'.repeat(65) }],
    ['SYNC_DAPP_DATA', { projectId: 'p', metadata: { name: 'App', url: 'u'.repeat(2049) } }],
    ['SYNC_THEME', { themeVariables: { '': 'red' } }],
    ['SYNC_THEME', { themeVariables: { ['k'.repeat(65)]: 'red' } }],
    ['SYNC_THEME', { themeVariables: ['red'] }],
    ['EXPORT_PRIVATE_KEY', { namespace: 'EIP155' }],
    ['EXPORT_PRIVATE_KEY', { namespace: ['eip155'] }],
  ] as const)('error: %s with %j is refused', (name, payload) => {
    expect(request(name, payload)).toMatchObject({ success: false, request: { id: 'r1', name } })
  })
})

describe('numbers', () => {
  test.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['a fraction', 8453.5],
    ['zero', 0],
    ['negative', -8453],
    ['past the safe integers', 2 ** 53],
  ])('error: switching to a chain id that is %s is refused', (_, chainId) => {
    expect(request('SWITCH_NETWORK', { chainId }).success).toBe(false)
    expect(request('RPC_REQUEST', { method: 'eth_call', chainId }).success).toBe(false)
    expect(request('GET_USER', { chainId }).success).toBe(false)
    expect(request('CONNECT_SOCIAL', { uri: 'http://127.0.0.1/', chainId }).success).toBe(false)
  })

  test('error: a theme variable that is a non-finite number is refused; finite ones pass', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(request('SYNC_THEME', { themeVariables: { '--w3m-border-radius-master': value } }).success).toBe(false)
    expect(payloadOf('SYNC_THEME', { themeVariables: { '--w3m-z-index': -1, '--w3m-font-size-master': 0.5 } })).toEqual(
      { themeVariables: { '--w3m-z-index': -1, '--w3m-font-size-master': 0.5 } },
    )
  })
})

describe('what a payload carries to the frame’s handlers', () => {
  test('security: keys a schema does not name are dropped, never handed on', () => {
    expect(payloadOf('CONNECT_EMAIL', { email: 'ada@example.com', approved: true })).toEqual({
      email: 'ada@example.com',
    })
    expect(
      payloadOf('RPC_REQUEST', {
        method: 'personal_sign',
        params: ['0x68656c6c6f', '0x0000000000000000000000000000000000000001'],
        approved: true,
        origin: 'http://127.0.0.1:1',
      }),
    ).toEqual({ method: 'personal_sign', params: ['0x68656c6c6f', '0x0000000000000000000000000000000000000001'] })
    expect(payloadOf('EXPORT_PRIVATE_KEY', { namespace: 'eip155', postTo: 'http://127.0.0.1:1' })).toEqual({
      namespace: 'eip155',
    })
    expect(payloadOf('SIGN_OUT', { everywhere: true })).toEqual({})
    expect(payloadOf('DELETE_ACCOUNT', { confirmed: true })).toEqual({})
    expect(payloadOf('UPGRADE_ACCOUNT', { approved: true, implementation: '0x1' })).toEqual({})
  })

  test('security: __proto__ and constructor keys in a payload reach no handler and pollute no prototype', () => {
    const hostile = '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}'
    const withHostile = (fields: object) => ({ ...JSON.parse(hostile), ...fields })
    const email = payloadOf('CONNECT_EMAIL', withHostile({ email: 'ada@example.com' }))
    expect(email).toEqual({ email: 'ada@example.com' })
    expect(Object.getPrototypeOf(email)).toBe(Object.prototype)
    expect(Object.keys(payloadOf('SIGN_OUT', withHostile({})) ?? {})).toEqual([])
    // A record (theme variables) takes any key: `__proto__` is still dropped, never assigned.
    const theme = payloadOf('SYNC_THEME', {
      themeVariables: { ...JSON.parse('{"__proto__": {"polluted": "yes"}}'), '--w3m-accent': '#ff0000' },
    })
    expect(theme).toEqual({ themeVariables: { '--w3m-accent': '#ff0000' } })
    expect(Object.getPrototypeOf(theme.themeVariables)).toBe(Object.prototype)
    // An RPC's params are handed on as they came (the RPC handlers read them), a prototype key too:
    // as data, an own property, never the prototype of what the handler receives.
    const rpc = payloadOf('RPC_REQUEST', { method: 'eth_call', params: JSON.parse('[{"__proto__": {"to": "0x1"}}]') })
    const first = (rpc.params as object[])[0] as { to?: unknown }
    expect(first.to).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined()
  })

  test('edge: the RPC URLs are only URL-shaped here; the frame refuses a non-HTTP one where it uses it', () => {
    for (const rpcUrl of ['javascript:alert(1)', 'data:application/json,{}', 'file:///etc/passwd']) {
      const payload = payloadOf('SWITCH_NETWORK', { chainId: 31337, rpcUrl })
      expect(payload.rpcUrl).toBe(rpcUrl)
      expect(() => httpRpcUrl(payload.rpcUrl)).toThrow('Provided URL is not compatible with HTTP connection')
    }
    expect(request('SWITCH_NETWORK', { chainId: 31337, rpcUrl: 'not a url' }).success).toBe(false)
    expect(request('SWITCH_NETWORK', { chainId: 31337, bundlerUrl: '127.0.0.1 4337' }).success).toBe(false)
    expect(
      request('SWITCH_NETWORK', { chainId: 31337, paymasterUrl: `http://127.0.0.1/${'a'.repeat(2048)}` }).success,
    ).toBe(false)
  })

  test('edge: a tab or newline inside an RPC URL is removed, as the URL parser itself reads it', () => {
    expect(payloadOf('SWITCH_NETWORK', { chainId: 31337, rpcUrl: ' http://127.0.0.1:85\n45/\t' })).toEqual({
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:8545/',
    })
  })

  test('edge: the sign-in data of connect social loses the keys EIP-4361 does not name', () => {
    const siwxMessage = {
      accountAddress: '0x0000000000000000000000000000000000000000',
      chainId: 'eip155:1',
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173',
      version: '1',
      nonce: 'abcdefgh',
    }
    expect(
      payloadOf('CONNECT_SOCIAL', {
        uri: 'http://127.0.0.1:5173/callback',
        siwxMessage: { ...siwxMessage, signature: `0x${'11'.repeat(65)}` },
      }),
    ).toEqual({ uri: 'http://127.0.0.1:5173/callback', siwxMessage })
  })

  test('edge: bounded lists: at most 8 icons, and each theme value at most 256 characters', () => {
    const icons = (n: number) => Array.from({ length: n }, () => 'http://127.0.0.1/i.png')
    expect(request('SYNC_DAPP_DATA', { projectId: 'p', metadata: { name: 'App', icons: icons(8) } }).success).toBe(true)
    expect(request('SYNC_DAPP_DATA', { projectId: 'p', metadata: { name: 'App', icons: icons(9) } }).success).toBe(
      false,
    )
    expect(request('SYNC_THEME', { themeVariables: { '--w3m-accent': 'x'.repeat(256) } }).success).toBe(true)
    expect(request('SYNC_THEME', { themeVariables: { '--w3m-accent': '' } }).success).toBe(true)
  })
})
