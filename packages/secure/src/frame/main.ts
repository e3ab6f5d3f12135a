import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { framePrefix, frameProtocolVersion } from '../protocol/fields.js'
import { type FrameQuery, parseFrameQuery } from '../protocol/query.js'
import { type AppMessage, type AppRequestName, parseAppMessage } from '../protocol/requests.js'
import { frameTexts } from '../protocol/texts.js'
import { readReceiptTimeout } from '../receiptTimeout.js'
import { acceptsNetwork } from './acceptsNetwork.js'
import {
  approveDeviceWithPasskey,
  deleteAccount,
  loginWithPasskey,
  recoveryPolicy,
  registerPasskey,
} from './accountFlows.js'
import { cancelApproval, type PromptHost, requestApproval } from './approval.js'
import { type AuthApi, createAuthApi, hostVerification } from './authApi.js'
import { deviceApproval, type PendingLogin } from './deviceApproval.js'
import type { WithOwner } from './eip155Client.js'
import { showExport } from './exportKey.js'
import { FrameAccount } from './frameAccount.js'
import { inFlightRequests } from './inFlight.js'
import { ensureDeviceShare, shareName, withSecret } from './keys.js'
import type { RecoveryMode } from './recovery.js'
import { handleRpc } from './rpc.js'
import { errorReply, RpcError } from './rpcError.js'
import { assertSiwxForHost, signSiwxAtLogin } from './siwx.js'
import { messageSignerFor } from './smartAccount.js'
import { createFarcasterLogin, createSocialLogin } from './social.js'
import { frameStorage } from './storage.js'
import { applyTheme, dappName, setDappData } from './ui.js'
import { type OwnerAction, undoUpgrade, upgradeAccount } from './upgrade.js'
import { del } from './vault.js'
import { runWalletWindow, walletWindowKind } from './walletWindow.js'

/**
 * The secure frame's entry. It trusts exactly one peer: its parent window, on the parent's origin
 * (from `location.ancestorOrigins`, else the referrer). Every other event is dropped; every event
 * from the parent is schema-checked and answered once, with the request id.
 */

const authUrl = document.querySelector<HTMLMetaElement>('meta[name="portico-auth-url"]')?.content ?? ''
const recoveryMode: RecoveryMode =
  document.querySelector<HTMLMetaElement>('meta[name="portico-recovery-mode"]')?.content === 'operator-assisted'
    ? 'operator-assisted'
    : 'user-held'
// The operator's wait for a user operation's receipt (its frame server's `receiptTimeoutMs`), or the
// default when it set none.
const receiptTimeoutMs = readReceiptTimeout(
  document.querySelector<HTMLMetaElement>('meta[name="portico-receipt-timeout-ms"]')?.content,
)
// The script's hash as the page pinned it (Subresource Integrity): the browser ran this script only
// because its bytes have that hash, so the ready message reports which build is running.
const build = document.querySelector<HTMLScriptElement>('script[integrity]')?.integrity.replace(/^sha256-/, '')
const query = parseFrameQuery(location.search)
const hostOrigin = location.ancestorOrigins?.[0] ?? (document.referrer ? new URL(document.referrer).origin : '')
const log = (...args: unknown[]) => {
  if (query.success && query.data.enableLogger) console.info('[portico-secure]', ...args)
}

const windowKind = walletWindowKind()
if (windowKind) {
  // Opened by the frame as the wallet's own window (an approval, or a first-party visit).
  runWalletWindow(windowKind)
} else if (window.parent === window || !hostOrigin || !query.success || !authUrl) {
  document.body.textContent = 'This page is the Portico secure frame; it only runs inside a Portico host page.'
  if (!query.success) console.warn('[portico] invalid frame query parameters', query.error)
} else {
  start(query.data)
}

function start(config: FrameQuery) {
  // The frame's client for what outlives one request (the session, the host check, the logins'
  // waits); a request's own calls go through `authApi.withSignal`, cut when the request is aborted.
  const authApi = createAuthApi({ url: authUrl, projectId: config.projectId, hostOrigin })
  let login: PendingLogin | undefined
  const device = deviceApproval({ api: authApi, login: () => login })
  let updateChallenge: { id: string; email: string } | undefined
  const requests = inFlightRequests()
  // The popup's result comes from the auth server's callback page, on the auth server's origin.
  const social = createSocialLogin({ api: authApi, resultOrigin: new URL(authUrl).origin, log })
  const farcaster = createFarcasterLogin({ api: authApi, log })

  const post = (message: { id?: string; type: string; payload?: unknown }) =>
    window.parent.postMessage(message, hostOrigin)
  /** The page's side of a prompt shown for `reason`: shown while it is up, told of clicks it hid. */
  // Passkey, recovery-code and account prompts show as approvals: the kit shows the frame the same way.
  const promptHost = (reason: 'approval' | 'export' | 'storage'): PromptHost => ({
    show: (visible) => post({ type: `${framePrefix}VISIBILITY`, payload: { visible, reason } }),
    hidden: () => post({ type: `${framePrefix}VISIBILITY`, payload: { visible: true, reason, hidden: true } }),
  })

  // Storage: what the browser gives without asking now; the rest is asked for when a login needs it.
  const storage = frameStorage({ origin: hostOrigin, host: promptHost('storage'), log })

  const recovery = recoveryPolicy(recoveryMode, hostOrigin, promptHost('approval'))
  const account = new FrameAccount({ api: authApi, recovery, log, receiptTimeoutMs }, config)

  // Asked once before the first login (the host page off the allow-list fails before any prompt).
  const verifyHost = hostVerification(authApi)

  const restored = storage.silently.then(async (found) => {
    if (found) await account.restore()
  })
  // The check is asked as soon as the frame knows no one is signed in, not at the first login: the
  // kit creates the frame while the visitor types an address, so by "Continue" the answer is here
  // and the login starts without that round trip (26 ms on loopback, a few hundred to a far
  // server). A signed-in visitor needs no login, and no check.
  restored.then(
    () => {
      if (!account.session) verifyHost().catch(() => {})
    },
    () => {},
  )

  /** The user's EVM key, rebuilt for one call at a time (never kept): what signs as the EOA's owner. */
  const ownerKey =
    (api: AuthApi, userId: string): WithOwner =>
    (use) =>
      withSecret(api, userId, 'eip155', (secret) => use(privateKeyToAccount(bytesToHex(secret))), recovery)

  /**
   * What upgrading the EOA and undoing it both act with: the EOA's address, its key for one call,
   * and the frame's approval prompt. A device that is refused fails here, before any prompt.
   */
  async function asOwner(api: AuthApi): Promise<OwnerAction> {
    const user = account.signedInSession()
    const addresses = await account.keys()
    if (typeof account.chainId !== 'number') throw new RpcError('Only an EVM account can be upgraded', 4200)
    await ensureDeviceShare(api, user.userId, 'eip155', recovery)
    return {
      owner: addresses.eip155 as `0x${string}`,
      withOwner: ownerKey(api, user.userId),
      approve: (request) => requestApproval({ ...request, origin: hostOrigin }, promptHost('approval')),
    }
  }

  async function handle(message: AppMessage, signal: AbortSignal): Promise<unknown> {
    // As the request arrives, before any await: a SIGN_OUT or another login ends the device wait at once.
    device.heard(message.name)
    // This request's auth-server calls: cut, and never acted on, once the request is aborted.
    const api = authApi.withSignal(signal)
    await restored
    switch (message.name) {
      case 'CONNECT_EMAIL': {
        await verifyHost()
        await storage.ensure()
        // Taken before the call: the server's link lives 15 minutes from a moment after this one.
        const startedAt = Date.now()
        const { action, challengeId } = await api.startLogin(message.payload.email)
        login = { challengeId, startedAt }
        return { action }
      }
      case 'CONNECT_DEVICE':
        if (!login) throw new Error('No login in progress')
        // Waits for the approval link in the mail, within the kit's 120 s and the link's life.
        await device.wait()
        return {}
      case 'CONNECT_OTP': {
        if (!login) throw new Error('No login in progress')
        const { token, user } = await api.verifyOtp(login.challengeId, message.payload.otp)
        login = undefined
        await account.signedIn(token, user)
        return {}
      }
      case 'GET_SOCIAL_REDIRECT_URI':
        await verifyHost()
        await storage.ensure()
        return social.redirectUri(message.payload.provider)
      case 'CONNECT_SOCIAL': {
        // Sign-in data for another site is refused before the login: nothing is signed for it.
        const siwx = message.payload.siwxMessage
        if (siwx) assertSiwxForHost(siwx, hostOrigin)
        await verifyHost()
        // The payload's uri is not used for the code: the result comes from the popup itself.
        const { token, user } = await social.connect()
        account.useNetwork(message.payload)
        await account.signedIn(token, user)
        // Signed as the account the kit will see connected (the smart account while it is the
        // preferred type). A signature that cannot be made leaves the user without one: the kit
        // then asks to sign.
        if (siwx && account.addresses) {
          const owner = account.addresses.eip155 as `0x${string}`
          const withOwner = ownerKey(api, user.id)
          account.signedSiwx = await account
            .activeSmartAccount()
            .then((active) =>
              messageSignerFor(active?.address ?? owner, active, {
                rpcUrl: active?.endpoints.rpcUrl,
                owner,
                withOwner,
              }),
            )
            .then((signer) => signSiwxAtLogin(siwx, signer))
            .catch((e) => void log('no sign-in at login', e))
        }
        return account.user()
      }
      case 'GET_FARCASTER_URI':
        await verifyHost()
        await storage.ensure()
        return farcaster.uri()
      case 'CONNECT_FARCASTER': {
        const { token, user } = await farcaster.connect()
        await account.signedIn(token, user)
        return { userName: user.username }
      }
      case 'GET_USER': {
        if (message.payload) account.useNetwork(message.payload)
        return account.user()
      }
      case 'GET_SMART_ACCOUNT_ENABLED_NETWORKS':
        return {
          smartAccountEnabledNetworks: account.smartAccountEnabledNetworks(),
        }
      case 'INIT_SMART_ACCOUNT': {
        const addresses = await account.keys()
        return { address: await account.smartAccountAddress(addresses.eip155) }
      }
      case 'SET_PREFERRED_ACCOUNT': {
        account.signedInSession()
        const type = message.payload.type
        if (type !== 'eoa' && type !== 'smartAccount') throw new RpcError(`Unknown account type ${type}`, -32602)
        const addresses = await account.keys()
        // Smart accounts exist only where the host configured a bundler (the spec: offered when enabled).
        const address = type === 'smartAccount' ? await account.smartAccountAddress(addresses.eip155) : addresses.eip155
        await account.setPreferredType(type)
        return { type, address }
      }
      case 'UPGRADE_ACCOUNT':
        return upgradeAccount({ ...(await asOwner(api)), endpoints: account.smartEndpoints(), receiptTimeoutMs })
      case 'UNDO_ACCOUNT_UPGRADE':
        return undoUpgrade({ ...(await asOwner(api)), rpcUrl: account.rpcUrls.get(account.chainId) })
      case 'IS_CONNECTED': {
        // A session the server no longer knows is signed out here too; the server's reason goes to
        // the kit, which tells the user when it is the spec's 'Session Expired' (an invalid token).
        if (!account.session) return { isConnected: false }
        const known = await api.hasSession()
        if (known === true) return { isConnected: true }
        await account.signOut()
        return { isConnected: false, refused: known.refused }
      }
      case 'GET_CHAIN_ID':
        return { chainId: account.chainId }
      case 'SWITCH_NETWORK': {
        const next = message.payload.chainId
        // The spec's networks, or one the host configured (it gives the RPC URL, now or before).
        if (!acceptsNetwork(next, message.payload.rpcUrl, account.rpcUrls))
          throw new Error(frameTexts.unsupportedNetwork)
        account.useNetwork(message.payload)
        return { chainId: account.chainId }
      }
      case 'SIGN_OUT':
        cancelApproval()
        await api.signOut().catch(() => {})
        await account.signOut()
        return {}
      case 'RPC_REQUEST': {
        const user = account.signedInSession()
        const current = account.addresses
        if (!current) throw new Error('Not connected')
        const isSolana = message.payload.chainNamespace === 'solana'
        // A Solana request names its own network; the current (EVM) chain stays as it is.
        if (message.payload.chainId !== undefined && !isSolana) account.useNetwork({ chainId: message.payload.chainId })
        const smartAccount = isSolana ? undefined : await account.activeSmartAccount()
        const endpoints = account.smartEndpoints()
        // The plain EOA that can still be upgraded answers EIP-5792's atomic `ready`; on a chain
        // without a bundler running EIP-7702 the EOA cannot batch at all.
        const upgradable =
          !isSolana && (await account.upgradable(smartAccount, () => account.eoaDelegation(endpoints)))
            ? endpoints
            : undefined
        // Run as abortable (see the listener): RPC_ABORT rejects it and cuts its key's fetch, so
        // nothing is signed or sent with a share that arrives after the abort.
        return await handleRpc(
          {
            hostOrigin,
            chainId: isSolana ? (message.payload.chainId ?? account.chainId) : account.chainId,
            rpcUrl: isSolana ? message.payload.rpcUrl : account.rpcUrls.get(account.chainId),
            addresses: current,
            withSecret: (namespace, use) => withSecret(api, user.userId, namespace, use, recovery),
            assertCanSign: (namespace) => ensureDeviceShare(api, user.userId, namespace, recovery),
            prompt: promptHost('approval'),
            log,
            dappName,
            smartAccount,
            upgradable,
          },
          message.payload.method,
          message.payload.params,
        )
      }
      case 'RPC_ABORT':
        requests.abort()
        // The prompt up (an RPC's approval, or another request's) closes as rejected; that request
        // then fails, and its signal cuts the auth call its prompt may still wait on.
        cancelApproval()
        return {}
      case 'UPDATE_EMAIL': {
        const { action, challengeId } = await api.startEmailUpdate(message.payload.email)
        updateChallenge = { id: challengeId, email: message.payload.email }
        return { action }
      }
      case 'UPDATE_EMAIL_PRIMARY_OTP': {
        if (!updateChallenge) throw new Error('No email update in progress')
        const { challengeId } = await api.primaryOtp(updateChallenge.id, message.payload.otp)
        updateChallenge = { ...updateChallenge, id: challengeId }
        return {}
      }
      case 'UPDATE_EMAIL_SECONDARY_OTP': {
        if (!updateChallenge || !account.session) throw new Error('No email update in progress')
        const { email, token } = await api.secondaryOtp(updateChallenge.id, message.payload.otp)
        updateChallenge = undefined
        await account.updateSession(token, email)
        return { newEmail: email }
      }
      case 'SYNC_THEME':
        applyTheme(message.payload)
        return {}
      case 'SYNC_DAPP_DATA':
        setDappData(message.payload)
        return {}
      case 'RELOAD':
        return {}
      case 'EXPORT_PRIVATE_KEY': {
        const user = account.signedInSession()
        const { namespace } = message.payload
        const address = (await account.keys())[namespace]
        // Refused devices fail here, before the user sees anything.
        await ensureDeviceShare(api, user.userId, namespace, recovery)
        await showExport({
          namespace,
          address,
          origin: hostOrigin,
          withSecret: (use) => withSecret(api, user.userId, namespace, use, recovery),
          host: promptHost('export'),
        })
        return {}
      }
      case 'CONNECT_PASSKEY': {
        await verifyHost()
        await storage.ensure()
        const { token, user } = await loginWithPasskey(api, hostOrigin, promptHost('approval'))
        await account.signedIn(token, user)
        return {}
      }
      case 'APPROVE_DEVICE_PASSKEY': {
        if (!login) throw new Error('No login in progress')
        await approveDeviceWithPasskey(api, login.challengeId, hostOrigin, promptHost('approval'))
        return {}
      }
      case 'REGISTER_PASSKEY': {
        account.signedInSession()
        return registerPasskey(api, hostOrigin, promptHost('approval'))
      }
      case 'DELETE_ACCOUNT': {
        const user = account.signedInSession()
        const keys = await deleteAccount(api, {
          email: user.email,
          userId: user.userId,
          addresses: account.addresses,
          origin: hostOrigin,
          host: promptHost('approval'),
        })
        // The server's shares are gone; this device's halves are useless now: wipe them too.
        for (const namespace of ['eip155', 'solana'] as const) await del(`secret:${shareName(user.userId, namespace)}`)
        await account.signOut()
        return { keys }
      }
      default:
        // Every request has its case: a new one fails to compile here until it is handled.
        throw new Error(`${(message satisfies never as AppMessage).name} is not supported by this frame`)
    }
  }

  window.addEventListener('message', (event: MessageEvent) => {
    // The social login popup's result (its own origin check inside).
    if (event.source !== window.parent && social.onMessage(event)) return
    // Only the parent page, on its own origin: anything else (another frame, a popup) is dropped.
    if (event.source !== window.parent || event.origin !== hostOrigin) return
    const parsed = parseAppMessage(event.data)
    if (!parsed.success) {
      console.warn('[portico] Ignored an invalid frame event', parsed.error)
      // A known request with a refused payload is answered too.
      if (parsed.request) post(errorReply(parsed.request, parsed.error, -32602))
      return
    }
    const message = parsed.data
    log('request', message.name, message.id)
    // The kit's RPC_ABORT aborts its RPC requests only (it names no request; the kit stops waiting
    // for those alone).
    requests
      .run(message.name === 'RPC_REQUEST', (signal) => handle(message, signal))
      .then(
        (payload) =>
          post({ id: message.id, type: `${framePrefix}${message.name satisfies AppRequestName}_SUCCESS`, payload }),
        (error: unknown) => {
          log('error', message.name, error)
          post(errorReply(message, error))
        },
      )
  })

  post({ type: `${framePrefix}READY`, payload: { version: frameProtocolVersion, ...(build ? { build } : {}) } })
}
