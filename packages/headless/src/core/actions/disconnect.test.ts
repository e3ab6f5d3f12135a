import { afterEach, expect, test, vi } from 'vitest'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import type { Eip1193Provider } from '../adapters/eip155/types.js'
import { createPortico } from '../config/createPortico.js'
import { connect } from './connect.js'
import { disconnect } from './disconnect.js'
import { getConnection } from './getConnection.js'
import { initialize } from './initialize.js'

afterEach(() => {
  vi.useRealTimers()
  removeTestWindow()
})

/** A host-supplied wallet whose revoke call never answers, or fails. */
function walletWhoseRevoke(behaviour: 'hangs' | 'fails'): Eip1193Provider {
  return {
    async request({ method }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts')
        return ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266']
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'wallet_revokePermissions')
        return behaviour === 'hangs' ? new Promise(() => {}) : Promise.reject({ code: -32603, message: 'boom' })
      throw { code: 4200, message: 'unsupported' }
    },
  }
}

async function connected(behaviour: 'hangs' | 'fails') {
  installTestWindow()
  const storage = memoryStorage()
  const portico = createPortico({
    projectId: 'p',
    networks: [testNetworks().devnet],
    adapters: [
      eip155Adapter({ eip6963: false, connectors: [{ id: 'hw', name: 'HW', provider: walletWhoseRevoke(behaviour) }] }),
    ],
    storage,
  })
  initialize(portico)
  await connect(portico, { connectorId: 'hw', namespace: 'eip155' })
  expect(getConnection(portico).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  return { portico, storage }
}

test('behavior: a wallet that never answers holds disconnect for at most 3 s', async () => {
  const { portico, storage } = await connected('hangs')
  vi.useFakeTimers()
  let done = false
  const pending = disconnect(portico).then(() => {
    done = true
  })
  await vi.advanceTimersByTimeAsync(2_999)
  expect(done).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  await pending
  expect(done).toBe(true)
  expect(getConnection(portico).status).toBe('disconnected')
  expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
})

test('behavior: a failing wallet still leaves local state reset, then reports FailedToDisconnectError', async () => {
  const { portico, storage } = await connected('fails')
  const error = await disconnect(portico).catch((e) => e)
  expect(error).toMatchObject({ name: 'FailedToDisconnectError', shortMessage: 'Failed to disconnect chains: eip155' })
  expect(getConnection(portico).status).toBe('disconnected')
  expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  expect(await disconnect(portico, { namespace: 'eip155' }).catch((e) => e)).toBeUndefined()
})
