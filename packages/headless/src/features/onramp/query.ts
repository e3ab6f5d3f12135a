import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions } from '../../kernel/query/mutations.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { singleFlightMutation } from '../../kernel/state/singleFlight.js'
import { type FetchOnrampOptionsReturnType, fetchOnrampOptions } from './client.js'
import {
  type CreateOnrampUrlErrorType,
  type CreateOnrampUrlParameters,
  type CreateOnrampUrlReturnType,
  createOnrampUrl,
} from './createOnrampUrl.js'

/** On-ramp options change rarely: cached 5 minutes. */
export const onrampOptionsStaleTimeMs = 5 * 60_000

/**
 * The sample options stand in for a failed call; they are stale at once, so the next time the
 * Buy view mounts asks the service again instead of keeping the stand-in for five minutes.
 */
function staleTime(query: { state: { data?: FetchOnrampOptionsReturnType | undefined } }): number {
  return query.state.data?.source === 'sample' ? 0 : onrampOptionsStaleTimeMs
}

/**
 * Query key of the on-ramp options: `['portico', 'onrampOptions', {}]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: onrampOptionsQueryKey() })
 */
export function onrampOptionsQueryKey() {
  return ['portico', 'onrampOptions', {}] as const
}

/**
 * Query options for {@link fetchOnrampOptions}. The fetch never fails (sample options stand in),
 * so no retry: a retry would only delay the samples.
 *
 * @example
 * const options = await queryClient.fetchQuery(onrampOptionsQueryOptions(portico))
 */
export function onrampOptionsQueryOptions(
  portico: Portico,
  { query }: { query?: { enabled?: boolean | undefined; [key: string]: unknown } } = {},
) {
  const options = {
    staleTime,
    retry: false,
    ...query,
    queryKey: onrampOptionsQueryKey(),
    enabled: query?.enabled ?? true,
    queryFn: () => fetchOnrampOptions(portico),
  }
  return options as WithQueryError<typeof options, never>
}

/**
 * Mutation options for {@link createOnrampUrl}: `data` is the provider's checkout link.
 *
 * @example
 * const mutation = useMutation(createOnrampUrlMutationOptions(portico))
 * const url = await mutation.mutateAsync({ network: 'ethereum', asset: 'USDC', presetFiatAmount: 100 })
 */
export function createOnrampUrlMutationOptions(
  portico: Portico,
): PorticoMutationOptions<CreateOnrampUrlReturnType, CreateOnrampUrlErrorType, CreateOnrampUrlParameters> {
  const mutationKey = ['portico', 'onrampUrl'] as const
  // A double click on Buy joins the link being made: one request, one checkout.
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (parameters: CreateOnrampUrlParameters) =>
      createOnrampUrl(portico, parameters),
    ),
  }
}
