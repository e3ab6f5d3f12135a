import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { connectedSuite } from '../../test/hookHarness.js'
import { resolveReceiver } from './resolveReceiver.js'

const { connected } = connectedSuite()

test('default: a name receiver is replaced by the address it resolves to; the rest is kept', async () => {
  const { portico } = await connected()
  const parameters = { token: undefined, amount: '1.5', receiver: 'bob.reown.id' }
  expect(await resolveReceiver(portico, parameters)).toEqual({
    token: undefined,
    amount: '1.5',
    receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  })
  expect(parameters.receiver).toBe('bob.reown.id')
})

test('behavior: an address (or anything not a name) is left for the validation, without asking the name service', async () => {
  const fetched: string[] = []
  const { portico } = await connected({ onFetch: (url) => fetched.push(url) })
  const before = fetched.length
  const address = privateKeyToAccount(generatePrivateKey()).address
  for (const receiver of [address, 'not an address', undefined]) {
    const parameters = { amount: '1', receiver }
    expect(await resolveReceiver(portico, parameters)).toBe(parameters)
  }
  expect(fetched.slice(before)).toEqual([])
})

test("behavior: a name nobody holds is 'Error resolving name' (not-found)", async () => {
  const { portico } = await connected()
  await expect(resolveReceiver(portico, { amount: '1', receiver: 'nobody.reown.id' })).rejects.toMatchObject({
    name: 'NameResolutionError',
    shortMessage: 'Error resolving name',
    reason: 'not-found',
  })
})
