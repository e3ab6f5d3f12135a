import { signMessage } from '../../kernel/actions/signMessage.js'
import { fetchJson } from '../../kernel/api/http.js'
import { blockchainApiUrl } from '../../kernel/api/urls.js'
import { HostedHttpError } from '../../kernel/errors/http.js'
import { UserRejectedRequestError, type UserRejectedRequestErrorType } from '../../kernel/errors/network.js'
import type { Portico } from '../../kernel/portico.js'
import { getActiveConnection } from '../../kernel/state/activeConnection.js'
import { toAccountName } from './accountName.js'
import {
  NameConnectorNotFoundError,
  type NameConnectorNotFoundErrorType,
  NameRegistrationError,
  type NameRegistrationErrorType,
} from './errors.js'

/** The steps of a registration: the wallet signs the message, then the service stores the name. */
export type RegisterNameStep = 'sign' | 'register'

export type RegisterNameParameters = {
  /** The label (`alice`) or a full name with one of the instance's `nameSuffixes` (`alice.wcn.id`). */
  name: string
  /** Called as the registration moves on: show "sign in your wallet" while it is `'sign'`. */
  onStep?: ((step: RegisterNameStep) => void) | undefined
}
export type RegisterNameReturnType = {
  /** The registered name, lower case with its suffix: `alice.reown.id`. */
  name: string
  /** The address it points to (the connected EVM address). */
  address: string
}
export type RegisterNameErrorType =
  | NameConnectorNotFoundErrorType
  | NameRegistrationErrorType
  | UserRejectedRequestErrorType

/**
 * SLIP-44's EVM coin type: the embedded wallet's address is the same on every EVM chain, so the
 * name points to it on all of them (and `resolveName` finds it under this type).
 */
const evmCoinType = 60

/**
 * Registers a name for the connected EVM address: the wallet signs a message holding the name,
 * its attributes and the time in seconds (`{"name","attributes","timestamp"}`, what the spec's
 * service checks), then `POST /v1/profile/account` stores it. Needs a connected EVM address through
 * a wallet that can register names (`connector.accountNames`: the embedded wallet), else
 * 'Address or auth connector not found' before anything is asked. A name that breaks the rule, a
 * taken name and a service failure are 'Error registering name {name}' (with `reason`); the
 * user declining to sign stays `UserRejectedRequestError`, so a form can tell cancel from failure.
 *
 * @example
 * const { name } = await registerName(portico, { name: 'alice' })
 * name // 'alice.reown.id'
 */
export async function registerName(
  portico: Portico,
  { name: typed, onStep }: RegisterNameParameters,
): Promise<RegisterNameReturnType> {
  let connection: ReturnType<typeof getActiveConnection>
  try {
    connection = getActiveConnection(portico, 'eip155')
  } catch (cause) {
    throw new NameConnectorNotFoundError({ cause })
  }
  const address = connection.account.address
  if (!address || connection.connector.accountNames !== true) throw new NameConnectorNotFoundError()
  const accountName = toAccountName(portico, typed)
  if (!accountName) throw new NameRegistrationError({ name: typed.trim(), reason: 'invalid-name' })
  const { name } = accountName
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  onStep?.('sign')
  let signature: string
  try {
    signature = await signMessage(portico, { message, namespace: 'eip155' })
  } catch (cause) {
    if (cause instanceof UserRejectedRequestError) throw cause
    throw new NameRegistrationError({ name, reason: 'failed', cause })
  }
  onStep?.('register')
  try {
    await fetchJson(portico, blockchainApiUrl(portico, '/v1/profile/account'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ coin_type: evmCoinType, address, message, signature }),
    })
  } catch (cause) {
    const taken = cause instanceof HostedHttpError && cause.status === 409
    throw new NameRegistrationError({ name, reason: taken ? 'taken' : 'failed', cause })
  }
  return { name, address }
}
