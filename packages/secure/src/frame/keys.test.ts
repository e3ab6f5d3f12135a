// The frame's key code (making, splitting, rebuilding and recovering keys) through the real
// createAuthApi against a small auth server on 127.0.0.1 that keeps shares in memory the way the
// real one's /v1/keys routes answer, and the vault in memory. Covered here: the secret never leaves
// (nor does a share in clear in user-held mode), shares that do not make the address are refused
// and never handed to a signer, the key is wiped after use, and the refusals' types. The real auth
// server with both recovery modes is packages/auth/src/keys/userHeldRecovery.pglite.test.ts; the
// vault itself is vault.test.ts; the code envelope recovery.test.ts.
import { base58, base64 } from '@scure/base'
import { split } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest'
import { startLoopbackServer } from '../test/loopbackServer.js'
import { rejection } from '../test/rejection.js'
import { AuthApiError, createAuthApi } from './authApi.js'
import {
  addressOf,
  combineShares,
  ensureDeviceShare,
  ensureKeys,
  type Namespace,
  type RecoveryPolicy,
  ShareMissingError,
  shareName,
  withSecret,
} from './keys.js'
import { newRecoveryCode, openWithCode, WrongRecoveryCodeError } from './recovery.js'
import { RpcError } from './rpcError.js'
import { get, getSecret, memoryStore, putSecret, set, useStore, type VaultStore } from './vault.js'

const PAGE = 'http://127.0.0.1:5173'
const USER = 'user-1'

type KeyRow = { address: string; share: string; recoveryShare: string; recoveryMode: string }
type Seen = { method: string; path: string; body: string; authorization: string | undefined }

/** An auth server's /v1/keys routes for one signed-in user on one device, in memory. */
async function startAuth() {
  const keys = new Map<string, KeyRow>()
  /** The server half this device's share pairs with (share 2 at first, a 2-of-2 half after recovery). */
  const deviceHalves = new Map<string, string>()
  const seen: Seen[] = []
  const state = { recoveryAllowed: true, fail: new Map<string, { status: number; code: string }>() }
  const url = await startLoopbackServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const method = req.method ?? ''
      const path = req.url ?? ''
      seen.push({ method, path, body, authorization: req.headers.authorization })
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(json))
      }
      const refuse = (status: number, code: string) => answer(status, { error: { code, message: `refused: ${code}` } })
      const forced = state.fail.get(`${method} ${path}`)
      if (forced) return refuse(forced.status, forced.code)
      const [, , , namespace, tail] = path.split('/') // '', 'v1', 'keys', namespace, tail
      const row = namespace ? keys.get(namespace) : undefined
      if (method === 'GET' && path === '/v1/keys')
        return answer(200, {
          keys: [...keys].map(([ns, k]) => ({ id: `key-${ns}`, namespace: ns, address: k.address })),
        })
      if (method === 'PUT' && namespace && tail === undefined) {
        const put = JSON.parse(body) as KeyRow
        keys.set(namespace, put)
        deviceHalves.set(namespace, put.share)
        return answer(200, { ok: true })
      }
      if (method === 'GET' && tail === 'share') {
        const half = namespace ? deviceHalves.get(namespace) : undefined
        if (!row || !half) return refuse(404, 'SHARE_NOT_FOUND')
        return answer(200, { key: { address: row.address }, share: half })
      }
      if (method === 'GET' && tail === 'recovery') {
        if (!row) return refuse(404, 'SHARE_NOT_FOUND')
        if (!state.recoveryAllowed) return refuse(403, 'RECOVERY_NOT_ALLOWED')
        return answer(200, {
          key: { address: row.address, recoveryMode: row.recoveryMode },
          share: row.share,
          recoveryShare: row.recoveryShare,
        })
      }
      if (method === 'PUT' && tail === 'device' && namespace) {
        deviceHalves.set(namespace, (JSON.parse(body) as { share: string }).share)
        return answer(200, { ok: true })
      }
      refuse(404, 'NOT_FOUND')
    })
  })
  const api = createAuthApi({ url, projectId: 'test-project', hostOrigin: PAGE })
  api.setToken('session-token')
  return { api, keys, deviceHalves, seen, state }
}

/** A fresh device: its own vault in memory. */
function newDevice(store: VaultStore = memoryStore()) {
  useStore(Promise.resolve(store))
  return store
}

beforeEach(() => {
  newDevice()
})

const rebuilds = async (namespace: Namespace, shares: Uint8Array[], address: string) => {
  try {
    return addressOf(namespace, await combineShares(shares)) === address
  } catch {
    return false
  }
}
const hex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2)

const userHeld = (
  code: string,
  openShare: RecoveryPolicy['openShare'] = () => Promise.reject(new Error('not asked')),
) => {
  let asked = 0
  const policy: RecoveryPolicy = {
    mode: 'user-held',
    newCode: async () => {
      asked++
      return code
    },
    openShare,
  }
  return { policy, asked: () => asked }
}

describe('addressOf', () => {
  test('default: the eip155 address of a secp256k1 key and the base58 ed25519 public key of a Solana one', () => {
    const one = new Uint8Array(32)
    one[31] = 1
    expect(addressOf('eip155', one)).toBe('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf')
    // RFC 8032, test 1.
    const rfc = Uint8Array.from(Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex'))
    expect(hex(base58.decode(addressOf('solana', rfc)))).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    )
  })
})

describe('ensureKeys', () => {
  test('default: one key per namespace, split 2-of-3: any two shares make the address, one alone does not', async () => {
    const { api, keys, seen } = await startAuth()
    const addresses = await ensureKeys(api, USER)
    expect(Object.keys(addresses).sort()).toEqual(['eip155', 'solana'])
    expect(addresses.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(base58.decode(addresses.solana)).toHaveLength(32)
    for (const namespace of ['eip155', 'solana'] as const) {
      const row = keys.get(namespace) as KeyRow
      expect(row).toMatchObject({ address: addresses[namespace], recoveryMode: 'operator-assisted' })
      const device = (await getSecret(shareName(USER, namespace))) as Uint8Array
      const server = base64.decode(row.share)
      const recovery = base64.decode(row.recoveryShare)
      for (const s of [device, server, recovery]) expect(s).toHaveLength(33)
      expect(await rebuilds(namespace, [device, server], addresses[namespace])).toBe(true)
      expect(await rebuilds(namespace, [device, recovery], addresses[namespace])).toBe(true)
      expect(await rebuilds(namespace, [server, recovery], addresses[namespace])).toBe(true)
      for (const s of [device, server, recovery]) {
        expect(addressOf(namespace, s.subarray(0, 32))).not.toBe(addresses[namespace])
      }
    }
    expect(seen.every((r) => r.authorization === 'Bearer session-token')).toBe(true)
  })

  test('security: the secret itself is never sent nor stored; the answer is the addresses only', async () => {
    const { api, keys, seen } = await startAuth()
    const store = newDevice()
    const addresses = await ensureKeys(api, USER)
    expect(Object.values(addresses).every((a) => typeof a === 'string')).toBe(true)
    const row = keys.get('eip155') as KeyRow
    const secret = await combineShares([base64.decode(row.share), base64.decode(row.recoveryShare)])
    expect(addressOf('eip155', secret)).toBe(addresses.eip155)
    const device = (await getSecret(shareName(USER, 'eip155'))) as Uint8Array
    const sent = seen.map((r) => r.body).join('\n')
    for (const form of [hex(secret), base64.encode(secret), base64.encode(device)]) expect(sent).not.toContain(form)
    expect(JSON.stringify(addresses)).not.toContain(hex(secret))
    // At rest on the device: only the encrypted entry, never the share or the key in clear.
    const entry = (await store.get(`secret:${shareName(USER, 'eip155')}`)) as { cipher: Uint8Array }
    expect(hex(entry.cipher)).not.toContain(hex(device.subarray(0, 8)))
    expect(await get(shareName(USER, 'eip155'))).toBeUndefined()
  })

  test('security: user-held: share 3 leaves sealed with the code (asked once for both keys), opening only for its address', async () => {
    const { api, keys } = await startAuth()
    const code = newRecoveryCode()
    const { policy, asked } = userHeld(code)
    const addresses = await ensureKeys(api, USER, policy)
    expect(asked()).toBe(1)
    for (const namespace of ['eip155', 'solana'] as const) {
      const row = keys.get(namespace) as KeyRow
      expect(row.recoveryMode).toBe('user-held')
      const sealed = base64.decode(row.recoveryShare)
      expect(sealed).toHaveLength(1 + 16 + 12 + 33 + 16)
      const server = base64.decode(row.share)
      // The server's two pieces alone do not make the key.
      expect(await rebuilds(namespace, [server, sealed.subarray(sealed.length - 33)], addresses[namespace])).toBe(false)
      const opened = await openWithCode(sealed, code, addresses[namespace])
      expect(await rebuilds(namespace, [server, opened], addresses[namespace])).toBe(true)
      if (namespace === 'eip155')
        await expect(openWithCode(sealed, code, addresses.solana)).rejects.toBeInstanceOf(WrongRecoveryCodeError)
    }
  }, 90_000) // five scrypt runs (64 MiB each) on a busy machine

  test('behavior: keys the server already has are not made again, and no code is asked', async () => {
    const { api, seen, keys } = await startAuth()
    const first = await ensureKeys(api, USER)
    const before = seen.length
    const { policy, asked } = userHeld(newRecoveryCode())
    expect(await ensureKeys(api, USER, policy)).toEqual(first)
    expect(seen.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/keys'])
    expect(asked()).toBe(0)
    expect(keys.get('eip155')?.recoveryMode).toBe('operator-assisted')
  })

  test('error: when the recovery code step fails, nothing is stored or sent and the error comes back as is', async () => {
    const { api, seen } = await startAuth()
    const refused = new Error('The user closed the recovery code screen')
    const policy: RecoveryPolicy = {
      mode: 'user-held',
      newCode: () => Promise.reject(refused),
      openShare: () => Promise.reject(new Error('not asked')),
    }
    expect(await rejection(ensureKeys(api, USER, policy))).toBe(refused)
    expect(seen.map((r) => r.method)).toEqual(['GET'])
    expect(await getSecret(shareName(USER, 'eip155'))).toBeUndefined()
  })

  test('error: a device that cannot store its share sends no share to the server (no orphan key)', async () => {
    const { api, seen } = await startAuth()
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    const inner = memoryStore()
    newDevice({
      get: (key) => inner.get(key),
      put: (key, value) => (key.startsWith('secret:') ? Promise.reject(full) : inner.put(key, value)),
      delete: (key) => inner.delete(key),
    })
    expect(await rejection(ensureKeys(api, USER))).toBe(full)
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([])
  })
})

describe('withSecret', () => {
  test('behavior: hands the key of the address to its user, then wipes it, even when the user throws', async () => {
    const { api } = await startAuth()
    const addresses = await ensureKeys(api, USER)
    let handed: Uint8Array | undefined
    expect(
      await withSecret(api, USER, 'eip155', (secret) => {
        handed = secret
        return addressOf('eip155', secret)
      }),
    ).toBe(addresses.eip155)
    expect(handed?.every((b) => b === 0)).toBe(true)
    const failure = new Error('signing failed')
    let thrownWith: Uint8Array | undefined
    const error = await rejection(
      withSecret(api, USER, 'solana', (secret) => {
        thrownWith = secret
        expect(addressOf('solana', secret)).toBe(addresses.solana)
        throw failure
      }),
    )
    expect(error).toBe(failure)
    expect(thrownWith?.every((b) => b === 0)).toBe(true)
  })

  test('security: a device half that does not pair with its server half, on a device not approved, gives ShareMissingError and no key to sign with', async () => {
    const { api, state } = await startAuth()
    const addresses = await ensureKeys(api, USER)
    // A half of another split of another key, kept by this device.
    const [stale] = await split(crypto.getRandomValues(new Uint8Array(32)), 2, 2)
    await putSecret(shareName(USER, 'eip155'), stale as Uint8Array)
    state.recoveryAllowed = false
    let used = false
    const error = await rejection(
      withSecret(api, USER, 'eip155', () => {
        used = true
      }),
    )
    expect(used).toBe(false)
    expect(error).toBeInstanceOf(ShareMissingError)
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({
      code: 4100,
      name: 'ShareMissingError',
      message: 'This device holds no share of the eip155 key: refused: RECOVERY_NOT_ALLOWED',
    })
    expect((error as Error).message).not.toContain(addresses.eip155)
  })

  test('behavior: a mismatched pair on an approved device is split again, and the key used is the address’s', async () => {
    const { api, deviceHalves } = await startAuth()
    const addresses = await ensureKeys(api, USER)
    const [stale] = await split(crypto.getRandomValues(new Uint8Array(32)), 2, 2)
    await putSecret(shareName(USER, 'eip155'), stale as Uint8Array)
    const before = deviceHalves.get('eip155')
    expect(await withSecret(api, USER, 'eip155', (s) => addressOf('eip155', s))).toBe(addresses.eip155)
    const serverHalf = base64.decode(deviceHalves.get('eip155') as string)
    expect(deviceHalves.get('eip155')).not.toBe(before)
    const deviceHalf = (await getSecret(shareName(USER, 'eip155'))) as Uint8Array
    expect(await rebuilds('eip155', [deviceHalf, serverHalf], addresses.eip155)).toBe(true)
  })

  test('error: a refusal other than SHARE_NOT_FOUND while reading the server half is thrown as is, with no recovery', async () => {
    const { api, state, seen } = await startAuth()
    await ensureKeys(api, USER)
    state.fail.set('GET /v1/keys/eip155/share', { status: 401, code: 'UNAUTHORIZED' })
    const error = await rejection(withSecret(api, USER, 'eip155', () => 'signed'))
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    expect(seen.some((r) => r.path.endsWith('/recovery'))).toBe(false)
  })

  test('behavior: device shares that no longer decrypt (wrapping key replaced) are discarded with a warning each: recovery, or ShareMissingError, never an OperationError', async () => {
    const { api, state, seen, deviceHalves } = await startAuth()
    const addresses = await ensureKeys(api, USER)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    onTestFinished(() => warn.mockRestore())
    const warning = '[portico] The stored key share could not be read and was discarded'
    await set(
      'wrapping-key',
      await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
    )
    // A device not approved: no share here, as if it never had one.
    state.recoveryAllowed = false
    expect(await rejection(ensureDeviceShare(api, USER, 'eip155'))).toMatchObject({
      name: 'ShareMissingError',
      code: 4100,
      message: 'This device holds no share of the eip155 key: refused: RECOVERY_NOT_ALLOWED',
    })
    expect(warn.mock.calls).toEqual([[warning]])
    // An approved one: the key is rebuilt from the released shares and split again for this device.
    state.recoveryAllowed = true
    const before = seen.length
    expect(await withSecret(api, USER, 'solana', (s) => addressOf('solana', s))).toBe(addresses.solana)
    expect(seen.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/keys/solana/recovery',
      'PUT /v1/keys/solana/device',
    ])
    expect(warn.mock.calls).toEqual([[warning], [warning]])
    const deviceHalf = (await getSecret(shareName(USER, 'solana'))) as Uint8Array
    expect(
      await rebuilds('solana', [deviceHalf, base64.decode(deviceHalves.get('solana') as string)], addresses.solana),
    ).toBe(true)
    expect(warn).toHaveBeenCalledTimes(2)
  })
})

describe('recovery on a new device', () => {
  test('behavior: a device approved from the link gets its own 2-of-2 pair; the server half is stored first', async () => {
    const { api, deviceHalves, seen } = await startAuth()
    const addresses = await ensureKeys(api, USER)
    newDevice()
    const before = seen.length
    await ensureDeviceShare(api, USER, 'solana')
    expect(seen.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/keys/solana/recovery',
      'PUT /v1/keys/solana/device',
    ])
    const deviceHalf = (await getSecret(shareName(USER, 'solana'))) as Uint8Array
    const serverHalf = base64.decode(deviceHalves.get('solana') as string)
    expect(await rebuilds('solana', [deviceHalf, serverHalf], addresses.solana)).toBe(true)
    // Once it holds its share, it asks the server nothing more.
    const after = seen.length
    await ensureDeviceShare(api, USER, 'solana')
    expect(seen.length).toBe(after)
  })

  test('error: when the server refuses to keep the new server half, the device keeps no half either', async () => {
    const { api, state } = await startAuth()
    await ensureKeys(api, USER)
    newDevice()
    state.fail.set('PUT /v1/keys/eip155/device', { status: 500, code: 'INTERNAL' })
    expect(await rejection(ensureDeviceShare(api, USER, 'eip155'))).toMatchObject({ code: 'INTERNAL', status: 500 })
    expect(await getSecret(shareName(USER, 'eip155'))).toBeUndefined()
  })

  test('error: released shares that do not make the address are refused; nothing is stored, nothing leaks in the message', async () => {
    const { api, keys, seen } = await startAuth()
    const addresses = await ensureKeys(api, USER)
    const row = keys.get('eip155') as KeyRow
    // One byte of share 3 altered (not its x-coordinate): the pair combines into a wrong key.
    const altered = base64.decode(row.recoveryShare)
    altered[0] = (altered[0] ?? 0) ^ 0xff
    keys.set('eip155', { ...row, recoveryShare: base64.encode(altered) })
    newDevice()
    let used = false
    const error = await rejection(
      withSecret(api, USER, 'eip155', () => {
        used = true
      }),
    )
    expect(error).toMatchObject({ message: 'The key shares do not match' })
    expect(used).toBe(false)
    expect(seen.some((r) => r.path === '/v1/keys/eip155/device')).toBe(false)
    expect(await getSecret(shareName(USER, 'eip155'))).toBeUndefined()
    const text = `${(error as Error).message} ${(error as Error).stack ?? ''}`
    for (const leak of [row.share, row.recoveryShare, addresses.eip155]) expect(text).not.toContain(leak)
  })

  test('security: user-held: the sealed share is opened by the user’s code only; a wrong code recovers nothing', async () => {
    const { api, seen } = await startAuth()
    const code = newRecoveryCode()
    const addresses = await ensureKeys(api, USER, userHeld(code).policy)
    newDevice()
    const asked: [number, string, Namespace][] = []
    const wrong = userHeld('', async (sealed, address, namespace) => {
      asked.push([sealed.length, address, namespace])
      return openWithCode(sealed, 'AAAA-BBBB-CCCC-DDDD-EEEE', address)
    })
    const error = await rejection(withSecret(api, USER, 'eip155', () => 'signed', wrong.policy))
    expect(error).toBeInstanceOf(WrongRecoveryCodeError)
    expect(asked).toEqual([[1 + 16 + 12 + 33 + 16, addresses.eip155, 'eip155']])
    expect(seen.some((r) => r.path === '/v1/keys/eip155/device')).toBe(false)
    expect(await getSecret(shareName(USER, 'eip155'))).toBeUndefined()
    const right = userHeld('', (sealed, address) => openWithCode(sealed, code.toLowerCase(), address))
    expect(await withSecret(api, USER, 'eip155', (s) => addressOf('eip155', s), right.policy)).toBe(addresses.eip155)
  }, 90_000) // four scrypt runs

  test('error: a device never approved gets ShareMissingError (4100); SHARE_NOT_FOUND too; other refusals pass as they are', async () => {
    const { api, state } = await startAuth()
    newDevice()
    // No key at all on the server: the recovery route answers SHARE_NOT_FOUND.
    expect(await rejection(ensureDeviceShare(api, USER, 'eip155'))).toMatchObject({
      name: 'ShareMissingError',
      code: 4100,
      message: 'This device holds no share of the eip155 key: refused: SHARE_NOT_FOUND',
    })
    state.fail.set('GET /v1/keys/solana/recovery', { status: 403, code: 'RECOVERY_NOT_ALLOWED' })
    expect(await rejection(ensureDeviceShare(api, USER, 'solana'))).toBeInstanceOf(ShareMissingError)
    state.fail.set('GET /v1/keys/solana/recovery', { status: 500, code: 'INTERNAL' })
    const other = await rejection(ensureDeviceShare(api, USER, 'solana'))
    expect(other).not.toBeInstanceOf(ShareMissingError)
    expect(other).toMatchObject({ name: 'AuthApiError', code: 'INTERNAL', status: 500 })
  })
})

describe('combineShares', () => {
  test('error: shares of two different splits do not give the secret back', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const [a1, a2] = await split(secret, 3, 2)
    const [, b2] = await split(secret, 3, 2)
    expect(await combineShares([a1 as Uint8Array, a2 as Uint8Array])).toEqual(secret)
    let mixed: Uint8Array | undefined
    try {
      mixed = await combineShares([a1 as Uint8Array, b2 as Uint8Array])
    } catch {
      mixed = undefined // equal x-coordinates: no secret at all
    }
    expect(mixed && hex(mixed)).not.toBe(hex(secret))
  })
})
