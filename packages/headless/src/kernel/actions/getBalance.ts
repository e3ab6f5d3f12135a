import { balanceRetryLockoutMs, fetchAccountBalances, usesBlockchainApi } from '../api/blockchainApi.js'
import { NotConnectedError, type NotConnectedErrorType } from '../errors/connection.js'
import {
  BalanceUnavailableError,
  type BalanceUnavailableErrorType,
  NetworkNotFoundError,
  type NetworkNotFoundErrorType,
} from '../errors/network.js'
import { featureLoaders } from '../featureLoaders.js'
import type { Portico } from '../portico.js'
import { resolveNamespace } from '../state/activeConnection.js'
import { accountsAtom, activeNetworksAtom } from '../state/atoms.js'
import type { PorticoNetwork, TokenBalance } from '../types.js'
import type { CaipNetworkId } from '../utils/caip.js'

export type GetBalanceParameters = {
  /** Default: the connected address on the network's namespace. */
  address?: string | undefined
  /** Default: the selected network of the active namespace. */
  caipNetworkId?: CaipNetworkId | undefined
  /**
   * Ask the connected eip155 wallet first (`wallet_getAssets`, EIP-7811) where its capabilities
   * report `assetDiscovery`; otherwise, or when that fails, the blockchain API or the RPC as usual.
   */
  walletAssets?: boolean | undefined
}
/** Native balance first, then each configured token. */
export type GetBalanceReturnType = TokenBalance[]
export type GetBalanceErrorType = BalanceUnavailableErrorType | NetworkNotFoundErrorType | NotConnectedErrorType

/**
 * Reads the native and token balances: from the blockchain API (with prices and values) when the
 * instance has a project id and the API serves the network, otherwise straight from the network's
 * RPC (native and configured tokens). Failures and networks Portico does not know throw
 * {@link BalanceUnavailableError} ('Token Balance Unavailable'); after a failure further attempts
 * are refused for 30 s without a request (the spec), and the alert is raised. Entries whose
 * decimals are '0' are dropped as low quality (the spec). On a test network (`testnet: true`)
 * every price and value is 0, whatever the source says (the spec's "test networks show 0.00"):
 * amounts are read as usual, but test tokens have no market price.
 *
 * @example
 * const [native, ...tokens] = await getBalance(portico)
 * formatBalance(native.quantity.numeric) // '9,999.998'
 */
export async function getBalance(
  portico: Portico,
  parameters: GetBalanceParameters = {},
): Promise<GetBalanceReturnType> {
  const namespace = parameters.caipNetworkId ? (parameters.caipNetworkId.split(':')[0] as never) : undefined
  const { namespace: ns, adapter } = resolveNamespace(portico, namespace)
  const network = parameters.caipNetworkId
    ? portico.networks.find((n) => n.caipNetworkId === parameters.caipNetworkId)
    : portico.store.get(activeNetworksAtom)[ns]
  if (!network) throw new NetworkNotFoundError({ caipNetworkId: parameters.caipNetworkId })
  if (network.unsupported)
    throw new BalanceUnavailableError({ cause: new Error(`${network.caipNetworkId} is not supported`) })
  const address = parameters.address ?? portico.store.get(accountsAtom)[ns]?.address
  if (!address) throw new NotConnectedError({ namespace: ns })
  const lockedUntil = portico._internal.balanceRetryAt
  if (lockedUntil !== undefined && Date.now() < lockedUntil) throw new BalanceUnavailableError({ retryAt: lockedUntil })
  if (parameters.walletAssets) {
    // The batched-calls feature reads them (EIP-7811): loaded for this read only, never at page start.
    // Its code not arriving (offline, a deploy that replaced the chunk) is one more "ask elsewhere":
    // the read below then answers, or fails with the typed BalanceUnavailableError.
    const fromWallet = await featureLoaders.walletAssets().then(
      ({ readWalletAssets }) => readWalletAssets(portico, { address, network }),
      (error: unknown) => void console.warn('[portico] Could not load the wallet’s own balances', error),
    )
    if (fromWallet) return shown(network, fromWallet)
  }
  try {
    const balances = (await usesBlockchainApi(portico, network))
      ? await fetchAccountBalances(portico, { address, network })
      : await adapter.getBalance({ address, network, portico })
    portico._internal.balanceRetryAt = undefined
    return shown(network, balances)
  } catch (error) {
    const retryAt = Date.now() + balanceRetryLockoutMs
    portico._internal.balanceRetryAt = retryAt
    portico.alerts.emit('TOKEN_BALANCE_UNAVAILABLE', { cause: error })
    throw new BalanceUnavailableError({ cause: error, retryAt })
  }
}

// What a reader is given: entries whose decimals are '0' dropped as low quality, and on a test
// network no money value. A hosted source can quote a test token at its mainnet price (same
// symbol, same contract address on a fork); a wallet that showed that would tell the user their
// test ETH is worth thousands, so the value is 0.00 as the spec says and wallets do.
function shown(network: PorticoNetwork, balances: readonly TokenBalance[]): TokenBalance[] {
  const kept = balances.filter((b) => b.address === undefined || b.quantity.decimals !== '0')
  return network.testnet ? kept.map((b) => ({ ...b, price: 0, value: 0 })) : kept
}
