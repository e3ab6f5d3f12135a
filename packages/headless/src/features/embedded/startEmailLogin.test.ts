// An email login the host's options cannot support fails at once with the spec's 'Unable to load
// email login dependency' and a detail saying which option is missing; no frame is made. (A frame
// URL that is not http(s) never gets this far: the options are refused when the instance is made.)
// The login itself needs the secure frame in a real browser: ui EmailLogin.browser.test.tsx and
// tests/e2e cover it.
import { expect, test } from 'vitest'
import { bip122Adapter } from '../../kernel/adapters/bip122/bip122Adapter.js'
import { bitcoin } from '../../kernel/adapters/bip122/bip122Network.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { startEmailLogin } from './startEmailLogin.js'

const options = {
  projectId: 'p' as string | undefined,
  networks: [testNetworks().devnet],
  adapters: [eip155Adapter({ eip6963: false })],
  storage: memoryStorage(),
  embeddedWallet: { frameUrl: 'http://127.0.0.1:1/' } as { frameUrl: string } | undefined,
}

test.each([
  ['no embedded wallet in the options', { embeddedWallet: undefined }, 'No embeddedWallet.frameUrl in the options.'],
  ['no project id', { projectId: undefined }, 'The embedded wallet needs a projectId.'],
  [
    'no eip155 or solana adapter',
    { networks: [bitcoin], adapters: [bip122Adapter({ satsConnect: false })] },
    'Email login needs an eip155 or solana adapter.',
  ],
] as const)('error: %s gives the spec’s "Unable to load email login dependency"', async (_, over, details) => {
  const portico = createPortico({ ...options, ...over } as Parameters<typeof createPortico>[0])
  await expect(startEmailLogin(portico, { email: 'alice@example.com' })).rejects.toMatchObject({
    name: 'EmbeddedWalletNotConfiguredError',
    shortMessage: 'Unable to load email login dependency',
    details,
  })
})
