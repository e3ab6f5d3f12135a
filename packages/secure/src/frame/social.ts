import { frameTexts } from '../protocol/texts.js'
import type { AuthApi, SocialLoginAnswer } from './authApi.js'

/** The message type of the auth server's callback page (see `@portico/auth`'s social routes). */
export const socialResultType = '@portico-social/result'

/** How long the frame waits for the popup to come back (the kit's login-request timeout). */
const RESULT_TIMEOUT_MS = 120_000

type Pending = { state: string; result: Promise<string>; deliver(uri: string): void; fail(error: Error): void }

/**
 * The frame's half of a social login: the authorization URI for the popup the kit opens, the
 * popup's result (accepted only from the auth server's callback page, on its origin, for the
 * state this frame started), then the login with it. The host page never sees the provider's code:
 * the callback page posts it to this frame's origin only, and a URI the host passes in
 * `connect social` is never used for the code.
 */
export function createSocialLogin(options: {
  api: Pick<AuthApi, 'startSocial' | 'connectSocial'>
  /** The origin of the auth server, whose callback page posts the result. */
  resultOrigin: string
  log?: (...args: unknown[]) => void
  timeoutMs?: number
}) {
  let pending: Pending | undefined
  const log = options.log ?? (() => {})
  return {
    /** `get social redirect uri {provider}`: 'Failed to initiate social connection' when none can be had. */
    async redirectUri(provider: string): Promise<{ uri: string }> {
      pending?.fail(new Error(frameTexts.connectFailed))
      pending = undefined
      let uri: string
      try {
        ;({ uri } = await options.api.startSocial(provider))
      } catch (error) {
        log('social start failed', error)
        throw new Error(frameTexts.socialInitiateFailed)
      }
      const state = new URL(uri).searchParams.get('state')
      if (!state) throw new Error(frameTexts.socialInitiateFailed)
      let deliver!: (uri: string) => void
      let fail!: (error: Error) => void
      const result = new Promise<string>((resolve, reject) => {
        deliver = resolve
        fail = reject
      })
      result.catch(() => {}) // failed before anyone waits: the next connect reports it
      pending = { state, result, deliver, fail }
      return { uri }
    },
    /**
     * A `message` event: true when it was the popup's result (taken or refused), false when it is
     * not one (the frame's other listeners handle it). Only the auth server's origin is believed,
     * and only for the login in progress.
     */
    onMessage(event: MessageEvent): boolean {
      const data = event.data as { type?: unknown; uri?: unknown } | null
      if (typeof data !== 'object' || data === null || data.type !== socialResultType) return false
      if (event.origin !== options.resultOrigin) {
        console.warn('[portico] Ignored a social login result from another origin', event.origin)
        return true
      }
      let state: string | null = null
      try {
        state = typeof data.uri === 'string' ? new URL(data.uri).searchParams.get('state') : null
      } catch {
        // an unreadable URI is refused below
      }
      if (!pending || state !== pending.state || typeof data.uri !== 'string') {
        console.warn('[portico] Ignored a social login result for no login in progress')
        return true
      }
      pending.deliver(data.uri)
      return true
    },
    /** `connect social`: waits for the popup's result and logs in with it; 'Failed to connect' otherwise. */
    async connect(): Promise<SocialLoginAnswer> {
      const current = pending
      if (!current) throw new Error(frameTexts.connectFailed)
      let timer: ReturnType<typeof setTimeout> | undefined
      try {
        const uri = await Promise.race([
          current.result,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no result')), options.timeoutMs ?? RESULT_TIMEOUT_MS)
          }),
        ])
        return await options.api.connectSocial(uri)
      } catch (error) {
        log('social connect failed', error)
        throw new Error(frameTexts.connectFailed)
      } finally {
        clearTimeout(timer)
        if (pending === current) pending = undefined
      }
    },
  }
}

/**
 * The frame's half of Sign In With Farcaster: the channel link (shown by the kit as a QR code and
 * a link), then the login once the Farcaster app approved it, polled from the auth server.
 */
export function createFarcasterLogin(options: {
  api: Pick<AuthApi, 'startFarcaster' | 'connectFarcaster'>
  log?: (...args: unknown[]) => void
}) {
  let challenge: string | undefined
  const log = options.log ?? (() => {})
  return {
    /** `get farcaster uri`: `{ url }`; 'Failed to connect to farcaster' when no channel opens. */
    async uri(): Promise<{ url: string }> {
      try {
        const { url, challengeId } = await options.api.startFarcaster()
        challenge = challengeId
        return { url }
      } catch (error) {
        log('farcaster start failed', error)
        throw new Error(frameTexts.farcasterFailed)
      }
    },
    /** `connect farcaster`: waits for the approval (each call to the server waits up to ~25 s), then logs in. */
    async connect(): Promise<SocialLoginAnswer> {
      const id = challenge
      if (!id) throw new Error(frameTexts.farcasterFailed)
      try {
        for (;;) {
          const answer = await options.api.connectFarcaster(id)
          if (answer.status === 'completed') return answer
        }
      } catch (error) {
        log('farcaster connect failed', error)
        throw new Error(frameTexts.farcasterFailed)
      } finally {
        if (challenge === id) challenge = undefined
      }
    },
  }
}
