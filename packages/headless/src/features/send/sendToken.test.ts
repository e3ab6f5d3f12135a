import { afterEach, expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { bip122Network } from '../../kernel/adapters/bip122/bip122Network.js'
import { createPortico } from '../../kernel/createPortico.js'
import type { TokenBalance } from '../../kernel/types.js'
import { deferred } from '../../test/deferred.js'
import { memoryStorage } from '../../test/fixtures.js'
import { connectedHostWallet, hostAdapter, hostConnector, rpcError } from '../../test/hostConnector.js'
import { pendingTransactionsLimit, sendToken } from './sendToken.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  quantity: { decimals: '18', numeric: '100' },
}

test("behavior: a namespace other than eip155 and solana is 'Unsupported chain'; the wallet is not asked", async () => {
  const regtest = bip122Network({
    genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    name: 'Bitcoin Regtest',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    testnet: true,
  })
  const wallet = hostConnector({
    chain: 'bip122',
    connect: async () => [
      {
        namespace: 'bip122',
        accounts: ['bcrt1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
        caipNetworkId: regtest.caipNetworkId,
      },
    ],
    request: async () => 'never',
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [regtest],
    adapters: [hostAdapter('bip122', [wallet.connector])],
    storage: memoryStorage(),
  })
  stops.push(initialize(portico))
  await connect(portico, { connector: wallet.connector })
  const btc: TokenBalance = { ...eth, symbol: 'BTC', chainId: regtest.caipNetworkId }
  const error = await sendToken(portico, { token: btc, amount: '1', receiver: 'bcrt1qxyz' }).catch((e) => e)
  expect(error).toMatchObject({ name: 'UnsupportedChainError', shortMessage: 'Unsupported chain' })
  expect(wallet.callsOf('request')).toEqual([])
})

test('behavior: at most 99 sends are pending at once; the 100th is refused before the wallet', async () => {
  const answers: ReturnType<typeof deferred<unknown>>[] = []
  const { portico, wallet } = await connectedHostWallet({
    request: () => {
      const answer = deferred<unknown>()
      answers.push(answer)
      return answer.promise
    },
  })
  // Distinct amounts: identical sends in flight would be one send (a double click is joined).
  const sends = Array.from({ length: pendingTransactionsLimit }, (_, i) =>
    sendToken(portico, { token: eth, amount: `0.001${String(i).padStart(3, '0')}`, receiver: bob }).catch((e) => e),
  )
  // Each send reaches the wallet once its checks are done (its fee estimate included): wait for that.
  await vi.waitFor(() => expect(wallet.callsOf('request')).toHaveLength(pendingTransactionsLimit), { timeout: 30_000 })
  expect(await sendToken(portico, { token: eth, amount: '0.001', receiver: bob }).catch((e) => e)).toMatchObject({
    name: 'TooManyPendingTransactionsError',
  })
  expect(wallet.callsOf('request')).toHaveLength(pendingTransactionsLimit)
  // The wallet refuses them all (a node error): the count goes back down and sending works again.
  for (const answer of answers) answer.reject(rpcError(-32000, 'nonce too low'))
  for (const result of await Promise.all(sends)) expect(result).toMatchObject({ name: 'NonceTooLowError' })
  answers.length = 0
  const again = sendToken(portico, { token: eth, amount: '0.001', receiver: bob }).catch((e) => e)
  await vi.waitFor(() => expect(wallet.callsOf('request')).toHaveLength(pendingTransactionsLimit + 1), {
    timeout: 30_000,
  })
  answers[0]?.reject(rpcError(4001, 'User rejected the request.'))
  expect(await again).toMatchObject({ name: 'UserRejectedRequestError' })
})
