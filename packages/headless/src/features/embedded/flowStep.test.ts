import { afterEach, expect, test } from 'vitest'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { removeTestWindow } from '../../test/window.js'
import {
  getEmailLoginStep,
  getUpdateEmailStep,
  setEmailLoginStep,
  setUpdateEmailStep,
  watchEmailLoginStep,
  watchUpdateEmailStep,
} from './flowStep.js'
import { updateEmailMutationOptions } from './query.js'

afterEach(() => removeTestWindow())

const makePortico = () =>
  createPortico({
    projectId: 'p',
    networks: [testNetworks().devnet],
    adapters: [eip155Adapter({ eip6963: false })],
    storage: memoryStorage(),
  })

test('an instance starts both flows at EMAIL, and each instance keeps its own steps', () => {
  const a = makePortico()
  const b = makePortico()
  expect(getEmailLoginStep(a)).toBe('EMAIL')
  expect(getUpdateEmailStep(a)).toBe('EMAIL')
  setEmailLoginStep(a, 'VERIFY_OTP')
  setUpdateEmailStep(a, 'VERIFY_PRIMARY_OTP')
  expect(getEmailLoginStep(a)).toBe('VERIFY_OTP')
  expect(getUpdateEmailStep(a)).toBe('VERIFY_PRIMARY_OTP')
  expect(getEmailLoginStep(b)).toBe('EMAIL')
  expect(getUpdateEmailStep(b)).toBe('EMAIL')
})

test('watchers hear each change of step once, not a write of the same step, and stop when unwatched', () => {
  const portico = makePortico()
  const login: string[] = []
  const update: string[] = []
  const unwatchLogin = watchEmailLoginStep(portico, { onChange: (step) => login.push(step) })
  const unwatchUpdate = watchUpdateEmailStep(portico, { onChange: (step) => update.push(step) })
  setEmailLoginStep(portico, 'VERIFY_DEVICE')
  setEmailLoginStep(portico, 'VERIFY_DEVICE')
  setEmailLoginStep(portico, 'VERIFY_OTP')
  setUpdateEmailStep(portico, 'DONE')
  unwatchLogin()
  unwatchUpdate()
  setEmailLoginStep(portico, 'CONNECTED')
  setUpdateEmailStep(portico, 'EMAIL')
  expect(login).toEqual(['VERIFY_DEVICE', 'VERIFY_OTP'])
  expect(update).toEqual(['DONE'])
})

test('a refused email change leaves the step where it was (only a success moves it)', async () => {
  const portico = makePortico()
  const options = updateEmailMutationOptions(portico)
  await expect(options.mutationFn({ email: 'new@example.com' })).rejects.toMatchObject({
    shortMessage: 'No auth connector found',
  })
  expect(getUpdateEmailStep(portico)).toBe('EMAIL')
})
