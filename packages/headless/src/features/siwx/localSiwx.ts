import type { SiwxConfig, SiwxSession } from '../../kernel/siwxConfig.js'
import { createPorticoStorage, getDefaultStorage, type StorageLike } from '../../kernel/state/storage.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import * as c from '../../kernel/utils/check.js'
import type { SiwxMessage } from './message.js'
import { generateSiwxNonce } from './nonce.js'
import type { VerifySiwxSignatureOptions } from './verifySiwxSignature.js'

export type LocalSiwxOptions = {
  /** The message's domain (default: the page's `location.host`). */
  domain?: string | undefined
  /** The message's URI (default: the page's `location.origin`). */
  uri?: string | undefined
  /** One line shown to the user in the wallet. */
  statement?: string | undefined
  /** How long a session lasts, in ms (default 24 h). */
  expiration?: number | undefined
  /** Whether the user must sign in to stay connected (default false). */
  required?: boolean | undefined
  /** Whether disconnecting signs out (default true). */
  signOutOnDisconnect?: boolean | undefined
  /** Where sessions are kept (default: `localStorage`; `null` keeps them in memory only). */
  storage?: StorageLike | null | undefined
  /**
   * Signature check before a session is stored (default: on; EOA and ed25519 locally, and
   * smart-contract accounts, by ERC-1271 or ERC-6492, through the RPC the kit uses for the
   * network). Pass clients or RPC URLs to check through others, or `false` to store unchecked.
   */
  verify?: VerifySiwxSignatureOptions | false | undefined
  /** Clock, in ms since the epoch (tests pass their own). */
  now?: (() => number) | undefined
}

/** Storage key of the sessions (under the `@portico/` prefix). */
export const localSiwxStorageKey = 'siwx-sessions'

/**
 * What reading and storing a session needs (its schema, the message parser, the typed error),
 * loaded with the first session read or stored rather than with the config: a host builds
 * `localSiwx()` at page start (`@portico/headless/siwx/config`), and the sign-in flow that uses the
 * sessions loads later anyway. Imported with the config, these modules were at the README page's
 * start (esbuild): 3.9 KiB gzip and 4 files more.
 */
const sessionChecks = async () => {
  const [schema, parser, errors] = await Promise.all([
    import('./sessionSchema.js'),
    import('./parseSiwxMessage.js'),
    import('./errors.js'),
  ])
  return { ...schema, ...parser, ...errors }
}

/**
 * A `siwx` config for client-only apps: messages are made in the browser with a random nonce,
 * signatures are checked locally, and sessions are kept in local storage. Stored data is
 * schema-checked on every read; corrupt data is discarded with a warning. This proves to the
 * page, not to a server, that the user controls the account; use {@link serverSiwx} when a
 * back end must trust the sign-in.
 *
 * @example
 * createPortico({ …, siwx: localSiwx({ statement: 'Sign in to Acme.' }) })
 */
export function localSiwx(options: LocalSiwxOptions = {}): SiwxConfig {
  const now = options.now ?? Date.now
  const expiration = options.expiration ?? 24 * 60 * 60_000
  let memory: SiwxSession[] = []
  const backing = options.storage === undefined ? getDefaultStorage() : options.storage
  const storage = backing ? createPorticoStorage(backing) : undefined

  // Reads and writes stay synchronous once the checks are loaded, so no other call's write lands
  // between a read and the write made from it.
  const readAll = (toSiwxSession: (value: unknown) => SiwxSession | undefined): SiwxSession[] => {
    if (!storage) return memory
    const raw = storage.get(localSiwxStorageKey, c.array(c.unknown())) ?? []
    const sessions = raw.map(toSiwxSession)
    if (sessions.some((s) => s === undefined))
      console.warn(`[portico] Discarded ${sessions.filter((s) => !s).length} corrupt stored sign-in session(s).`)
    return sessions.filter((s): s is SiwxSession => s !== undefined)
  }
  const writeAll = (sessions: SiwxSession[]) => {
    if (storage) storage.set(localSiwxStorageKey, sessions)
    else memory = sessions
  }
  const alive = (session: SiwxSession) =>
    !session.data.expirationTime || Date.parse(session.data.expirationTime) > now()

  return {
    async createMessage({ accountAddress, chainId }): Promise<SiwxMessage> {
      const location = (globalThis as { location?: { host?: string; origin?: string } }).location
      const issued = now()
      return {
        accountAddress,
        chainId,
        domain: options.domain ?? location?.host ?? '',
        uri: options.uri ?? location?.origin ?? '',
        version: '1',
        nonce: generateSiwxNonce(),
        ...(options.statement ? { statement: options.statement } : {}),
        issuedAt: new Date(issued).toISOString(),
        expirationTime: new Date(issued + expiration).toISOString(),
      }
    },
    async addSession(session, context) {
      const { parseSiwxMessage, sameAddress, SiwxVerificationError, toSiwxSession } = await sessionChecks()
      // The signed text is the truth; the fields are read back from it.
      const data = parseSiwxMessage(session.message)
      if (data.expirationTime && Date.parse(data.expirationTime) <= now())
        throw new SiwxVerificationError({ reason: 'expired', details: `It expired at ${data.expirationTime}.` })
      if (options.verify !== false) {
        // The checker (viem's public client, noble's curves) loads with the first signature it
        // checks: a host's config builds `localSiwx()` at page start, and imported here the checker
        // put the README quick-start page at 262.4 KiB gzip instead of 159.5 (esbuild, measured).
        const { verifySiwxSignature } = await import('./verifySiwxSignature.js')
        const result = await verifySiwxSignature(
          {
            address: data.accountAddress,
            chainId: data.chainId,
            message: session.message,
            signature: session.signature,
          },
          // The host's own client or URL for the network first, else the one the kit uses for it.
          {
            ...options.verify,
            rpcUrls: {
              ...(context?.rpcUrl ? { [data.chainId]: context.rpcUrl } : {}),
              ...options.verify?.rpcUrls,
            },
          },
        )
        if (!result.valid) throw new SiwxVerificationError({ reason: result.reason, details: result.details })
      }
      const others = readAll(toSiwxSession).filter(
        (s) =>
          !(s.data.chainId === data.chainId && sameAddress(data.chainId, s.data.accountAddress, data.accountAddress)),
      )
      writeAll([...others.filter(alive), { ...session, data }])
    },
    async getSessions(chainId: CaipNetworkId, address: string) {
      const { sameAddress, toSiwxSession } = await sessionChecks()
      return readAll(toSiwxSession).filter(
        (s) => alive(s) && s.data.chainId === chainId && sameAddress(chainId, s.data.accountAddress, address),
      )
    },
    async revokeSession(chainId: CaipNetworkId, address: string) {
      const { sameAddress, toSiwxSession } = await sessionChecks()
      writeAll(
        readAll(toSiwxSession).filter(
          (s) => !(s.data.chainId === chainId && sameAddress(chainId, s.data.accountAddress, address)),
        ),
      )
    },
    async setSessions(sessions) {
      const { parseSiwxMessage } = await sessionChecks()
      writeAll(sessions.map((s) => ({ ...s, data: parseSiwxMessage(s.message) })))
    },
    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}
