import type { SessionTypes } from '@walletconnect/types'
import { FailedToConnectError } from '../../kernel/errors/connection.js'
import type { Portico } from '../../kernel/portico.js'
import type { SiwxConfig, SiwxSession, SiwxSessionContext } from '../../kernel/siwxConfig.js'
import { getSiwxConfig } from '../siwx/getSiwxConfig.js'
import { parseSiwxMessage } from '../siwx/parseSiwxMessage.js'
import { siwxSessionContext } from '../siwx/sessionContext.js'
import { type ProposalNamespace, proposalNamespaces } from './namespaces.js'
import type { Client } from './signClient.js'

/** What `SignClient.authenticate` takes (the fields Portico sets). */
export type OneClickAuthParams = {
  chains: string[]
  domain: string
  uri: string
  nonce: string
  statement?: string
  methods: string[]
  exp?: string
  nbf?: string
  requestId?: string
  resources?: string[]
}

/** A CACAO as the sign client hands it back (CAIP-74). */
type Cacao = { p: { iss: string } & Record<string, unknown>; s: { t: string; s: string } }

/** Placeholder account: the message is asked for before the wallet says who it is. */
const pendingAccount = '0x0000000000000000000000000000000000000000'

/**
 * @internal
 * The `wc_sessionAuthenticate` request for one-click auth (connect and sign in with one
 * approval), or `undefined` when it does not apply. The spec's rules: sign-in is on, the
 * WalletConnect proposal has a single namespace and it is eip155, and the message has non-empty
 * chains, uri, domain and nonce. Otherwise Portico connects and then asks for the signature.
 */
export async function oneClickAuthParams(
  portico: Portico,
): Promise<{ params: OneClickAuthParams; siwx: SiwxConfig } | undefined> {
  let siwx: SiwxConfig | undefined
  try {
    siwx = getSiwxConfig(portico)
  } catch {
    return undefined
  }
  if (!siwx) return undefined
  const namespaces = proposalNamespaces(portico.networks)
  const eip155 = namespaces.eip155 as ProposalNamespace | undefined
  if (!eip155 || Object.keys(namespaces).length !== 1 || eip155.chains.length === 0) return undefined
  let data: Awaited<ReturnType<SiwxConfig['createMessage']>>
  try {
    data = await siwx.createMessage({ accountAddress: pendingAccount, chainId: eip155.chains[0] as never })
  } catch (error) {
    // No message now (e.g. the nonce server is down): connect; the sign step asks (and reports) later.
    console.warn(`[portico] One-click sign-in is skipped: ${(error as Error).message}`)
    return undefined
  }
  if (!data.uri || !data.domain || !data.nonce) return undefined
  return {
    siwx,
    params: {
      chains: [...eip155.chains],
      domain: data.domain,
      uri: data.uri,
      nonce: data.nonce,
      methods: [...eip155.methods],
      ...(data.statement ? { statement: data.statement } : {}),
      ...(data.expirationTime ? { exp: data.expirationTime } : {}),
      ...(data.notBefore ? { nbf: data.notBefore } : {}),
      ...(data.requestId ? { requestId: data.requestId } : {}),
      ...(data.resources?.length ? { resources: [...data.resources] } : {}),
    },
  }
}

/**
 * @internal
 * Hands the CACAOs of a one-click approval to the `siwx` config as sessions: the EIP-4361 text
 * the wallet signed (rebuilt by the sign client from the CACAO payload) and its signature. A
 * session the config refuses is skipped with a warning: the account is connected, and the
 * sign step asks again.
 */
export async function addOneClickSessions(
  siwx: SiwxConfig,
  cacaos: readonly Cacao[] | undefined,
  format: (cacao: Cacao) => string,
  context: (chainId: string) => SiwxSessionContext = () => ({}),
): Promise<SiwxSession[]> {
  const added: SiwxSession[] = []
  for (const cacao of cacaos ?? []) {
    try {
      const message = format(cacao)
      const session: SiwxSession = { data: parseSiwxMessage(message), message, signature: cacao.s.s, cacao }
      await siwx.addSession(session, context(session.data.chainId))
      added.push(session)
    } catch (error) {
      console.warn(`[portico] A one-click sign-in was not accepted: ${(error as Error).message}`)
    }
  }
  return added
}

/**
 * @internal
 * Publishes a one-click proposal (connect and sign in with one approval, `wc_sessionAuthenticate`)
 * when it applies (see {@link oneClickAuthParams}), else `undefined`. `approval` resolves with the
 * session once the wallet approved and the signed sign-ins were handed to the `siwx` config; a
 * wallet without one-click answers the fallback proposal the SDK publishes beside it.
 */
export async function publishOneClickOffer(
  client: Client,
  portico: Portico,
): Promise<{ uri: string; approval: Promise<SessionTypes.Struct> } | undefined> {
  const auth = await oneClickAuthParams(portico)
  if (!auth) return undefined
  const offer = await client.authenticate(auth.params)
  if (!offer.uri) throw new FailedToConnectError({ cause: new Error('The sign client returned no pairing URI') })
  const approval = (async () => {
    const { session, auths } = await offer.response().catch((error: unknown) => {
      throw withProtocolCode(error)
    })
    // No session, no sign-in: a signed message must not outlive a connection that failed.
    if (!session) throw new FailedToConnectError({ cause: new Error('The wallet approved no session') })
    await addOneClickSessions(
      auth.siwx,
      auths as never,
      (cacao) => client.formatAuthMessage({ request: cacao.p as never, iss: cacao.p.iss }),
      (chainId) => siwxSessionContext(portico, chainId),
    )
    return session
  })()
  approval.catch(() => {})
  return { uri: offer.uri, approval }
}

/**
 * The SDK rejects a refused one-click request with the wallet's bare message string, its code
 * dropped. A rejection becomes the protocol's `{ code: 5000 }`; any other text an `Error`, which
 * the controller reads as the protocol's reason when it is one ('Unsupported chains.', …:
 * `toWalletConnectProtocolError`), so the refusal stays typed as for a plain proposal.
 */
function withProtocolCode(error: unknown): unknown {
  if (typeof error !== 'string') return error
  return /reject/i.test(error) ? { code: 5000, message: error } : new Error(error)
}
