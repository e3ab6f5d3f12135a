import { expect, inject, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { testNetworks } from '../../test/fixtures.js'
import { hostAdapter } from '../../test/hostConnector.js'
import { fetchNameProfile } from './fetchNameProfile.js'

const devnet = inject('devnet')
const portico = () =>
  createPortico({
    projectId: 'p',
    walletConnect: false,
    remoteConfig: false,
    networks: [testNetworks().devnet],
    adapters: [hostAdapter('eip155')],
    storage: null,
    apiUrls: { blockchain: devnet.apiUrl, api: devnet.apiUrl },
  })

test('default: a name’s addresses by SLIP-44 coin type (60 for EVM, 501 for Solana)', async () => {
  const profile = await fetchNameProfile(portico(), { name: 'bob.reown.id' })
  expect(profile.name.toLowerCase()).toBe('bob.reown.id')
  expect(profile.addresses['60']?.toLowerCase()).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
  expect(profile.addresses['501']).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
})

test("behavior: an unknown name (the service's 404) is 'Error resolving name'", async () => {
  await expect(fetchNameProfile(portico(), { name: 'nobody.reown.id' })).rejects.toMatchObject({
    shortMessage: 'Error resolving name',
  })
})
