import { framePrefix } from '../protocol/fields.js'
import {
  authCodePattern,
  type FrameErrorCode,
  type RevertedOperationData,
  revertedOperationCode,
  unverifiedDomainCode,
} from '../protocol/replies.js'
import { frameTexts } from '../protocol/texts.js'

/** An RPC failure with the EIP-1193 code the kit maps (4001 rejected, 4200 unsupported). */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: FrameErrorCode,
  ) {
    super(message)
    this.name = 'RpcError'
  }
}

/**
 * A user operation whose call reverted: found while the bundler estimated its gas (nothing was
 * signed or sent), or on chain (its receipt says `success: false`; the nonce and any gas are spent,
 * the calls' effects are not). `data` crosses to the kit with the reason and the hashes.
 *
 * @example
 * throw new OperationRevertedError({ reason: 'UniswapV2Router: EXPIRED', revertData: '0x08c379a0…' })
 */
export class OperationRevertedError extends RpcError {
  constructor(readonly data: RevertedOperationData) {
    super(`The user operation reverted: ${data.reason ?? 'no reason given'}`, revertedOperationCode)
    this.name = 'OperationRevertedError'
  }
}

/**
 * The auth server refused the host page's origin for this project. The frame learns that origin
 * from the browser (its parent's origin, which every accepted message's origin must equal), never
 * from a value the page sends, so a page cannot pass as an allowed one. Answered with the spec's
 * `unverified_domain` code to whichever request met the refusal, so the kit fails at once.
 *
 * @example
 * throw new UnverifiedDomainError()
 */
export class UnverifiedDomainError extends RpcError {
  constructor() {
    super(frameTexts.unverifiedDomain, unverifiedDomainCode)
    this.name = 'UnverifiedDomainError'
  }
}

/**
 * The chain RPC URL the frame was given (a query parameter or a message from the app's origin), if
 * it is http(s): the frame reaches chains over HTTP only, so a ws or other URL is refused with the
 * spec's 'Provided URL is not compatible with HTTP connection' rather than handed to `fetch`.
 *
 * @example
 * const url = httpRpcUrl(context.rpcUrl) // throws RpcError for 'wss://node.example'
 */
export function httpRpcUrl(url: string | undefined): string {
  if (!url) throw new RpcError('No RPC URL for this network', -32603)
  let protocol: string | undefined
  try {
    protocol = new URL(url).protocol
  } catch {}
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new RpcError('Provided URL is not compatible with HTTP connection', -32602)
  return url
}

/**
 * The error reply to `request` (its id and name): the error's message, cut at 1024 characters, and
 * its code (`code`, else an {@link RpcError}'s own), and a reverted operation's `data`. Every failed request is answered, so the kit
 * fails at once instead of waiting for its timeout.
 *
 * @example
 * post(errorReply({ id: '1', name: 'CONNECT_SOCIAL' }, 'Invalid siwxMessage', -32602))
 */
export function errorReply(request: { id: string; name: string }, error: unknown, code?: FrameErrorCode) {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  const given = code ?? (error instanceof RpcError ? error.code : undefined)
  // A node's own code passes through RpcError unchecked ("-32000", 3.5): the reply keeps its message
  // without it, since the kit refuses a reply whose code is not one, and would then never settle.
  const errorCode = given === unverifiedDomainCode || Number.isSafeInteger(given) ? given : undefined
  // The auth server's own code for a refusal (OTP_EXPIRED…): the kit words it in the user's language.
  const authCode = (error as { code?: unknown } | undefined)?.code
  return {
    id: request.id,
    type: `${framePrefix}${request.name}_ERROR`,
    payload: {
      message: text.slice(0, 1024),
      ...(errorCode === undefined ? {} : { code: errorCode }),
      ...(typeof authCode === 'string' && authCodePattern.test(authCode) ? { authCode } : {}),
      ...(error instanceof OperationRevertedError ? { data: error.data } : {}),
    },
  }
}
