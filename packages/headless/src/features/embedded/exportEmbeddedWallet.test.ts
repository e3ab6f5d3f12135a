import { afterEach, expect, test } from 'vitest'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { removeTestWindow } from '../../test/window.js'
import { exportEmbeddedWallet } from './exportEmbeddedWallet.js'

afterEach(() => removeTestWindow())

const options = (embeddedWallet?: { frameUrl: string }) => ({
  projectId: 'p',
  networks: [testNetworks().devnet] as const,
  adapters: [eip155Adapter({ eip6963: false })],
  storage: memoryStorage(),
  ...(embeddedWallet ? { embeddedWallet } : {}),
})

test('error: without an embedded wallet the export fails with "No auth connector found"', async () => {
  await expect(exportEmbeddedWallet(createPortico(options()))).rejects.toMatchObject({
    name: 'NoAuthConnectorError',
    shortMessage: 'No auth connector found',
  })
})

test('error: not connected by email, the export fails before any frame is added', async () => {
  // Node has no document: adding the frame first would fail with another error than this one.
  const portico = createPortico(options({ frameUrl: 'https://secure.example.com/' }))
  await expect(exportEmbeddedWallet(portico, { namespace: 'eip155' })).rejects.toMatchObject({
    name: 'NotConnectedToEmailError',
    shortMessage: 'Not connected to email or social',
  })
})
