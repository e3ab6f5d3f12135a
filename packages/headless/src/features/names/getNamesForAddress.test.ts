import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, inject, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { startHttpServer, testNetworks } from '../../test/fixtures.js'
import { hostAdapter } from '../../test/hostConnector.js'
import { getNamesForAddress } from './getNamesForAddress.js'
import { namesForAddressQueryKey } from './query.js'

const devnet = inject('devnet')
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const portico = (url = devnet.apiUrl) =>
  createPortico({
    projectId: 'p',
    walletConnect: false,
    remoteConfig: false,
    networks: [testNetworks().devnet],
    adapters: [hostAdapter('eip155')],
    storage: null,
    apiUrls: { blockchain: url, api: url },
  })

test('default: the names that point to an address, with their addresses by coin type', async () => {
  const names = await getNamesForAddress(portico(), { address: bob })
  const profile = names.find((n) => n.name.toLowerCase() === 'bob.reown.id')
  expect(profile?.addresses['60']?.toLowerCase()).toBe(bob.toLowerCase())
})

test('behavior: an address nobody named gives an empty list; the query key is case-insensitive', async () => {
  const address = privateKeyToAccount(generatePrivateKey()).address
  expect(await getNamesForAddress(portico(), { address })).toEqual([])
  expect(namesForAddressQueryKey({ address: '0xABC' })).toEqual(['portico', 'namesForAddress', { address: '0xabc' }])
})

test("behavior: a failing or hostile service is 'Error fetching names for address'", async () => {
  const answers = [
    { status: 500, body: '{}' },
    { status: 200, body: JSON.stringify({ name: 'x' }) },
  ]
  const server = await startHttpServer((_req, res) => {
    const answer = answers.shift() ?? { status: 500, body: '{}' }
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(answer.body)
  })
  try {
    for (let i = 0; i < 2; i++)
      await expect(getNamesForAddress(portico(server.url), { address: bob })).rejects.toMatchObject({
        name: 'NamesForAddressError',
        shortMessage: 'Error fetching names for address',
      })
    expect(answers).toEqual([])
  } finally {
    await server.close()
  }
})
