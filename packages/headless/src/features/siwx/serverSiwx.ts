import type { SiwxConfig, SiwxSession } from '../../kernel/siwxConfig.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { SiwxRequestError } from './errors.js'
import type { SiwxMessage } from './message.js'

export type ServerSiwxOptions = {
  /** Base URL of the sign-in routes (`createSiwxHandlers` mounted there), e.g. `/api/siwx`. */
  url: string
  /** Default: the global `fetch`. */
  fetch?: typeof fetch | undefined
  /** Default `include`, so the session cookie travels to a sign-in server on another origin too. */
  credentials?: RequestCredentials | undefined
  /** Extra request headers (e.g. an API key). */
  headers?: Readonly<Record<string, string>> | undefined
  /** The message's domain (default: the page's `location.host`). */
  domain?: string | undefined
  /** The message's URI (default: the page's `location.origin`). */
  uri?: string | undefined
  /** One line shown to the user in the wallet. */
  statement?: string | undefined
  /** Message lifetime in ms; unset leaves the session's lifetime to the server. */
  expiration?: number | undefined
  /** Whether the user must sign in to stay connected (default false). */
  required?: boolean | undefined
  /** Whether disconnecting signs out (default true). */
  signOutOnDisconnect?: boolean | undefined
}

/**
 * A `siwx` config backed by a server running `createSiwxHandlers` (from
 * `@portico/auth/siwx`): the nonce comes from `GET {url}/nonce`, signed messages go
 * to `POST {url}/verify`, sessions are read from `GET {url}/session` and revoked with
 * `POST {url}/revoke`. The server keeps the session behind an HttpOnly cookie, so the page
 * never holds a bearer token.
 *
 * @example
 * createPortico({ …, siwx: serverSiwx({ url: '/api/siwx', required: true }) })
 */
export function serverSiwx(options: ServerSiwxOptions): SiwxConfig {
  const fetchFn = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const base = options.url.replace(/\/+$/, '')

  const call = async (path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<unknown> => {
    let url: string
    try {
      url = new URL(`${base}/${path}`, (globalThis as { location?: { href?: string } }).location?.href).toString()
    } catch (cause) {
      throw new SiwxRequestError({ url: `${base}/${path}`, reason: 'not an absolute URL outside a page', cause })
    }
    let response: Response
    try {
      response = await fetchFn(url, {
        method: init.method,
        credentials: options.credentials ?? 'include',
        headers: {
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      })
    } catch (cause) {
      throw new SiwxRequestError({ url, cause })
    }
    let body: unknown
    try {
      body = await response.json()
    } catch (cause) {
      throw new SiwxRequestError({ url, status: response.status, reason: 'not JSON', cause })
    }
    if (!response.ok) {
      const reason = (body as { error?: unknown })?.error
      throw new SiwxRequestError({ url, status: response.status, ...(typeof reason === 'string' ? { reason } : {}) })
    }
    return body
  }

  const addSession = async ({ message, signature }: SiwxSession) => {
    await call('verify', { method: 'POST', body: { message, signature } })
  }

  return {
    async createMessage({ accountAddress, chainId }): Promise<SiwxMessage> {
      const body = (await call('nonce', { method: 'GET' })) as { nonce?: unknown }
      if (typeof body?.nonce !== 'string')
        throw new SiwxRequestError({ url: `${base}/nonce`, status: 200, reason: 'no nonce in the answer' })
      const location = (globalThis as { location?: { host?: string; origin?: string } }).location
      const issued = Date.now()
      return {
        accountAddress,
        chainId,
        domain: options.domain ?? location?.host ?? '',
        uri: options.uri ?? location?.origin ?? '',
        version: '1',
        nonce: body.nonce,
        ...(options.statement ? { statement: options.statement } : {}),
        issuedAt: new Date(issued).toISOString(),
        ...(options.expiration === undefined
          ? {}
          : { expirationTime: new Date(issued + options.expiration).toISOString() }),
      }
    },
    addSession,
    async getSessions(chainId: CaipNetworkId, address: string) {
      const query = new URLSearchParams({ chainId, address })
      const body = (await call(`session?${query}`, { method: 'GET' })) as { sessions?: unknown }
      if (!Array.isArray(body?.sessions))
        throw new SiwxRequestError({ url: `${base}/session`, status: 200, reason: 'no sessions list in the answer' })
      // The session schema loads with the first answer read, not with the config (a host builds
      // `serverSiwx()` at page start; see `localSiwx`'s session checks for the measure).
      const { toSiwxSession } = await import('./sessionSchema.js')
      // An entry that does not have the session shape is not a session; the rest still count.
      return body.sessions.map(toSiwxSession).filter((s): s is SiwxSession => s !== undefined)
    },
    async revokeSession(chainId: CaipNetworkId, address: string) {
      await call('revoke', { method: 'POST', body: { chainId, address } })
    },
    async setSessions(sessions) {
      await call('revoke', { method: 'POST', body: {} })
      for (const session of sessions) await addSession(session)
    },
    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}
