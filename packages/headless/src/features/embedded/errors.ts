import { BaseError } from '../../kernel/errors/base.js'

export type EmbeddedWalletLoadErrorType = EmbeddedWalletLoadError & { name: 'EmbeddedWalletLoadError' }
/** The secure frame did not report ready in 20 s (IFRAME_LOAD_FAILED): the request is aborted. */
export class EmbeddedWalletLoadError extends BaseError {
  override name = 'EmbeddedWalletLoadError' as const
  readonly code = 'IFRAME_LOAD_FAILED'
  constructor({ frameUrl }: { frameUrl: string }) {
    super('Network Error - Could not load embedded wallet', { details: `No ready message from ${frameUrl}.` })
  }
}

export type EmbeddedWalletTimeoutErrorType = EmbeddedWalletTimeoutError & { name: 'EmbeddedWalletTimeoutError' }
/** A login request (email, device, otp) got no answer from the frame in 120 s (IFRAME_REQUEST_TIMEOUT). */
export class EmbeddedWalletTimeoutError extends BaseError {
  override name = 'EmbeddedWalletTimeoutError' as const
  readonly code = 'IFRAME_REQUEST_TIMEOUT'
  constructor({ request }: { request: string }) {
    super('Embedded Wallet Request Timed Out', { details: `${request} was not answered.` })
  }
}

export type EmbeddedWalletUnverifiedDomainErrorType = EmbeddedWalletUnverifiedDomainError & {
  name: 'EmbeddedWalletUnverifiedDomainError'
}
/**
 * The secure frame answered `unverified_domain` (UNVERIFIED_DOMAIN): the auth server does not allow
 * this page's origin for the project, so no embedded login works here. The frame learns the origin
 * from the browser, not from the page. Add the origin to the project's allowed origins.
 */
export class EmbeddedWalletUnverifiedDomainError extends BaseError {
  override name = 'EmbeddedWalletUnverifiedDomainError' as const
  readonly code = 'UNVERIFIED_DOMAIN'
  /** The frame request it answers (`CONNECT_EMAIL`, `CONNECT_SOCIAL`, …). */
  readonly request: string
  constructor({ origin, request }: { origin: string; request: string }) {
    super('Unverified Domain', {
      details: `The embedded wallet's auth server does not allow ${origin || 'this page'} for this project.`,
      metaMessages: ["Add the page's origin to the project's allowed origins."],
    })
    this.request = request
  }
}

export type EmbeddedWalletErrorType = EmbeddedWalletError & { name: 'EmbeddedWalletError' }
/**
 * The frame answered a request with an error. `shortMessage` is the frame's message ('An error
 * occurred' when it sent none); `code` the EIP-1193 code it gave (4001 for a rejection);
 * `authCode` the auth server's code when the refusal is its own, for a UI to word it in the
 * user's language (the message is the server's English).
 *
 * @example
 * if (error.name === 'EmbeddedWalletError' && error.authCode === 'OTP_EXPIRED') showExpiredCode()
 */
export class EmbeddedWalletError extends BaseError {
  override name = 'EmbeddedWalletError' as const
  readonly code: number | undefined
  /** The frame request it answers (`CONNECT_SOCIAL`, `RPC_REQUEST`, …). */
  readonly request: string
  /** Structured detail the frame sent with the error (a reverted user operation's reason and hashes). */
  readonly data: Record<string, string> | undefined
  /** The auth server's code for its refusal (`OTP_INVALID`, `OTP_EXPIRED`, `RATE_LIMITED`…), if any. */
  readonly authCode: string | undefined
  constructor({
    message,
    code,
    request,
    data,
    authCode,
  }: {
    message: string
    code?: number | undefined
    request: string
    data?: Record<string, string> | undefined
    authCode?: string | undefined
  }) {
    super(message, { details: `The embedded wallet refused ${request}.` })
    this.code = code
    this.request = request
    this.data = data
    this.authCode = authCode
  }
}

export type RequestAbortedErrorType = RequestAbortedError & { name: 'RequestAbortedError' }
/** A request given up on: 'Request was aborted' for an RPC request, 'Something went wrong' otherwise. */
export class RequestAbortedError extends BaseError {
  override name = 'RequestAbortedError' as const
  constructor({ rpc }: { rpc: boolean }) {
    super(rpc ? 'Request was aborted' : 'Something went wrong')
  }
}

/**
 * What a request to the secure frame may reject with: no embedded wallet configured, the frame not
 * loading or answering in time, this origin not allowed by the project, the frame's own error, or
 * the request given up when the frame was torn down (a disconnect).
 */
export type EmbeddedWalletRequestErrorType =
  | EmbeddedWalletNotConfiguredErrorType
  | EmbeddedWalletLoadErrorType
  | EmbeddedWalletTimeoutErrorType
  | EmbeddedWalletUnverifiedDomainErrorType
  | EmbeddedWalletErrorType
  | RequestAbortedErrorType

export type EmailCooldownErrorType = EmailCooldownError & { name: 'EmailCooldownError' }
/** An email login asked again within 30 s of the last one. */
export class EmailCooldownError extends BaseError {
  override name = 'EmailCooldownError' as const
  readonly seconds: number
  constructor({ seconds }: { seconds: number }) {
    super(`Please try again after ${seconds} seconds`)
    this.seconds = seconds
  }
}

export type EmbeddedWalletNotConfiguredErrorType = EmbeddedWalletNotConfiguredError & {
  name: 'EmbeddedWalletNotConfiguredError'
}
/** Email login without `embeddedWallet.frameUrl` (and a project id) in the Portico options. */
export class EmbeddedWalletNotConfiguredError extends BaseError {
  override name = 'EmbeddedWalletNotConfiguredError' as const
  constructor({ reason }: { reason: string }) {
    super('Unable to load email login dependency', { details: reason })
  }
}

export type RpcMethodNotAllowedErrorType = RpcMethodNotAllowedError & { name: 'RpcMethodNotAllowedError' }
/** A method off the embedded wallet's allowed list; refused before it reaches the frame. */
export class RpcMethodNotAllowedError extends BaseError {
  override name = 'RpcMethodNotAllowedError' as const
  readonly code = 4200
  constructor({ method, cause }: { method: string; cause?: unknown }) {
    super('Requested RPC call is not allowed', { details: `${method} is not on the embedded wallet's list.`, cause })
  }
}

export type InvalidLoginInputErrorType = InvalidLoginInputError & { name: 'InvalidLoginInputError' }
/** An email that is not an email, or a one-time code that is not a 6-digit string. */
export class InvalidLoginInputError extends BaseError {
  override name = 'InvalidLoginInputError' as const
  constructor({ field }: { field: 'email' | 'otp' }) {
    super(field === 'email' ? 'Invalid email' : 'Invalid otp', {
      details: field === 'email' ? 'Enter a valid email address.' : 'The code is a string of 6 digits.',
    })
  }
}

export type EmbeddedDeviceNotApprovedErrorType = EmbeddedDeviceNotApprovedError & {
  name: 'EmbeddedDeviceNotApprovedError'
}
/**
 * This browser holds no share of the user's key (it was made on another device) and the auth
 * server refused it the recovery share: the device logged in with a code but was never approved
 * from the link in the mail. Code 4100 (EIP-1193 unauthorized).
 */
export class EmbeddedDeviceNotApprovedError extends BaseError {
  override name = 'EmbeddedDeviceNotApprovedError' as const
  readonly code = 4100
  constructor({ cause }: { cause?: unknown } = {}) {
    super('This device is not approved for this wallet', {
      details: 'Sign out, log in again on this device and approve it from the link in the mail.',
      cause,
    })
  }
}

/** The social providers of the spec, in no particular order (the UI's order is its own). */
export type SocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

export type SocialInitiateErrorType = SocialInitiateError & { name: 'SocialInitiateError' }
/**
 * No login window could be pointed at the provider: a provider outside the six, the frame or the
 * auth server refused to start, or it answered with an address that is not an http(s) URL.
 */
export class SocialInitiateError extends BaseError {
  override name = 'SocialInitiateError' as const
  readonly provider: string
  constructor({ provider, details, cause }: { provider: string; details?: string | undefined; cause?: unknown }) {
    super('Failed to initiate social connection', {
      details: details ?? `The login with ${provider} could not start.`,
      cause,
    })
    this.provider = provider
  }
}

export type SocialPopupClosedErrorType = SocialPopupClosedError & { name: 'SocialPopupClosedError' }
/** The user closed the login window before the provider sent them back (polled every second). */
export class SocialPopupClosedError extends BaseError {
  override name = 'SocialPopupClosedError' as const
  readonly provider: string
  constructor({ provider }: { provider: string }) {
    super('Popup closed', { details: `The ${provider} login window was closed before the login finished.` })
    this.provider = provider
  }
}

export type SocialPopupBlockedErrorType = SocialPopupBlockedError & { name: 'SocialPopupBlockedError' }
/**
 * The browser blocked the login window (Safari does when it was not opened in the click itself).
 * `url` is the provider's login address: show it as a link, and call `connectSocial` again from
 * that link's click with `redirectUri: url` (the frame still waits for that login).
 */
export class SocialPopupBlockedError extends BaseError {
  override name = 'SocialPopupBlockedError' as const
  readonly provider: string
  readonly url: string
  constructor({ provider, url }: { provider: string; url: string }) {
    super('Popup blocked', {
      details: `The browser blocked the ${provider} login window.`,
      metaMessages: ['Open the login from a link the user clicks, with redirectUri set to this url.'],
    })
    this.provider = provider
    this.url = url
  }
}

export type SocialConnectErrorType = SocialConnectError & { name: 'SocialConnectError' }
/** The provider's answer did not log the user in (refused, tampered, expired, replayed). */
export class SocialConnectError extends BaseError {
  override name = 'SocialConnectError' as const
  readonly provider: string
  constructor({ provider, cause }: { provider: string; cause?: unknown }) {
    super('Failed to connect', { details: `The ${provider} login was refused.`, cause })
    this.provider = provider
  }
}

export type FarcasterConnectErrorType = FarcasterConnectError & { name: 'FarcasterConnectError' }
/** Sign In With Farcaster did not start or was not approved. */
export class FarcasterConnectError extends BaseError {
  override name = 'FarcasterConnectError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to connect to farcaster', { cause })
  }
}
