import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { memoryStorage } from '../../test/fixtures.js'
import { siwxAddress as address, siwxSuite } from '../../test/siwxFixture.js'
import { addSiwxSession } from './addSiwxSession.js'
import { createSiwxMessage } from './createSiwxMessage.js'
import { getSiwxSessions } from './getSiwxSessions.js'
import { isSiwxRequired } from './isSiwxRequired.js'
import { localSiwx } from './localSiwx.js'
import { revokeSiwxSession } from './revokeSiwxSession.js'
import { setSiwxSessions } from './setSiwxSessions.js'
import { signInWithSiwx } from './signInWithSiwx.js'

const setup = siwxSuite()

test('default: connect, sign in, read, revoke, replace', async () => {
  const siwx = localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test', required: true })
  const { portico, wallet } = setup(siwx)
  expect(isSiwxRequired(portico)).toBe(true)
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })

  const { data, message } = await createSiwxMessage(portico)
  expect(data).toMatchObject({ accountAddress: address, chainId: 'eip155:31337', domain: 'app.test' })
  expect(message.split('\n')[0]).toBe('app.test wants you to sign in with your Ethereum account:')

  const session = await signInWithSiwx(portico)
  expect(wallet.requests.at(-1)?.method).toBe('personal_sign')
  expect(await getSiwxSessions(portico)).toEqual([session])

  // A user who declines the signature gets the wallet's rejection to retry from, and no session.
  await revokeSiwxSession(portico)
  expect(await getSiwxSessions(portico)).toEqual([])
  wallet.rejectNext('personal_sign')
  await expect(signInWithSiwx(portico)).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  expect(await getSiwxSessions(portico)).toEqual([])

  await addSiwxSession(portico, session)
  expect(await getSiwxSessions(portico)).toHaveLength(1)
  await setSiwxSessions(portico, [])
  expect(await getSiwxSessions(portico)).toEqual([])
})

test('precondition: without a wallet that holds the account, no message, no nonce and no prompt', async () => {
  const siwx = localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })
  const { portico, wallet } = setup(siwx)
  // An address given, but nothing connected to sign for it.
  await expect(signInWithSiwx(portico, { address, caipNetworkId: 'eip155:31337' })).rejects.toMatchObject({
    name: 'SiwxNoConnectionClientError',
    shortMessage: 'No ConnectionController client found',
  })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  const requests = wallet.requests.length
  // The connected wallet holds another address: it would sign with the wrong key.
  const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  await expect(signInWithSiwx(portico, { address: other })).rejects.toMatchObject({
    name: 'SiwxNoConnectionClientError',
    details: expect.stringContaining(other),
  })
  expect(wallet.requests.slice(requests).map((r) => r.method)).not.toContain('personal_sign')
  // The same address in another case is the same account.
  await expect(signInWithSiwx(portico, { address: address.toLowerCase() })).resolves.toMatchObject({
    signature: expect.any(String),
  })
})
