import { afterEach, expect, test } from 'vitest'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { removeTestWindow } from '../../test/window.js'
import { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from './updateEmail.js'

afterEach(() => removeTestWindow())

test('error: without an embedded wallet every step fails with the spec’s "No auth connector found"', async () => {
  const portico = createPortico({
    projectId: 'p',
    networks: [testNetworks().devnet],
    adapters: [eip155Adapter({ eip6963: false })],
    storage: memoryStorage(),
  })
  await expect(updateEmail(portico, { email: 'new@example.com' })).rejects.toMatchObject({
    name: 'NoAuthConnectorError',
    shortMessage: 'No auth connector found',
  })
  await expect(updateEmailPrimaryOtp(portico, { otp: '123456' })).rejects.toMatchObject({
    shortMessage: 'No auth connector found',
  })
  await expect(updateEmailSecondaryOtp(portico, { otp: '123456' })).rejects.toMatchObject({
    shortMessage: 'No auth connector found',
  })
})
