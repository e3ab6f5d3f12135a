import { afterEach, expect, test } from 'vitest'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { removeTestWindow } from '../../test/window.js'
import { setPreferredAccountType } from './setPreferredAccountType.js'
import { defaultEmbeddedAccountType } from './smartAccount.js'

afterEach(() => removeTestWindow())

const devnet = testNetworks().devnet
const options = (extra: Record<string, unknown> = {}) => ({
  projectId: 'p',
  networks: [devnet] as const,
  adapters: [eip155Adapter({ eip6963: false })],
  storage: memoryStorage(),
  embeddedWallet: { frameUrl: 'https://secure.example.com/' },
  ...extra,
})

test('error: not connected through the embedded wallet, the switch fails before any frame is added', async () => {
  // Node has no document: adding the frame first would fail with another error than this one.
  await expect(setPreferredAccountType(createPortico(options()), { type: 'eoa' })).rejects.toMatchObject({
    name: 'NotConnectedToEmailError',
  })
})

test('default: eip155 embedded users get the smart account (the spec), unless defaultAccountTypes says eoa', () => {
  expect(defaultEmbeddedAccountType(createPortico(options()))).toBe('smartAccount')
  expect(defaultEmbeddedAccountType(createPortico(options({ defaultAccountTypes: { eip155: 'eoa' } })))).toBe('eoa')
})
