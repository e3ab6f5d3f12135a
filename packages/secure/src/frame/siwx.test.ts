import { formatSiwxMessage, parseSiwxMessage } from '@portico/headless/siwx'
import { getAddress, recoverMessageAddress, type SignableMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import type { FrameSiwxMessage } from '../protocol/fields.js'
import { parseAppMessage } from '../protocol/requests.js'
import { frameTexts } from '../protocol/texts.js'
import type { RpcError } from './rpcError.js'
import { assertSiwxForHost, signSiwxAtLogin } from './siwx.js'

const host = 'http://127.0.0.1:5173'
const data: FrameSiwxMessage = {
  accountAddress: '0x0000000000000000000000000000000000000000',
  chainId: 'eip155:31337',
  domain: '127.0.0.1:5173',
  uri: host,
  version: '1',
  nonce: 'abcdefgh1234',
  statement: 'Sign in to the demo',
  issuedAt: '2026-11-28T12:00:00.000Z',
  expirationTime: '2026-11-29T12:00:00.000Z',
}

const refusal = (run: () => void) => {
  try {
    run()
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message, code: (error as RpcError).code }
  }
  return undefined
}

test('default: the signature recovers to the embedded address, over the text the kit formats', async () => {
  const key = generatePrivateKey()
  const address = privateKeyToAccount(key).address
  const used: string[] = []
  const signer = {
    address: address.toLowerCase() as `0x${string}`,
    signMessage: async ({ message }: { message: SignableMessage }) => {
      used.push(String(message))
      return privateKeyToAccount(key).signMessage({ message })
    },
  }
  const signed = await signSiwxAtLogin(data, signer)
  expect(used).toHaveLength(1)
  expect(signed.siwxMessage).toEqual({ ...data, accountAddress: getAddress(address) })
  expect(signed.message).toBe(formatSiwxMessage({ ...data, accountAddress: address } as never))
  expect(used[0]).toBe(signed.message)
  expect(signed.message).toContain(`\n${address}\n`)
  expect(parseSiwxMessage(signed.message)).toMatchObject({ accountAddress: address, nonce: data.nonce })
  expect(await recoverMessageAddress({ message: signed.message, signature: signed.signature })).toBe(address)
})

test('behavior: sign-in data for the host origin passes', () => {
  expect(refusal(() => assertSiwxForHost(data, host))).toBeUndefined()
  expect(refusal(() => assertSiwxForHost({ ...data, scheme: 'http' }, host))).toBeUndefined()
})

test('behavior: a domain, uri or scheme of another site is refused with a typed error', () => {
  const wrongSite = { name: 'RpcError', message: frameTexts.siwxWrongSite, code: 4100 }
  expect(refusal(() => assertSiwxForHost({ ...data, domain: 'bank.example' }, host))).toEqual(wrongSite)
  expect(refusal(() => assertSiwxForHost({ ...data, uri: 'https://bank.example/login' }, host))).toEqual(wrongSite)
  expect(refusal(() => assertSiwxForHost({ ...data, domain: '127.0.0.1:5174' }, host))).toEqual(wrongSite)
  expect(refusal(() => assertSiwxForHost({ ...data, scheme: 'https' }, host))).toEqual(wrongSite)
  expect(refusal(() => assertSiwxForHost({ ...data, uri: 'not a uri' }, host))).toEqual(wrongSite)
  expect(
    refusal(() => assertSiwxForHost({ ...data, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, host)),
  ).toEqual({ name: 'RpcError', message: 'Only EVM sign-in messages are signed at login', code: -32602 })
})

test('behavior: connect social with malformed sign-in data is refused naming the request, so the frame can answer it', () => {
  const message = (siwxMessage: unknown) =>
    parseAppMessage({ id: 'r1', type: '@portico-app/CONNECT_SOCIAL', payload: { uri: host, siwxMessage } })
  expect(message(data)).toMatchObject({ success: true, data: { payload: { siwxMessage: data } } })
  for (const bad of [
    'a string',
    { ...data, version: '2' },
    { ...data, nonce: 'short' },
    { ...data, domain: 'x'.repeat(256) },
    { ...data, resources: Array.from({ length: 17 }, (_, i) => `https://r.example/${i}`) },
    { ...data, accountAddress: undefined },
  ]) {
    const parsed = message(bad)
    expect(parsed.success).toBe(false)
    expect(parsed).toMatchObject({ request: { id: 'r1', name: 'CONNECT_SOCIAL' } })
  }
})
