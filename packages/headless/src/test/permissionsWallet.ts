import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connect } from '../kernel/actions/connect.js'
import { initialize } from '../kernel/actions/initialize.js'
import { createPortico } from '../kernel/createPortico.js'
import type { PorticoOptions } from '../kernel/options.js'
import type { Connector } from '../kernel/types.js'
import { memoryStorage, testNetworks } from './fixtures.js'
import { hostAdapter, hostConnector } from './hostConnector.js'

type RequestOf = Parameters<Connector['request']>[0]

/**
 * @internal
 * A Portico with `smartSessions` on (unless `options` says otherwise) and one host wallet on
 * eip155:31337 with a real key: `request` answers what the test scripts, messages are signed for
 * real. The hosted API is the devnet's when `apiUrl` is given, else off.
 */
export async function permissionsWallet({
  request,
  options = {},
  apiUrl,
}: {
  request?: (parameters: RequestOf) => Promise<unknown>
  options?: Partial<PorticoOptions>
  apiUrl?: string
} = {}) {
  const account = privateKeyToAccount(generatePrivateKey())
  const { devnet, solanaLocal } = testNetworks()
  const wallet = hostConnector({
    connect: async () => [{ namespace: 'eip155', accounts: [account.address], caipNetworkId: devnet.caipNetworkId }],
    signMessage: async ({ message }) => account.signMessage({ message: String(message) }),
    request: async (parameters) => {
      if (!request) throw Object.assign(new Error('Method not found'), { code: -32601 })
      return request(parameters)
    },
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    remoteConfig: false,
    networks: [devnet, solanaLocal],
    adapters: [hostAdapter('eip155', [wallet.connector]), hostAdapter('solana')],
    storage: memoryStorage(),
    features: { smartSessions: true },
    ...(apiUrl ? { apiUrls: { blockchain: apiUrl, api: apiUrl } } : { blockchainApi: false }),
    ...options,
  })
  const stop = initialize(portico)
  await connect(portico, { connector: wallet.connector })
  const requests = () => wallet.callsOf('request') as RequestOf[]
  return { portico, wallet, account, stop, requests }
}
