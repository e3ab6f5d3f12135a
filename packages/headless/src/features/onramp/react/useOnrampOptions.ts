'use client'
import { useQuery } from '@tanstack/react-query'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { defaultOnrampProviders, onrampSampleOptions, parseOnrampProviders } from '../client.js'
import { onrampOptionsQueryOptions } from '../query.js'

export type UseOnrampOptionsParameters = {
  /**
   * The on-ramp providers to offer, e.g. the remote configuration's list. It must be an array of
   * strings, otherwise it is emptied (spec). Default {@link defaultOnrampProviders}.
   */
  providers?: unknown
  query?: { enabled?: boolean | undefined; staleTime?: number | undefined }
}

/**
 * What can be bought and paid with (`GET /v1/onramp/options`), cached 5 minutes, plus the
 * provider list. The call never errors: when it fails the built-in sample options (USDC on
 * Ethereum and Polygon, USD and EUR within the fallback limits) stand in, with
 * `data.source === 'sample'`. Returns the TanStack query plus `providers`.
 *
 * @example
 * const { data, providers } = useOnrampOptions()
 * data?.purchaseCurrencies.map((c) => c.symbol) // ['USDC', 'SOL']
 */
export function useOnrampOptions({ providers, query }: UseOnrampOptionsParameters = {}) {
  const { portico, queryClient } = usePortico('useOnrampOptions')
  const result = useQuery(
    {
      ...onrampOptionsQueryOptions(portico, { query }),
      // The fetch already falls back; this covers a throw from anything else in the chain.
      queryFn: () =>
        onrampOptionsQueryOptions(portico)
          .queryFn()
          .catch(() => onrampSampleOptions()),
    },
    queryClient,
  )
  return Object.assign(result, {
    providers: parseOnrampProviders(providers === undefined ? [...defaultOnrampProviders] : providers),
  })
}
