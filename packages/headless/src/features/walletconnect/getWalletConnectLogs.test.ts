// The loaded case (the SDK's own log lines, never the pairing key) needs the devnet relay and a
// wallet-side SDK: walletConnect.devnet.test.ts covers it. These are the cases with nothing loaded.
import { expect, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { memoryStorage, testAdapters, testNetworks } from '../../test/fixtures.js'
import { getWalletConnectLogs } from './getWalletConnectLogs.js'
import { walletConnectSession } from './session.js'

const create = (walletConnect: false | undefined) =>
  createPortico({
    projectId: 'p',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: memoryStorage(),
    remoteConfig: false,
    ...(walletConnect === false ? { walletConnect } : {}),
  })

test('an app without WalletConnect has no log: an empty string', () => {
  expect(getWalletConnectLogs(create(false))).toBe('')
})

test('before the SDK loads the log is empty, and reading it loads nothing', () => {
  const portico = create(undefined)
  expect(getWalletConnectLogs(portico)).toBe('')
  expect(walletConnectSession(portico).loaded()).toBeUndefined()
})
