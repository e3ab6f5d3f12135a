import { base58 } from '@scure/base'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { request } from '../../kernel/actions/request.js'
import { type SignMessageErrorType, signMessage } from '../../kernel/actions/signMessage.js'
import { RequestNotApprovedError } from '../../kernel/errors/walletConnect.js'
import type { Portico } from '../../kernel/portico.js'
import type { SiwxSession } from '../../kernel/siwxConfig.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { type CreateSiwxMessageErrorType, createSiwxMessage } from './createSiwxMessage.js'
import { SiwxMessageParseError, SiwxNoConnectionClientError, type SiwxNoConnectionClientErrorType } from './errors.js'
import { requireSiwxConfig } from './getSiwxConfig.js'
import type { SiwxMessage } from './message.js'
import { resolveSiwxAccount, type SiwxAccountParameters } from './resolveSiwxAccount.js'
import { siwxSessionContext } from './sessionContext.js'
import { sameAddress } from './sessionSchema.js'
import { fromSolanaSignInOutput, toSolanaSignInInput } from './solanaSignIn.js'

export type SignInWithSiwxParameters = SiwxAccountParameters
export type SignInWithSiwxReturnType = SiwxSession
export type SignInWithSiwxErrorType =
  | CreateSiwxMessageErrorType
  | SiwxNoConnectionClientErrorType
  | SignMessageErrorType

/**
 * @internal
 * The signature step of {@link signInSiwx}, without its state or single flight (the flow and the
 * tests call it; a host calls `signInSiwx`). Signs in with the connected wallet: asks the `siwx` config for a message, has the wallet sign
 * it (`personal_sign` on eip155; on solana the wallet's `solana:signIn` where it has it, else
 * `solana:signMessage`) and hands the session back to
 * the config. A user rejection surfaces as `UserRejectedRequestError`, so a UI can offer retry.
 *
 * @example
 * const session = await signInWithSiwx(portico)
 */
export async function signInWithSiwx(
  portico: Portico,
  parameters: SignInWithSiwxParameters = {},
): Promise<SignInWithSiwxReturnType> {
  // Before the message (and its nonce), in the spec's order: sign-in is set up, there is an
  // account and a network, and the wallet that signs holds that account.
  requireSiwxConfig(portico)
  requireSigningClient(portico, resolveSiwxAccount(portico, parameters))
  const { data, message } = await createSiwxMessage(portico, parameters)
  const namespace = data.chainId.split(':')[0] as ChainNamespace
  const session: SiwxSession = (namespace === 'solana' && (await solanaSignIn(portico, data))) || {
    data,
    message,
    signature: await signMessage(portico, { message, namespace }),
  }
  await requireSiwxConfig(portico).addSession(session, siwxSessionContext(portico, data.chainId))
  return session
}

/**
 * Sign In With Solana through the wallet's `solana:signIn` (the connector's `solana_signIn`), or
 * `undefined` when the wallet does not have it (then the text is signed with signMessage). The
 * wallet builds the text itself: it is read back strictly and must be about our nonce and domain.
 */
async function solanaSignIn(portico: Portico, data: SiwxMessage): Promise<SiwxSession | undefined> {
  let output: { address: string; signedMessage: string; signature: string } | undefined
  try {
    output = await request(portico, { namespace: 'solana', method: 'solana_signIn', params: toSolanaSignInInput(data) })
  } catch (error) {
    if (error instanceof RequestNotApprovedError) return undefined
    throw error
  }
  if (!output || typeof output.signedMessage !== 'string' || typeof output.signature !== 'string')
    throw new SiwxMessageParseError({ reason: 'the wallet answered solana:signIn without a signed message' })
  const session = fromSolanaSignInOutput({
    account: { address: output.address } as never,
    signedMessage: base58.decode(output.signedMessage),
    signature: base58.decode(output.signature),
  })
  if (session.data.nonce !== data.nonce || session.data.domain !== data.domain)
    throw new SiwxMessageParseError({ reason: 'the wallet signed a sign-in for another nonce or domain' })
  return session
}

/**
 * The spec's sign-in precondition 'No ConnectionController client found': a connected wallet on
 * the network's namespace that holds the address (a message for another address would be signed
 * by the wrong key and refused by the verifier after the user approved it).
 */
function requireSigningClient(
  portico: Portico,
  { caipNetworkId, address }: { caipNetworkId: string; address: string },
) {
  const namespace = caipNetworkId.split(':')[0] as ChainNamespace
  const connection = getConnection(portico, { namespace })
  if (connection.status !== 'connected' || !connection.address)
    throw new SiwxNoConnectionClientError({ details: `No wallet is connected on ${namespace}.` })
  if (!sameAddress(caipNetworkId, connection.address, address))
    throw new SiwxNoConnectionClientError({
      details: `The connected wallet holds ${connection.address}, not ${address}.`,
    })
}
