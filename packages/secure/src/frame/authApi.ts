import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { farcasterWaitMs } from '../authProtocol.js'
import type { RecoveryMode } from './recovery.js'
import { UnverifiedDomainError } from './rpcError.js'
import { deviceId } from './vault.js'

/** An error answer of the auth server (`{ error: { code, message } }`). */
export class AuthApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'AuthApiError'
  }
}

/**
 * How long the frame waits for one answer of the auth server (its headers and its body) before it
 * gives up with {@link AuthApiError} `TIMEOUT`, so a server that takes the connection and never
 * answers gets the kit an error reply instead of a request that spins forever (the kit bounds only
 * its login requests, at 120 s). The spec names no bound for the auth server (its 10 s is the chain
 * RPC transport's), so 30 s: well above the slowest answer the server gives on purpose, a mail
 * sent over SMTP for a login or an email change, and one unanswered call still fails a login well
 * inside the kit's 120 s.
 *
 * @example
 * createAuthApi({ url, projectId, hostOrigin, timeoutMs: authRequestTimeoutMs })
 */
export const authRequestTimeoutMs = 30_000

/** What a finished social or Farcaster login answers (as an email login, plus the identity). */
export type SocialLoginAnswer = {
  token: string
  user: { id: string; email: string | null; socialProvider: string; username: string }
}

/**
 * Who a call speaks for: the host page only (project and origin; no device id, so it needs no
 * storage), this device (every login call), or the signed-in session on this device.
 */
type Caller = 'page' | 'device' | 'session'

/**
 * Calls the auth server on behalf of the host page `hostOrigin` (the frame's parent). Each call
 * waits at most `timeoutMs` (default {@link authRequestTimeoutMs}) for the server's answer.
 * `withSignal(signal)` gives the same client (one session token) whose calls also stop when
 * `signal` aborts: the kit's request they serve was cancelled.
 *
 * @example
 * const api = createAuthApi({ url, projectId, hostOrigin })
 * const forRequest = api.withSignal(controller.signal)
 * await forRequest.getShare('eip155') // rejects with controller.signal.reason once it aborts
 */
export function createAuthApi(options: { url: string; projectId: string; hostOrigin: string; timeoutMs?: number }) {
  let token: string | undefined
  const timeoutMs = options.timeoutMs ?? authRequestTimeoutMs
  async function send<T>(
    signal: AbortSignal | undefined,
    method: string,
    path: string,
    body?: unknown,
    caller: Caller = 'device',
    waitMs = timeoutMs,
  ): Promise<T> {
    // A call for a request already cancelled is never sent.
    signal?.throwIfAborted()
    const headers: Record<string, string> = {
      'x-project-id': options.projectId,
      'x-portico-origin': options.hostOrigin,
    }
    // The device id lives in the vault: reading it before the storage step would fail where the
    // browser blocks the frame's storage.
    if (caller !== 'page') headers['x-portico-device'] = await deviceId()
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (caller === 'session') {
      if (!token) throw new AuthApiError('UNAUTHORIZED', 'Not signed in', 401)
      headers.authorization = `Bearer ${token}`
    }
    signal?.throwIfAborted()
    // The bound covers the body too: a server that sends its headers and then stalls is cut as well.
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), waitMs)
    const timedOut = () => new AuthApiError('TIMEOUT', `The auth server did not answer within ${waitMs / 1000} s`, 0)
    // A cancelled request's call is cut like a late one, and fails with the cancellation (the
    // request's own reply), not TIMEOUT: an answer that lands after it is never acted on.
    const cut = () => (signal?.aborted ? signal.reason : deadline.signal.aborted ? timedOut() : undefined)
    let response: Response
    let json: (T & { error?: { code?: string; message?: string } }) | undefined
    try {
      try {
        response = await fetch(`${options.url}${path}`, {
          method,
          headers,
          // The API never redirects: one that did (a proxy, an open redirect) would carry the device
          // id, which the server ties sessions to, to whatever origin it names.
          redirect: 'error',
          signal: signal ? AbortSignal.any([deadline.signal, signal]) : deadline.signal,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      } catch {
        throw cut() ?? new AuthApiError('NETWORK', 'Could not reach the auth server', 0)
      }
      json = await response.json().catch(() => undefined)
      const stopped = cut()
      if (stopped) throw stopped
    } finally {
      clearTimeout(timer)
    }
    // The host page's origin is not the project's: every call would be refused the same way.
    if (json?.error?.code === 'ORIGIN_NOT_ALLOWED') throw new UnverifiedDomainError()
    if (!response.ok || !json) {
      throw new AuthApiError(
        json?.error?.code ?? 'INTERNAL',
        json?.error?.message ?? `Auth server answered ${response.status}`,
        response.status,
      )
    }
    return json
  }
  /** The client's calls, each also stopped by `signal` when one is given. */
  const client = (signal?: AbortSignal) => {
    const call = <T>(method: string, path: string, body?: unknown, caller?: Caller, waitMs?: number) =>
      send<T>(signal, method, path, body, caller, waitMs)
    return {
      setToken(value: string | undefined) {
        token = value
      },
      get token() {
        return token
      },
      /** This client (same session token) whose calls are also cut, and fail with its reason, once `signal` aborts. */
      withSignal: (next: AbortSignal) => client(signal ? AbortSignal.any([signal, next]) : next),
      /**
       * Resolves when the server allows the host page for the project; else {@link UnverifiedDomainError}.
       * Sends no device id: it is asked before the storage step.
       */
      checkOrigin: () => call<{ origin: string }>('GET', '/v1/origin', undefined, 'page'),
      startLogin: (email: string) =>
        call<{ action: 'VERIFY_OTP' | 'VERIFY_DEVICE'; challengeId: string }>('POST', '/v1/email/login', { email }),
      pollDevice: (challengeId: string) =>
        call<{ action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }>('POST', '/v1/email/device', { challengeId }),
      verifyOtp: (challengeId: string, otp: string) =>
        call<{ token: string; user: { id: string; email: string } }>('POST', '/v1/email/otp', {
          challengeId,
          otp,
        }).then(signedIn),
      /**
       * Whether the server still knows the session: `true`, or on its 401 the server's message (an
       * expired token says 'JWT validation error: …', a signed-out session 'Session signed out').
       * Any other failure throws.
       */
      async hasSession(): Promise<true | { refused: string }> {
        try {
          await call('GET', '/v1/session', undefined, 'session')
          return true
        } catch (error) {
          if (error instanceof AuthApiError && error.status === 401) return { refused: error.message }
          throw error
        }
      },
      signOut: () => call<unknown>('DELETE', '/v1/session', undefined, 'session'),
      keys: () =>
        call<{ keys: { id: string; namespace: 'eip155' | 'solana'; address: string }[] }>(
          'GET',
          '/v1/keys',
          undefined,
          'session',
        ),
      putShare: (
        namespace: string,
        address: string,
        share: string,
        recoveryShare: string,
        recoveryMode: RecoveryMode,
      ) => call<unknown>('PUT', `/v1/keys/${namespace}`, { address, share, recoveryShare, recoveryMode }, 'session'),
      getShare: (namespace: string) =>
        call<{ key: { address: string }; share: string }>('GET', `/v1/keys/${namespace}/share`, undefined, 'session'),
      recoverShares: (namespace: string) =>
        call<{ key: { address: string; recoveryMode?: RecoveryMode }; share: string; recoveryShare: string }>(
          'GET',
          `/v1/keys/${namespace}/recovery`,
          undefined,
          'session',
        ),
      putDeviceShare: (namespace: string, share: string) =>
        call<unknown>('PUT', `/v1/keys/${namespace}/device`, { share }, 'session'),
      passkeyRegisterOptions: () =>
        call<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }>(
          'POST',
          '/v1/passkeys/register/options',
          {},
          'session',
        ),
      passkeyRegister: (challengeId: string, response: RegistrationResponseJSON) =>
        call<{ passkey: { id: string } }>('POST', '/v1/passkeys/register/verify', { challengeId, response }, 'session'),
      passkeyLoginOptions: () =>
        call<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>(
          'POST',
          '/v1/passkeys/login/options',
          {},
        ),
      passkeyLogin: (challengeId: string, response: AuthenticationResponseJSON) =>
        call<{ token: string; user: { id: string; email: string } }>('POST', '/v1/passkeys/login/verify', {
          challengeId,
          response,
        }).then(signedIn),
      passkeyApproveOptions: (loginChallengeId: string) =>
        call<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>(
          'POST',
          '/v1/passkeys/approve/options',
          { loginChallengeId },
        ),
      passkeyApprove: (challengeId: string, response: AuthenticationResponseJSON) =>
        call<{ action: 'VERIFY_OTP' }>('POST', '/v1/passkeys/approve/verify', { challengeId, response }),
      deleteAccount: (confirm: string) =>
        call<{ deleted: true; keys: { namespace: string; address: string }[] }>(
          'DELETE',
          '/v1/account',
          { confirm },
          'session',
        ),
      startEmailUpdate: (email: string) =>
        call<{ action: 'VERIFY_PRIMARY_OTP'; challengeId: string }>('POST', '/v1/email/update', { email }, 'session'),
      primaryOtp: (challengeId: string, otp: string) =>
        call<{ action: 'VERIFY_SECONDARY_OTP'; challengeId: string }>(
          'POST',
          '/v1/email/update/primary',
          { challengeId, otp },
          'session',
        ),
      startSocial: (provider: string) => call<{ uri: string }>('POST', '/v1/social/start', { provider }),
      connectSocial: (uri: string) => call<SocialLoginAnswer>('POST', '/v1/social/connect', { uri }).then(signedIn),
      startFarcaster: () => call<{ url: string; challengeId: string }>('POST', '/v1/farcaster/start', {}),
      connectFarcaster: (challengeId: string) =>
        call<{ status: 'pending' } | ({ status: 'completed' } & SocialLoginAnswer)>(
          'POST',
          '/v1/farcaster/connect',
          { challengeId },
          'device',
          // The server holds this call open for the app's approval and marks the login used before it
          // checks the signature, so a call cut while it waits would lose the login.
          farcasterWaitMs + timeoutMs,
        ).then((answer) => (answer.status === 'completed' ? signedIn(answer) : answer)),
      secondaryOtp: (challengeId: string, otp: string) =>
        call<{ email: string; token: string }>('POST', '/v1/email/update/secondary', { challengeId, otp }, 'session'),
    }
  }
  return client()
}

export type AuthApi = ReturnType<typeof createAuthApi>

/**
 * A login's answer, checked before the frame signs in with it: a token and a user with an id. A
 * 2xx of another shape (a proxy, a server of another version) is a typed error, not a sign-in with
 * no session.
 */
function signedIn<T extends { token?: unknown; user?: unknown }>(answer: T): T {
  const user = answer.user as { id?: unknown } | null | undefined
  if (typeof answer.token !== 'string' || !answer.token || typeof user?.id !== 'string')
    throw new AuthApiError('INTERNAL', 'The auth server answered a login without a session', 200)
  return answer
}

/**
 * Whether the auth server allows the host page for this project, asked once before the first login:
 * a page off the allow-list fails there (`unverified_domain`, kept: every login fails with it),
 * before the frame asks the user for storage or opens a login window for it. The check needs no
 * storage (no device id). A failure to reach the server is asked again next time.
 *
 * @example
 * const verifyHost = hostVerification(api)
 * await verifyHost() // before a login
 */
export function hostVerification(api: Pick<AuthApi, 'checkOrigin'>): () => Promise<unknown> {
  let verified: Promise<unknown> | undefined
  return () => {
    verified ??= api.checkOrigin().catch((error: unknown) => {
      if (!(error instanceof UnverifiedDomainError)) verified = undefined
      throw error
    })
    return verified
  }
}
