import type { UseMutationOptions } from '@tanstack/react-query'

/**
 * What a mutation hook's `mutation` parameter may override: every TanStack option but the
 * function and key, typed with the action's data, error and variables.
 */
export type UseMutationParameters<data, error, variables> = Omit<
  UseMutationOptions<data, error, variables>,
  'mutationFn' | 'mutationKey'
>
