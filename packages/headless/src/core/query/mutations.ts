import { type ConnectParameters, connect } from '../actions/connect.js'
import { type DisconnectParameters, disconnect } from '../actions/disconnect.js'
import { type RequestParameters, request } from '../actions/request.js'
import { type SendTransactionParameters, sendTransaction } from '../actions/sendTransaction.js'
import { type SignMessageParameters, signMessage } from '../actions/signMessage.js'
import { type SwitchNetworkParameters, switchNetwork } from '../actions/switchNetwork.js'
import type { Portico } from '../config/createPortico.js'

/**
 * Mutation options for {@link connect}.
 *
 * @example
 * const mutation = useMutation(connectMutationOptions(portico))
 */
export function connectMutationOptions(portico: Portico) {
  return {
    mutationKey: ['portico', 'connect'] as const,
    mutationFn: (variables: ConnectParameters) => connect(portico, variables),
  }
}

/**
 * Mutation options for {@link disconnect}.
 *
 * @example
 * const mutation = useMutation(disconnectMutationOptions(portico))
 */
export function disconnectMutationOptions(portico: Portico) {
  return {
    mutationKey: ['portico', 'disconnect'] as const,
    mutationFn: (variables?: DisconnectParameters) => disconnect(portico, variables),
  }
}

/**
 * Mutation options for {@link switchNetwork}.
 *
 * @example
 * const mutation = useMutation(switchNetworkMutationOptions(portico))
 */
export function switchNetworkMutationOptions(portico: Portico) {
  return {
    mutationKey: ['portico', 'switchNetwork'] as const,
    mutationFn: (variables: SwitchNetworkParameters) => switchNetwork(portico, variables),
  }
}

/**
 * Mutation options for {@link signMessage}.
 *
 * @example
 * const mutation = useMutation(signMessageMutationOptions(portico))
 */
export function signMessageMutationOptions(portico: Portico) {
  return {
    mutationKey: ['portico', 'signMessage'] as const,
    mutationFn: (variables: SignMessageParameters) => signMessage(portico, variables),
  }
}

/**
 * Mutation options for {@link sendTransaction}.
 *
 * @example
 * const mutation = useMutation(sendTransactionMutationOptions(portico))
 */
export function sendTransactionMutationOptions(portico: Portico) {
  return {
    mutationKey: ['portico', 'sendTransaction'] as const,
    mutationFn: (variables: SendTransactionParameters) => sendTransaction(portico, variables),
  }
}

/**
 * Mutation options for {@link request}: a raw wallet request in the namespace's own format.
 *
 * @example
 * const mutation = useMutation(requestMutationOptions(portico))
 */
export function requestMutationOptions(portico: Portico) {
  return {
    mutationKey: ['portico', 'request'] as const,
    mutationFn: (variables: RequestParameters) => request(portico, variables),
  }
}
