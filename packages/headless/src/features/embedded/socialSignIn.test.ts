import type { FrameUser } from '@portico/secure/protocol'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import type { SiwxConfig } from '../../kernel/siwxConfig.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { formatSiwxMessage } from '../siwx/formatSiwxMessage.js'
import { type LocalSiwxOptions, localSiwx } from '../siwx/localSiwx.js'
import { addSocialSignIn, type SocialSignIn, socialSignIn, toFrameSiwxMessage } from './socialSignIn.js'

// The page the kit runs on (Node has none): sign-in messages are for this origin.
beforeEach(() => {
  vi.stubGlobal('location', { host: 'app.example:5173', origin: 'http://app.example:5173', protocol: 'http:' })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const devnet = testNetworks().devnet
const chainId = Number(devnet.caipNetworkId.split(':')[1])

function setup(siwx: SiwxConfig | undefined) {
  return createPortico({
    projectId: 'p',
    networks: [devnet],
    adapters: [eip155Adapter({ eip6963: false })],
    storage: memoryStorage(),
    embeddedWallet: { frameUrl: 'https://secure.example.com/' },
    ...(siwx ? { siwx } : {}),
  })
}

const local = (options: LocalSiwxOptions = {}) => localSiwx({ storage: memoryStorage(), ...options })

/** What the secure frame does with the data (see `@portico/secure`'s frame/siwx.ts): fill, format, sign. */
async function frameSigns(signIn: SocialSignIn, key = generatePrivateKey()) {
  const account = privateKeyToAccount(key)
  const siwxMessage = { ...toFrameSiwxMessage(signIn.data), accountAddress: account.address }
  const message = formatSiwxMessage(siwxMessage as never)
  const user: FrameUser = {
    id: 'u1',
    email: null,
    address: account.address,
    chainId,
    accounts: [{ namespace: 'eip155', address: account.address, type: 'eoa' }],
    socialProvider: 'github',
    signature: await account.signMessage({ message }),
    message,
    siwxMessage,
  }
  return { account, user }
}

test('default: with sign-in on, the social login carries sign-in data for this page with a placeholder account', async () => {
  const signIn = await socialSignIn(setup(local({ statement: 'Sign in to the app.' })), chainId)
  expect(signIn?.data).toMatchObject({
    accountAddress: '0x0000000000000000000000000000000000000000',
    chainId: devnet.caipNetworkId,
    domain: 'app.example:5173',
    uri: 'http://app.example:5173',
    statement: 'Sign in to the app.',
    version: '1',
  })
  const wire = toFrameSiwxMessage(signIn?.data as never)
  expect(Object.values(wire)).not.toContain(undefined)
})

test('behavior: nothing is sent when sign-in is off, the chain is not an EVM one of the host, or the message is for another site', async () => {
  expect(await socialSignIn(setup(undefined), chainId)).toBeUndefined()
  expect(await socialSignIn(setup(local()), undefined)).toBeUndefined()
  expect(await socialSignIn(setup(local()), 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeUndefined()
  expect(await socialSignIn(setup(local()), 999_999)).toBeUndefined()
  expect(await socialSignIn(setup(local({ domain: 'other.example' })), chainId)).toBeUndefined()
  expect(await socialSignIn(setup(local({ uri: 'https://other.example' })), chainId)).toBeUndefined()
})

test('behavior: the frame’s signature becomes a verified, stored session for the logged-in account', async () => {
  const siwx = local()
  const signIn = await socialSignIn(setup(siwx), chainId)
  if (!signIn) throw new Error('expected sign-in data')
  const { account, user } = await frameSigns(signIn)
  expect(await addSocialSignIn(signIn, user)).toBe(true)
  const sessions = await siwx.getSessions(devnet.caipNetworkId, account.address)
  expect(sessions).toHaveLength(1)
  expect(sessions[0]).toMatchObject({ message: user.message, signature: user.signature })
})

test('behavior: a missing, foreign or forged signature adds no session (the sign step asks instead)', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const siwx = local()
  const signIn = await socialSignIn(setup(siwx), chainId)
  if (!signIn) throw new Error('expected sign-in data')
  const { account, user } = await frameSigns(signIn)
  const other = await frameSigns(signIn)

  // No signature at all (a frame that did not sign).
  const { signature: _, ...unsigned } = user
  expect(await addSocialSignIn(signIn, unsigned)).toBe(false)
  // Another text than the one sent (a changed statement), validly signed.
  const changed = user.message?.replace('\n\n\n', '\n\nSend all funds\n\n') ?? ''
  const forgedText = { ...user, message: changed, signature: await account.signMessage({ message: changed }) }
  expect(await addSocialSignIn(signIn, forgedText)).toBe(false)
  // The right text, signed by another key.
  expect(await addSocialSignIn(signIn, { ...user, signature: other.user.signature })).toBe(false)
  // Signed for an account that is not the logged-in one.
  expect(await addSocialSignIn(signIn, { ...other.user, accounts: user.accounts })).toBe(false)

  expect(await siwx.getSessions(devnet.caipNetworkId, account.address)).toEqual([])
  expect(warn).toHaveBeenCalledTimes(4)
  warn.mockRestore()
})
