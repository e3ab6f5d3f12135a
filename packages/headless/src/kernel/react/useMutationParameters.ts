import type { UseMutationOptions } from '@tanstack/react-query'
import type { PorticoMutationOptions } from '../query/mutations.js'

/**
 * What a mutation hook's `mutation` parameter may override: every TanStack option but the
 * function and key, typed with the action's data, error and variables.
 */
export type UseMutationParameters<data, error, variables> = Omit<
  UseMutationOptions<data, error, variables>,
  'mutationFn' | 'mutationKey'
>

/**
 * The options a feature's hook hands to `useMutation`: the caller's `mutation` options under the
 * factory's (its function and key win), and where the factory has a follow-up (`onSuccess` or
 * `onSettled`: a refetch), that follow-up finishes before the caller's callback of the same name
 * runs, so the caller sees fresh data. Without a follow-up the caller's callback stays as given.
 *
 * @example
 * const options = registerNameMutationOptions(portico, { queryClient })
 * return useMutation(withMutationParameters(options, mutation), queryClient)
 */
export function withMutationParameters<data, error, variables>(
  options: PorticoMutationOptions<data, error, variables>,
  mutation: UseMutationParameters<data, error, variables> | undefined,
): UseMutationOptions<data, error, variables> {
  const { onSuccess, onSettled } = options
  const merged: UseMutationOptions<data, error, variables> = { ...mutation, ...options }
  if (onSuccess)
    merged.onSuccess = async (...args) => {
      await onSuccess(...args)
      return mutation?.onSuccess?.(...args)
    }
  if (onSettled)
    merged.onSettled = async (...args) => {
      await onSettled(...args)
      return mutation?.onSettled?.(...args)
    }
  return merged
}
