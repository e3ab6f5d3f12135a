import { getConnection } from '../../kernel/actions/getConnection.js'
import type { NotConnectedErrorType } from '../../kernel/errors/connection.js'
import { NotConnectedError } from '../../kernel/errors/connection.js'
import type { Portico } from '../../kernel/portico.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import {
  buildOnrampProviderUrl,
  generateOnrampUrl,
  isOnrampNamespace,
  isRestrictedTimeZone,
  type OnrampDestinationWallet,
} from './client.js'
import type { OnrampApiErrorType } from './errors.js'
import { OnrampNotAvailableError, type OnrampNotAvailableErrorType } from './errors.js'

/** A provider whose checkout is linked directly (its URL gets the spec's parameters). */
export type OnrampDirectProvider = {
  /** The provider's checkout URL. */
  url: string
  /** The provider's public (publishable) key. */
  publicKey: string
}

export type CreateOnrampUrlParameters = {
  /** Where the funds go. Default: the connected address of `namespace` (or the active namespace). */
  address?: string | undefined
  namespace?: ChainNamespace | undefined
  /** The on-ramp network name the purchase is delivered on (e.g. `ethereum`), sent as `defaultNetwork`. */
  network?: string | undefined
  /** The purchase currency's symbol (e.g. `USDC`), the destination wallet's asset. */
  asset?: string | undefined
  presetFiatAmount?: number | undefined
  presetCryptoAmount?: number | undefined
  /**
   * Link straight to this provider's checkout with publicKey, destinationCurrencyCode,
   * walletAddress and externalCustomerId. Default: the blockchain API's URL generator.
   */
  provider?: OnrampDirectProvider | undefined
  /** Override the visitor's time zone (tests, server rendering). */
  timeZone?: string | undefined
}
export type CreateOnrampUrlReturnType = string
export type CreateOnrampUrlErrorType = NotConnectedErrorType | OnrampNotAvailableErrorType | OnrampApiErrorType

/**
 * The checkout link of a purchase delivered to the connected wallet. Through the blockchain API's
 * generator (`POST /v1/generators/onrampurl` with destinationWallets, defaultNetwork,
 * partnerUserId, defaultExperience `buy` and the preset amounts), or for a direct `provider` its
 * URL with the spec's parameters. Refused with `OnrampNotAvailableError` in a restricted time zone
 * or outside eip155 and solana.
 *
 * @example
 * const url = await createOnrampUrl(portico, { network: 'ethereum', asset: 'USDC', presetFiatAmount: 100 })
 * window.open(url, 'portico-onramp', 'popup,width=500,height=720')
 */
export async function createOnrampUrl(
  portico: Portico,
  parameters: CreateOnrampUrlParameters = {},
): Promise<CreateOnrampUrlReturnType> {
  if (isRestrictedTimeZone(parameters.timeZone)) throw new OnrampNotAvailableError({ reason: 'timeZone' })
  const connection = getConnection(portico, { namespace: parameters.namespace })
  const namespace = parameters.namespace ?? connection.namespace
  if (!isOnrampNamespace(namespace)) throw new OnrampNotAvailableError({ reason: 'namespace' })
  const address = parameters.address ?? connection.address
  if (!address) throw new NotConnectedError({ namespace })
  if (parameters.provider)
    return buildOnrampProviderUrl({
      providerUrl: parameters.provider.url,
      publicKey: parameters.provider.publicKey,
      namespace,
      walletAddress: address,
      externalCustomerId: address,
    })
  const wallet: OnrampDestinationWallet = { address }
  if (parameters.network) wallet.blockchains = [parameters.network]
  if (parameters.asset) wallet.assets = [parameters.asset]
  return generateOnrampUrl(portico, {
    destinationWallets: [wallet],
    defaultNetwork: parameters.network,
    partnerUserId: address,
    defaultExperience: 'buy',
    presetCryptoAmount: parameters.presetCryptoAmount,
    presetFiatAmount: parameters.presetFiatAmount,
  })
}
