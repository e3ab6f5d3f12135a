import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions } from '../../kernel/query/mutations.js'
import {
  type SwitchConnectionErrorType,
  type SwitchConnectionParameters,
  type SwitchConnectionReturnType,
  switchConnection,
} from './switchConnection.js'

/**
 * Mutation options for {@link switchConnection}. Disconnecting one wallet is the kernel's
 * `disconnectMutationOptions` with `{ connection }`.
 *
 * @example
 * const mutation = useMutation(switchConnectionMutationOptions(portico))
 * mutation.mutate({ connection })
 */
export function switchConnectionMutationOptions(
  portico: Portico,
): PorticoMutationOptions<SwitchConnectionReturnType, SwitchConnectionErrorType, SwitchConnectionParameters> {
  return {
    mutationKey: ['portico', 'switchConnection'] as const,
    // switchConnection joins a switch in flight by itself (as connect does): one prompt for a double click.
    mutationFn: (variables) => switchConnection(portico, variables),
  }
}
