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

/**
 * TanStack Query mutation options for one action, in the library's own shape (the core does not
 * depend on it). `error` is the action's typed error union: `onError` carries it, so
 * `useMutation(connectMutationOptions(portico))` infers `ConnectErrorType` as its error.
 */
export type PorticoMutationOptions<data, error, variables> = {
  mutationKey: readonly ['portico', string]
  mutationFn(variables: variables): Promise<data>
  onError?: ((error: error, variables: variables, ...rest: unknown[]) => unknown) | undefined
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
  return { mutationKey: ['portico', 'disconnect'], mutationFn: (variables) => disconnect(portico, variables) }
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
  return { mutationKey: ['portico', 'switchNetwork'], mutationFn: (variables) => switchNetwork(portico, variables) }
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
  return { mutationKey: ['portico', 'signMessage'], mutationFn: (variables) => signMessage(portico, variables) }
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
  return { mutationKey: ['portico', 'signTypedData'], mutationFn: (variables) => signTypedData(portico, variables) }
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
  return {
    mutationKey: ['portico', 'sendTransaction'],
    mutationFn: (variables) => sendTransaction(portico, variables),
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
  return { mutationKey: ['portico', 'request'], mutationFn: (variables) => request(portico, variables) }
}
