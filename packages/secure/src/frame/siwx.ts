import { formatSiwxMessage } from '@portico/headless/siwx'
import { getAddress } from 'viem'
import { isSiwxForOrigin } from '../origins.js'
import type { FrameSiwxMessage } from '../protocol/fields.js'
import { frameTexts } from '../protocol/texts.js'
import { RpcError } from './rpcError.js'
import type { MessageSigner } from './smartAccount.js'

/** EIP-1193 "Unauthorized": the host asked for a signature it may not have. */
const unauthorized = 4100

/**
 * Refuses (before any login starts) sign-in data that is not for the host page the frame serves:
 * its `uri` must be on the host's origin and its `domain` (with `scheme`, when given) must be the
 * host's. A hostile page could otherwise collect, through one social login, a signed sign-in for
 * another site. Only EVM networks are signed here: the embedded key signs them with personal_sign.
 *
 * @example
 * assertSiwxForHost(payload.siwxMessage, 'https://app.example') // throws RpcError 4100 otherwise
 */
export function assertSiwxForHost(data: FrameSiwxMessage, hostOrigin: string): void {
  if (!isSiwxForOrigin(data, hostOrigin)) throw new RpcError(frameTexts.siwxWrongSite, unauthorized)
  if (!/^eip155:[1-9]\d{0,15}$/.test(data.chainId))
    throw new RpcError('Only EVM sign-in messages are signed at login', -32602)
}

/** What the frame hands back in the user of a `connect social` that carried sign-in data. */
export type SignedSiwx = { siwxMessage: FrameSiwxMessage; message: string; signature: `0x${string}` }

/**
 * Fills the signing account's address into the sign-in data, renders the text with the kit's own
 * formatter (the same EIP-4361 text the kit's sign step shows and the verifier rebuilds) and signs
 * it with personal_sign: as the account the kit will see connected, the smart account while it is
 * the preferred type (its signature verifies by ERC-1271, or ERC-6492 before its first operation),
 * else the EOA. The key is used inside the signer only and never leaves the frame. No prompt: the
 * user's login click is the consent, and {@link assertSiwxForHost} limited the data to the host's
 * own origin before the login started.
 *
 * @example
 * const signed = await signSiwxAtLogin(data, await messageSignerFor(address, active, { rpcUrl, owner, withOwner }))
 */
export async function signSiwxAtLogin(
  data: FrameSiwxMessage,
  signer: Pick<MessageSigner, 'address' | 'signMessage'>,
): Promise<SignedSiwx> {
  const filled: FrameSiwxMessage = { ...data, accountAddress: getAddress(signer.address) }
  // The schema bounded every field and assertSiwxForHost checked the network id's shape.
  const message = formatSiwxMessage(filled as Parameters<typeof formatSiwxMessage>[0])
  const signature = await signer.signMessage({ message })
  return { siwxMessage: filled, message, signature }
}
