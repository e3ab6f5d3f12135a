import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, test, vi } from 'vitest'
import { memoryStorage } from '../../test/fixtures.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import { localSiwx, localSiwxStorageKey } from './localSiwx.js'

const account = privateKeyToAccount('0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e')
const other = privateKeyToAccount('0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356')
const storedKey = `@portico/${localSiwxStorageKey}`

afterEach(() => vi.restoreAllMocks())

async function signed(
  siwx: ReturnType<typeof localSiwx>,
  chainId: 'eip155:1' | 'eip155:10' = 'eip155:1',
  signer = account,
) {
  const data = await siwx.createMessage({ accountAddress: account.address, chainId })
  const message = formatSiwxMessage(data)
  return { data, message, signature: await signer.signMessage({ message }) }
}

test('default: sessions persist in storage and a second instance (a reload) reads them', async () => {
  const storage = memoryStorage()
  const siwx = localSiwx({ storage, domain: 'app.test', uri: 'https://app.test', statement: 'Hi.' })
  expect(siwx.getRequired?.()).toBe(false)
  expect(siwx.signOutOnDisconnect).toBe(true)
  const session = await signed(siwx)
  expect(session.data).toMatchObject({
    statement: 'Hi.',
    version: '1',
    nonce: expect.stringMatching(/^[A-Za-z0-9]{22}$/),
  })
  await siwx.addSession(session)
  const reloaded = localSiwx({ storage })
  expect(await reloaded.getSessions('eip155:1', account.address.toLowerCase())).toEqual([session])
  expect(await reloaded.getSessions('eip155:10', account.address)).toEqual([])
  await reloaded.revokeSession('eip155:1', account.address)
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
})

test('behavior: a wrong signer, a tampered text and an expired message are not stored', async () => {
  const siwx = localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })
  await expect(siwx.addSession(await signed(siwx, 'eip155:1', other))).rejects.toMatchObject({
    name: 'SiwxVerificationError',
    reason: 'invalid_signature',
  })
  const genuine = await signed(siwx)
  await expect(
    siwx.addSession({ ...genuine, message: genuine.message.replace('Chain ID: 1', 'Chain ID: 10') }),
  ).rejects.toMatchObject({ reason: 'invalid_signature' })
  await expect(siwx.addSession({ ...genuine, message: 'not a sign-in' })).rejects.toMatchObject({
    name: 'SiwxMessageParseError',
  })
  let time = Date.now()
  const shortLived = localSiwx({
    storage: memoryStorage(),
    domain: 'app.test',
    uri: 'https://app.test',
    expiration: 1000,
    now: () => time,
  })
  const session = await signed(shortLived)
  await shortLived.addSession(session)
  expect(await shortLived.getSessions('eip155:1', account.address)).toHaveLength(1)
  time += 1001
  expect(await shortLived.getSessions('eip155:1', account.address)).toEqual([])
  await expect(shortLived.addSession(session)).rejects.toMatchObject({ reason: 'expired' })
})

test('behavior: corrupt stored data is discarded with a warning, good entries kept', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = memoryStorage({ [storedKey]: '{not json' })
  const siwx = localSiwx({ storage, domain: 'app.test', uri: 'https://app.test' })
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('Discarded the stored value of @portico/siwx-sessions'))
  expect(storage.data.has(storedKey)).toBe(false)

  const good = await signed(siwx)
  await siwx.addSession(good)
  const stored = JSON.parse(storage.data.get(storedKey) as string) as unknown[]
  storage.data.set(
    storedKey,
    JSON.stringify([
      ...stored,
      { data: { chainId: 'eip155:1' }, message: 1 },
      { ...good, data: { ...good.data, domain: 'bad domain' } },
    ]),
  )
  warn.mockClear()
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([good])
  expect(warn).toHaveBeenCalledWith('[portico] Discarded 2 corrupt stored sign-in session(s).')
  storage.data.set(storedKey, '{"not":"a list"}')
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
})

test('parameters: memory-only storage, required, signOutOnDisconnect, verify false, setSessions', async () => {
  const siwx = localSiwx({
    storage: null,
    domain: 'app.test',
    uri: 'https://app.test',
    required: true,
    signOutOnDisconnect: false,
  })
  expect(siwx.getRequired?.()).toBe(true)
  expect(siwx.signOutOnDisconnect).toBe(false)
  const a = await signed(siwx, 'eip155:1')
  const b = await signed(siwx, 'eip155:10')
  await siwx.setSessions([a, b])
  expect(await siwx.getSessions('eip155:10', account.address)).toEqual([b])
  await siwx.setSessions([])
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
  const unchecked = localSiwx({ storage: null, domain: 'app.test', uri: 'https://app.test', verify: false })
  await unchecked.addSession({ ...a, signature: '0x1234' })
  expect(await unchecked.getSessions('eip155:1', account.address)).toHaveLength(1)
})

test('behavior: a Solana session is checked with ed25519', async () => {
  const siwx = localSiwx({ storage: null, domain: 'app.test', uri: 'https://app.test' })
  const secret = ed25519.utils.randomPrivateKey()
  const address = base58.encode(ed25519.getPublicKey(secret))
  const chainId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const
  const data = await siwx.createMessage({ accountAddress: address, chainId })
  const message = formatSiwxMessage(data)
  expect(message).toContain('\nChain ID: mainnet\n')
  const signature = base58.encode(ed25519.sign(new TextEncoder().encode(message), secret))
  await siwx.addSession({ data, message, signature })
  expect(await siwx.getSessions(chainId, address)).toEqual([{ data, message, signature }])
  const forged = base58.encode(ed25519.sign(new TextEncoder().encode(message), ed25519.utils.randomPrivateKey()))
  await expect(siwx.addSession({ data, message, signature: forged })).rejects.toMatchObject({
    reason: 'invalid_signature',
  })
})
