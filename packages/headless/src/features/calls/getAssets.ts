import { type RequestErrorType, request } from '../../kernel/actions/request.js'
import type { Portico } from '../../kernel/portico.js'
import { getActiveConnection } from '../../kernel/state/activeConnection.js'
import {
  AssetsNotSupportedError,
  type AssetsNotSupportedErrorType,
  CapabilitiesAddressRequiredError,
  type CapabilitiesAddressRequiredErrorType,
  toCallsError,
} from './errors.js'

/** One asset a wallet reports (EIP-7811). */
export type WalletAsset = {
  /** The token contract, or `'native'` for the chain's currency. */
  address: `0x${string}` | 'native'
  /** In the token's base units. */
  balance: bigint
  /** `native`, `erc20`, `erc721`… */
  type: string
  metadata?: { name?: string | undefined; symbol?: string | undefined; decimals?: number | undefined } | undefined
}
export type GetAssetsParameters = {
  /** Default: the connected eip155 account. */
  address?: string | undefined
  /** Numeric chain ids (`chainFilter`). Default: every chain the wallet reports. */
  chainIds?: readonly number[] | undefined
}
/** Assets per numeric chain id. */
export type GetAssetsReturnType = Record<number, WalletAsset[]>
export type GetAssetsErrorType = AssetsNotSupportedErrorType | CapabilitiesAddressRequiredErrorType | RequestErrorType

/**
 * Asks the connected eip155 wallet for the account's assets (`wallet_getAssets`, EIP-7811, with
 * `account` and `chainFilter`). Entries that are not well formed are dropped. A wallet without the
 * method gives `AssetsNotSupportedError`; `getBalance(portico, { walletAssets: true })` uses this
 * where the wallet reports `assetDiscovery`, and the blockchain API or the RPC otherwise.
 *
 * @example
 * const assets = await getAssets(portico, { chainIds: [8453] })
 * assets[8453]?.find((a) => a.address === 'native')?.balance
 */
export async function getAssets(portico: Portico, parameters: GetAssetsParameters = {}): Promise<GetAssetsReturnType> {
  const { account } = getActiveConnection(portico, 'eip155')
  const address = parameters.address ?? account.address
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new CapabilitiesAddressRequiredError({ address })
  const chainFilter = parameters.chainIds?.map((id) => `0x${id.toString(16)}`)
  let result: unknown
  try {
    result = await request(portico, {
      namespace: 'eip155',
      method: 'wallet_getAssets',
      params: [chainFilter ? { account: address, chainFilter } : { account: address }],
    })
  } catch (error) {
    throw toCallsError(error, (cause) => new AssetsNotSupportedError({ cause }))
  }
  const assets: GetAssetsReturnType = {}
  if (typeof result !== 'object' || result === null) return assets
  for (const [chain, list] of Object.entries(result)) {
    if (!/^0x[0-9a-fA-F]+$/.test(chain) || !Array.isArray(list)) continue
    assets[Number(BigInt(chain))] = list.flatMap((entry): WalletAsset[] => {
      const { address: token, balance, type, metadata } = (entry ?? {}) as Record<string, unknown>
      if (token !== 'native' && (typeof token !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(token))) return []
      if (typeof balance !== 'string' || !/^0x[0-9a-fA-F]+$/.test(balance) || typeof type !== 'string') return []
      const meta = (typeof metadata === 'object' && metadata !== null ? metadata : {}) as Record<string, unknown>
      const decimals = meta.decimals
      return [
        {
          address: token as WalletAsset['address'],
          balance: BigInt(balance),
          type,
          metadata: {
            name: typeof meta.name === 'string' ? meta.name : undefined,
            symbol: typeof meta.symbol === 'string' ? meta.symbol : undefined,
            decimals:
              Number.isInteger(decimals) && (decimals as number) >= 0 && (decimals as number) <= 77
                ? (decimals as number)
                : undefined,
          },
        },
      ]
    })
  }
  return assets
}
