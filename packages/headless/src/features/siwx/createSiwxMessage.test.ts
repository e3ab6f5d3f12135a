import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { memoryStorage } from '../../test/fixtures.js'
import { siwxAddress as address, siwxSuite } from '../../test/siwxFixture.js'
import { createSiwxMessage } from './createSiwxMessage.js'
import { localSiwx } from './localSiwx.js'

const setup = siwxSuite()
const siwx = () => localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })

test('no connected account: SiwxNoActiveCaipAddressError with the spec’s text', async () => {
  const { portico } = setup(siwx())
  await expect(createSiwxMessage(portico)).rejects.toMatchObject({
    name: 'SiwxNoActiveCaipAddressError',
    shortMessage: 'No ActiveCaipAddress found',
  })
})

test('for the connected account: the config’s message and its EIP-4361 text', async () => {
  const { portico } = setup(siwx())
  await connect(portico, { connectorId: 'test', namespace: 'eip155' })
  const { data, message } = await createSiwxMessage(portico)
  expect(data).toMatchObject({ accountAddress: address, chainId: 'eip155:31337', domain: 'app.test' })
  expect(message.split('\n')[0]).toBe('app.test wants you to sign in with your Ethereum account:')
  expect(message).toContain(`Nonce: ${data.nonce}`)
})
