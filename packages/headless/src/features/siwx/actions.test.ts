import { afterEach, expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { addSiwxSession } from './addSiwxSession.js'
import { createSiwxMessage } from './createSiwxMessage.js'
import { getSiwxConfig } from './getSiwxConfig.js'
import { getSiwxSessions } from './getSiwxSessions.js'
import { isSiwxRequired } from './isSiwxRequired.js'
import { localSiwx } from './localSiwx.js'
import { revokeSiwxSession } from './revokeSiwxSession.js'
import { setSiwxSessions } from './setSiwxSessions.js'
import { signInWithSiwx } from './signInWithSiwx.js'

const key = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
const address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'

afterEach(() => {
  removeTestWindow()
  vi.restoreAllMocks()
})

function setup(siwx: unknown) {
  installTestWindow()
  const { devnet } = testNetworks()
  const wallet = createTestEip1193Wallet({
    accounts: [key],
    chains: [{ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' }],
  })
  const portico = createPortico({
    projectId: 'p',
    networks: [devnet],
    adapters: [
      eip155Adapter({ eip6963: false, connectors: [{ id: 'test', name: 'Test', provider: wallet.provider }] }),
    ],
    storage: memoryStorage(),
    siwx: siwx as never,
  })
  initialize(portico)
  return { portico, wallet }
}

test('behavior: without a siwx option every action says so', async () => {
  const { portico } = setup(undefined)
  expect(getSiwxConfig(portico)).toBeUndefined()
  expect(isSiwxRequired(portico)).toBe(false)
  for (const run of [
    () => getSiwxSessions(portico, { caipNetworkId: 'eip155:31337', address }),
    () => createSiwxMessage(portico),
    () => revokeSiwxSession(portico),
    () => setSiwxSessions(portico, []),
    () => signInWithSiwx(portico),
  ])
    await expect(run()).rejects.toMatchObject({ name: 'SiwxNotEnabledError', shortMessage: 'SIWX is not enabled' })
})

test('behavior: a siwx option that is not a config is refused, naming what is missing', () => {
  expect(() => setup({ createMessage: () => {}, getSessions: 'no' })).toThrowError(
    expect.objectContaining({
      name: 'InvalidOptionsError',
      issues: [
        {
          path: 'siwx',
          message: 'not a SiwxConfig (missing or not a function: addSession, getSessions, revokeSession, setSessions)',
        },
      ],
    }),
  )
  expect(() => setup('localSiwx')).toThrowError(expect.objectContaining({ name: 'InvalidOptionsError' }))
  // An instance whose options were altered after creation still gets the sign-in error.
  const { portico } = setup(undefined)
  ;(portico.options as { siwx: unknown }).siwx = { createMessage: () => {}, getSessions: 'no' }
  expect(() => getSiwxConfig(portico)).toThrowErrorMatchingInlineSnapshot(`
    [InvalidSiwxConfigError: Invalid siwx configuration

    Use \`localSiwx()\`, \`serverSiwx({ url })\`, or an object with every SiwxConfig method.

    Details: Missing or not a function: addSession, getSessions, revokeSession, setSessions.
    Docs: https://portico.dev/docs/api/siwx]
  `)
})

test('behavior: the preconditions raise the spec errors', async () => {
  const { portico } = setup(localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' }))
  await expect(createSiwxMessage(portico)).rejects.toMatchObject({
    name: 'SiwxNoActiveCaipAddressError',
    shortMessage: 'No ActiveCaipAddress found',
  })
  await expect(getSiwxSessions(portico, { caipNetworkId: 'solana:abcdefgh', address })).rejects.toMatchObject({
    name: 'SiwxNoActiveNetworkError',
    shortMessage: 'No ActiveCaipNetwork or client found',
  })
  // Given explicitly, no connection is needed.
  await expect(getSiwxSessions(portico, { caipNetworkId: 'eip155:31337', address })).resolves.toEqual([])
})

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
