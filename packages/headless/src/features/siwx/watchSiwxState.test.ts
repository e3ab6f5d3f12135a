import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { siwxFlowSuite, stateWhere } from '../../test/siwxFlowFixture.js'
import { signInSiwx } from './signInSiwx.js'
import { watchSiwxState } from './watchSiwxState.js'

const { setup, stops } = siwxFlowSuite()

test('default: reports each step of a sign-in in order, with the state it left', async () => {
  const { portico } = setup()
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  const steps: string[] = []
  const previous: string[] = []
  stops.push(
    watchSiwxState(portico, {
      onChange: (s, before) => {
        steps.push(`${s.status}/${s.step}`)
        previous.push(`${before.status}/${before.step}`)
      },
    }),
  )
  const session = await signInSiwx(portico)
  expect(steps).toEqual(['authenticating/signing', 'authenticated/idle'])
  expect(previous).toEqual(['authenticating/prompt', 'authenticating/signing'])
  expect(session.signature).toMatch(/^0x[0-9a-f]+$/)
})

test('behavior: after unsubscribing, later changes are not reported', async () => {
  const { portico } = setup()
  const seen: string[] = []
  const unwatch = watchSiwxState(portico, { onChange: (s) => seen.push(s.step) })
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  await stateWhere(portico, (s) => s.step === 'prompt')
  expect(seen).toContain('prompt')
  const before = seen.length
  unwatch()
  await signInSiwx(portico)
  expect(seen).toHaveLength(before)
})
