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

test("behavior: a profile's avatar attribute comes with its name; anything but a string is left out", async () => {
  const account = privateKeyToAccount(generatePrivateKey())
  const name = `pic-${Math.random().toString(36).slice(2, 10)}.reown.id`
  const avatar = 'data:image/png;base64,iVBORw0KGgo='
  const message = JSON.stringify({ name, attributes: { avatar }, timestamp: Math.floor(Date.now() / 1000) })
  const { sdkType, sdkVersion } = portico().options
  const registered = await fetch(`${devnet.apiUrl}/v1/profile/account?projectId=p&st=${sdkType}&sv=${sdkVersion}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: 60,
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }),
  })
  expect(registered.status, await registered.text()).toBe(200)
  expect(await getNamesForAddress(portico(), { address: account.address })).toEqual([
    { name, addresses: { '60': account.address }, avatar },
  ])

  const server = await startHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify([
        { name: 'odd.reown.id', attributes: { avatar: 42 } },
        { name: 'list.reown.id', attributes: ['avatar'] },
        { name: 'empty.reown.id', attributes: { avatar: '' } },
      ]),
    )
  })
  try {
    expect(await getNamesForAddress(portico(server.url), { address: bob })).toEqual([
      { name: 'odd.reown.id', addresses: {} },
      { name: 'list.reown.id', addresses: {} },
      { name: 'empty.reown.id', addresses: {} },
    ])
  } finally {
    await server.close()
  }
})
