import { type ConnectErrorType, type ConnectParameters, type ConnectReturnType, connect } from '../actions/connect.js'
import { type DisconnectErrorType, type DisconnectParameters, disconnect } from '../actions/disconnect.js'
import { type RequestErrorType, type RequestParameters, request } from '../actions/request.js'
import {
  type SendTransactionErrorType,
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
} from '../actions/sendTransaction.js'
import {
  type SignMessageErrorType,
  type SignMessageParameters,
  type SignMessageReturnType,
  signMessage,
} from '../actions/signMessage.js'
import {
  type SignTypedDataErrorType,
  type SignTypedDataParameters,
  type SignTypedDataReturnType,
  signTypedData,
} from '../actions/signTypedData.js'
import {
  type SwitchNetworkErrorType,
  type SwitchNetworkParameters,
  type SwitchNetworkReturnType,
  switchNetwork,
} from '../actions/switchNetwork.js'
import type { Portico } from '../portico.js'
import { singleFlightMutation } from '../state/singleFlight.js'

/**
 * TanStack Query mutation options for one action, in the library's own shape (the core does not
 * depend on it). `error` is the action's typed error union: `onError` carries it, so
 * `useMutation(connectMutationOptions(portico))` infers `ConnectErrorType` as its error.
 *
 * Every mutation that asks the wallet joins an identical one still running on the same instance
 * (same key and variables): two `mutate` calls from a double click ask the wallet once and both
 * settle with its answer. Once it settled, the same variables run again.
 *
 * A factory given the query client (`{ queryClient }`, as wagmi's `/query` factories take their
 * config) refetches what its mutation changed in `onSuccess` or `onSettled`, TanStack's place for
 * it: a host spreading the options gets the same refetch as the hook.
 */
export type PorticoMutationOptions<data, error, variables> = {
  mutationKey: readonly ['portico', string, ...string[]]
  mutationFn(variables: variables): Promise<data>
  onError?: ((error: error, variables: variables, ...rest: unknown[]) => unknown) | undefined
  onSuccess?: ((data: data, variables: variables, ...rest: unknown[]) => unknown) | undefined
  onSettled?:
    | ((data: data | undefined, error: error | null, variables: variables, ...rest: unknown[]) => unknown)
    | undefined
}

/** The part of TanStack's `QueryClient` a mutation's refetch needs (the core imports no React binding). */
export type PorticoQueryInvalidator = {
  invalidateQueries(filters: {
    queryKey: readonly unknown[]
    predicate?: (query: { queryKey: readonly unknown[] }) => boolean
  }): Promise<unknown>
}

/**
 * Mutation options for {@link connect}.
 *
 * @example
 * const mutation = useMutation(connectMutationOptions(portico))
 */
export function connectMutationOptions(
  portico: Portico,
): PorticoMutationOptions<ConnectReturnType, ConnectErrorType, ConnectParameters> {
  return { mutationKey: ['portico', 'connect'], mutationFn: (variables) => connect(portico, variables) }
}

/**
 * Mutation options for {@link disconnect}.
 *
 * @example
 * const mutation = useMutation(disconnectMutationOptions(portico))
 */
export function disconnectMutationOptions(
  portico: Portico,
): PorticoMutationOptions<void, DisconnectErrorType, DisconnectParameters | undefined> {
  const mutationKey = ['portico', 'disconnect'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => disconnect(portico, variables)),
  }
}

/**
 * Mutation options for {@link switchNetwork}.
 *
 * @example
 * const mutation = useMutation(switchNetworkMutationOptions(portico))
 */
export function switchNetworkMutationOptions(
  portico: Portico,
): PorticoMutationOptions<SwitchNetworkReturnType, SwitchNetworkErrorType, SwitchNetworkParameters> {
  const mutationKey = ['portico', 'switchNetwork'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => switchNetwork(portico, variables)),
  }
}

/**
 * Mutation options for {@link signMessage}.
 *
 * @example
 * const mutation = useMutation(signMessageMutationOptions(portico))
 */
export function signMessageMutationOptions(
  portico: Portico,
): PorticoMutationOptions<SignMessageReturnType, SignMessageErrorType, SignMessageParameters> {
  const mutationKey = ['portico', 'signMessage'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => signMessage(portico, variables)),
  }
}

/**
 * Mutation options for {@link signTypedData}.
 *
 * @example
 * const mutation = useMutation(signTypedDataMutationOptions(portico))
 */
export function signTypedDataMutationOptions(
  portico: Portico,
): PorticoMutationOptions<SignTypedDataReturnType, SignTypedDataErrorType, SignTypedDataParameters> {
  const mutationKey = ['portico', 'signTypedData'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => signTypedData(portico, variables)),
  }
}

/**
 * Mutation options for {@link sendTransaction}.
 *
 * @example
 * const mutation = useMutation(sendTransactionMutationOptions(portico))
 */
export function sendTransactionMutationOptions(
  portico: Portico,
): PorticoMutationOptions<SendTransactionReturnType, SendTransactionErrorType, SendTransactionParameters> {
  const mutationKey = ['portico', 'sendTransaction'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => sendTransaction(portico, variables)),
  }
}

/**
 * Mutation options for {@link request}: a raw wallet request in the namespace's own format.
 *
 * @example
 * const mutation = useMutation(requestMutationOptions(portico))
 */
export function requestMutationOptions(
  portico: Portico,
): PorticoMutationOptions<unknown, RequestErrorType, RequestParameters> {
  const mutationKey = ['portico', 'request'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => request(portico, variables)),
  }
}
