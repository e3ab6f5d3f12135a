import type { Portico } from '../../kernel/portico.js'
import { isName } from '../names/isName.js'
import { resolveName } from '../names/resolveName.js'
import type { SendTokenParameters } from './prepareSendToken.js'

/**
 * @internal A send's parameters with a name receiver (`bob.reown.id`) replaced by the address it
 * resolves to on the active namespace (spec: the receiver may be a name the blockchain API
 * resolves); anything else is left for the validation to judge. 'Error resolving name' otherwise.
 *
 * @example
 * const parameters = await resolveReceiver(portico, { token, amount: '5', receiver: 'bob.reown.id' })
 */
export async function resolveReceiver<parameters extends Partial<SendTokenParameters>>(
  portico: Portico,
  parameters: parameters,
): Promise<parameters> {
  const receiver = parameters?.receiver
  if (!isName(receiver)) return parameters
  const { address } = await resolveName(portico, { name: receiver })
  return { ...parameters, receiver: address }
}
