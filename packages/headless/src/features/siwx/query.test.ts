// The sign-in mutation options (query.ts) run through a real QueryClient's MutationObserver, as
// useSiwx runs them: their keys (the UI's analytics names the journey step by them), one wallet
// prompt per mutate, a double mutate joined, and the cancel rule reached through the options.
// The verbs' own cases are in signInSiwx.test.ts and cancelSiwxSignIn.test.ts, the hook in
// react/useSiwx.test.tsx.
// biome-ignore lint/style/noRestrictedImports: a test gives the options factories the query client a host would, without React
import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { siwxFlowSuite, stateWhere } from '../../test/siwxFlowFixture.js'
import { getSiwxSessions } from './getSiwxSessions.js'
import { getSiwxState } from './getSiwxState.js'
import { cancelSiwxSignInMutationOptions, signInSiwxMutationOptions } from './query.js'

const { setup, address } = siwxFlowSuite()

/** The suite's instance, connected and at the sign step. */
async function atSignStep(...parameters: Parameters<typeof setup>) {
  const context = setup(...parameters)
  await connect(context.portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(context.portico, (s) => s.step === 'prompt')
  const prompts = () => context.wallet.requests.filter((r) => r.method === 'personal_sign').length
  return { ...context, prompts }
}

test("default: the mutation keys are ['portico', 'signInSiwx'] and ['portico', 'cancelSiwxSignIn'], whatever the instance", () => {
  const { portico } = setup()
  expect(signInSiwxMutationOptions(portico).mutationKey).toEqual(['portico', 'signInSiwx'])
  expect(cancelSiwxSignInMutationOptions(portico).mutationKey).toEqual(['portico', 'cancelSiwxSignIn'])
  const other = setup({ siwx: { required: true } }).portico
  expect(signInSiwxMutationOptions(other).mutationKey).toEqual(signInSiwxMutationOptions(portico).mutationKey)
})

test('behavior: each sign-in mutate asks the wallet once and answers the session it stored for the connected account', async () => {
  const { portico, prompts } = await atSignStep()
  const observer = new MutationObserver(new QueryClient(), signInSiwxMutationOptions(portico))
  const session = await observer.mutate()
  expect(session.data).toMatchObject({ accountAddress: address, chainId: 'eip155:31337' })
  expect(prompts()).toBe(1)
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticated', step: 'idle', sessions: [session] })
  expect(await getSiwxSessions(portico)).toEqual([session])
  expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: session })
  // A second mutate once the first settled is a sign-in of its own.
  await observer.mutate()
  expect(prompts()).toBe(2)
})

test('behavior: a second sign-in mutate while one runs joins it: one wallet prompt, one session, both answered it', async () => {
  const { portico, prompts } = await atSignStep()
  const queryClient = new QueryClient()
  const options = signInSiwxMutationOptions(portico)
  const [a, b] = await Promise.all([
    new MutationObserver(queryClient, options).mutate(),
    new MutationObserver(queryClient, options).mutate(),
  ])
  expect(b).toBe(a)
  expect(prompts()).toBe(1)
  expect(await getSiwxSessions(portico)).toHaveLength(1)
})

test('error: a declined signature fails the mutation with the rejection and the step; the next mutate asks again and signs in', async () => {
  const { portico, wallet, prompts } = await atSignStep()
  const observer = new MutationObserver(new QueryClient(), signInSiwxMutationOptions(portico))
  wallet.rejectNext('personal_sign')
  await expect(observer.mutate()).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  expect(observer.getCurrentResult().status).toBe('error')
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticating', step: 'failed', sessions: [] })
  await observer.mutate()
  expect(prompts()).toBe(2)
  expect(getSiwxState(portico)).toMatchObject({ status: 'authenticated', step: 'idle' })
})

test('behavior: the cancel mutate, with sign-in optional, closes the step: the account stays connected and nothing is signed', async () => {
  const { portico, prompts } = await atSignStep()
  await new MutationObserver(new QueryClient(), cancelSiwxSignInMutationOptions(portico)).mutate()
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle' })
  expect(getConnection(portico).status).toBe('connected')
  expect(prompts()).toBe(0)
})

test('behavior: the cancel mutate, with sign-in required and no session, disconnects', async () => {
  const { portico, prompts } = await atSignStep({ siwx: { required: true } })
  await new MutationObserver(new QueryClient(), cancelSiwxSignInMutationOptions(portico)).mutate()
  expect(getConnection(portico).status).toBe('disconnected')
  expect(getSiwxState(portico)).toMatchObject({ status: 'unauthenticated', step: 'idle', address: undefined })
  expect(prompts()).toBe(0)
})

test('behavior: the options act on their own instance only: signing in one leaves another at its sign step', async () => {
  const first = await atSignStep()
  const second = await atSignStep()
  const queryClient = new QueryClient()
  await new MutationObserver(queryClient, signInSiwxMutationOptions(first.portico)).mutate()
  expect(getSiwxState(first.portico).status).toBe('authenticated')
  expect(getSiwxState(second.portico)).toMatchObject({ status: 'authenticating', step: 'prompt', sessions: [] })
  expect(second.prompts()).toBe(0)
})
