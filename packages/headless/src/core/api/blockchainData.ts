import * as z from 'zod/mini'
import type { Portico } from '../config/createPortico.js'
import { BaseError } from '../errors/base.js'
import type { CaipNetworkId } from '../utils/caip.js'
import { fetchJson } from './http.js'
import { blockchainApiUrl } from './urls.js'

export type BlockchainApiErrorType = BlockchainApiError & { name: 'BlockchainApiError' }
/** A blockchain API call failed or answered something that is not its documented shape. */
export class BlockchainApiError extends BaseError {
  override name = 'BlockchainApiError' as const
  constructor(shortMessage: string, { cause }: { cause?: unknown } = {}) {
    super(shortMessage, { cause })
  }
}

async function request<schema extends z.ZodMiniType>(
  portico: Portico,
  url: URL,
  schema: schema,
  message: string,
  init?: RequestInit,
): Promise<z.infer<schema>> {
  try {
    return schema.parse(await fetchJson(portico, url, init))
  } catch (error) {
    throw new BlockchainApiError(message, { cause: error })
  }
}

const identitySchema = z.object({
  name: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
})
export type Identity = { name: string | undefined; avatar: string | undefined }

/**
 * The name and avatar of an address (`GET /v1/identity/{address}?sender=…`). Spec: 'Error
 * resolving name' on failure.
 *
 * @example
 * const { name } = await fetchIdentity(portico, { address })
 */
export async function fetchIdentity(
  portico: Portico,
  { address, sender }: { address: string; sender?: string | undefined },
): Promise<Identity> {
  const url = blockchainApiUrl(portico, `/v1/identity/${encodeURIComponent(address)}`)
  if (sender) url.searchParams.set('sender', sender)
  const body = await request(portico, url, identitySchema, 'Error resolving name')
  return { name: body.name ?? undefined, avatar: body.avatar ?? undefined }
}

const priceSchema = z.object({
  fungibles: z.array(
    z.object({ name: z.string(), symbol: z.string(), iconUrl: z.optional(z.nullable(z.string())), price: z.number() }),
  ),
})
export type FungiblePrice = { name: string; symbol: string; iconUrl: string | undefined; price: number }

/**
 * Prices of tokens by CAIP-10 address (`POST /v1/fungible/price`, body currency, addresses, projectId).
 *
 * @example
 * const [usdc] = await fetchFungiblePrices(portico, { addresses: ['eip155:1:0xA0b8…eB48'] })
 */
export async function fetchFungiblePrices(
  portico: Portico,
  { addresses, currency = 'usd' }: { addresses: readonly string[]; currency?: string | undefined },
): Promise<FungiblePrice[]> {
  const body = await request(
    portico,
    blockchainApiUrl(portico, '/v1/fungible/price'),
    priceSchema,
    'Failed to fetch prices',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency, addresses, projectId: portico.options.projectId }),
    },
  )
  return body.fungibles.map((f) => ({ ...f, iconUrl: f.iconUrl ?? undefined }))
}

const gasSchema = z.object({ standard: z.string(), fast: z.string(), instant: z.string() })
export type GasPrice = { standard: bigint; fast: bigint; instant: bigint }

/**
 * Gas prices in wei (`GET /v1/convert/gas-price?chainId=…`). Only eip155 networks have one; others,
 * and networks the API refuses, throw 'Network not supported for Gas Price'.
 *
 * @example
 * const { fast } = await fetchGasPrice(portico, { caipNetworkId: 'eip155:1' })
 */
export async function fetchGasPrice(
  portico: Portico,
  { caipNetworkId }: { caipNetworkId: CaipNetworkId },
): Promise<GasPrice> {
  if (!caipNetworkId.startsWith('eip155:')) throw new BlockchainApiError('Network not supported for Gas Price')
  const url = blockchainApiUrl(portico, '/v1/convert/gas-price')
  url.searchParams.set('chainId', caipNetworkId)
  const body = await request(portico, url, gasSchema, 'Network not supported for Gas Price')
  try {
    return { standard: BigInt(body.standard), fast: BigInt(body.fast), instant: BigInt(body.instant) }
  } catch (error) {
    throw new BlockchainApiError('Network not supported for Gas Price', { cause: error })
  }
}
