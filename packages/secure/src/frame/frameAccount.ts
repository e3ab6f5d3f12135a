import type { FrameQuery } from '../protocol/query.js'
import type { FrameUser } from '../protocol/replies.js'
import type { AuthApi } from './authApi.js'
import { delegationOf, simple7702Implementation, upgradeProbe } from './delegation.js'
import { ensureKeys, type Namespace, type RecoveryPolicy } from './keys.js'
import type { SignedSiwx } from './siwx.js'
import { isDeployed, type SmartAccountEndpoints, smartAccountOf } from './smartAccount.js'
import { del, get, set } from './vault.js'

/** Who is signed in to the frame: the auth server's session, as this device keeps it in the vault. */
export type Session = { token: string; userId: string; email: string; socialProvider?: string; userName?: string }

/** A network as a request names it: its chain, the RPC, bundler and paymaster the host gave for it. */
export type NetworkPayload = {
  chainId?: number | string | undefined
  rpcUrl?: string | undefined
  bundlerUrl?: string | undefined
  paymasterUrl?: string | undefined
  /** The kit's default account type (its `defaultAccountTypes.eip155`), until the user picks one. */
  preferredAccountType?: string | undefined
}

/** The account the dapp sees while it sends as user operations (see {@link FrameAccount.activeSmartAccount}). */
export type ActiveSmartAccount = {
  address: string
  kind: 'smartAccount' | 'eip7702'
  endpoints: SmartAccountEndpoints
  receiptTimeoutMs: number | undefined
}

/**
 * The frame's account for its one host page: who is signed in (kept in the vault across reloads),
 * the user's addresses, the current chain with the RPC, bundler and paymaster the host configured
 * for each chain, and which account the dapp sees there (the EOA, the smart account, or the EOA
 * upgraded in place with EIP-7702). The frame's message handler reads and moves it; nothing here
 * signs (keys are rebuilt only inside `withSecret`).
 *
 * @example
 * const account = new FrameAccount({ api, recovery, log, receiptTimeoutMs }, query)
 * await account.restore()
 * if (account.session) post(await account.user())
 */
export class FrameAccount {
  session: Session | undefined
  addresses: Record<Namespace, string> | undefined
  /** The sign-in signed at this session's social login (the user's signature, message, siwxMessage). */
  signedSiwx: SignedSiwx | undefined
  chainId: number | string
  /** The RPC URL the host gave per chain. */
  readonly rpcUrls = new Map<number | string, string>()
  /** The bundler (and paymaster) the host configured per chain: the chains with smart accounts. */
  private readonly aaUrls = new Map<number | string, { bundlerUrl: string; paymasterUrl?: string }>()
  /** The kit's default account type (its `defaultAccountTypes.eip155`), until the user picks one. */
  private defaultAccountType: 'eoa' | 'smartAccount' = 'smartAccount'
  /** Whether a chain can take the EIP-7702 upgrade (asked of its node; a yes is kept). */
  private readonly canTakeUpgrade = upgradeProbe()

  constructor(
    private readonly frame: {
      api: AuthApi
      recovery: RecoveryPolicy
      log: (...args: unknown[]) => void
      /** The operator's wait for a user operation's receipt (undefined: the default). */
      receiptTimeoutMs: number | undefined
    },
    config: Pick<FrameQuery, 'chainId' | 'rpcUrl'>,
  ) {
    this.chainId = config.chainId
    if (config.rpcUrl) this.rpcUrls.set(config.chainId, config.rpcUrl)
  }

  /**
   * Moves to the network a request names, when it names one, and keeps what the host gave for it
   * (its RPC URL, bundler and paymaster), and the kit's default account type.
   */
  useNetwork(payload: NetworkPayload): void {
    if (payload.chainId !== undefined) this.chainId = payload.chainId
    if (payload.rpcUrl) this.rpcUrls.set(this.chainId, payload.rpcUrl)
    if (payload.bundlerUrl)
      this.aaUrls.set(this.chainId, {
        bundlerUrl: payload.bundlerUrl,
        ...(payload.paymasterUrl ? { paymasterUrl: payload.paymasterUrl } : {}),
      })
    const type = payload.preferredAccountType
    if (type === 'eoa' || type === 'smartAccount') this.defaultAccountType = type
  }

  /** The session this device kept, when the vault has one. */
  async restore(): Promise<void> {
    const saved = await get<Session>('session')
    if (!saved) return
    this.session = saved
    this.frame.api.setToken(saved.token)
  }

  /** A login completed: its session is kept, and the user's keys are made or found. */
  async signedIn(
    token: string,
    user: { id: string; email: string | null; socialProvider?: string; username?: string },
  ) {
    this.session = {
      token,
      userId: user.id,
      email: user.email ?? '',
      ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
      ...(user.username ? { userName: user.username } : {}),
    }
    this.signedSiwx = undefined
    this.frame.api.setToken(token)
    await set('session', this.session)
    this.addresses = await ensureKeys(this.frame.api, user.id, this.frame.recovery)
  }

  /** Forgets the session on this device (the server's side is the caller's). */
  async signOut(): Promise<void> {
    this.session = undefined
    this.signedSiwx = undefined
    this.addresses = undefined
    this.frame.api.setToken(undefined)
    await del('session')
  }

  /** The session after an email change: the server's new token and the new address. */
  async updateSession(token: string, email: string): Promise<void> {
    const session = this.signedInSession()
    this.session = { ...session, token, email }
    this.frame.api.setToken(token)
    await set('session', this.session)
  }

  /** The signed-in session, or 'Not connected'. */
  signedInSession(): Session {
    if (!this.session) throw new Error('Not connected')
    return this.session
  }

  /** The signed-in user's addresses (their keys made or found on first use), or 'Not connected'. */
  async keys(): Promise<Record<Namespace, string>> {
    const session = this.signedInSession()
    this.addresses ??= await ensureKeys(this.frame.api, session.userId, this.frame.recovery)
    return this.addresses
  }

  /** The current chain's smart-account services, when the host configured a bundler for it. */
  smartEndpoints(): SmartAccountEndpoints | undefined {
    const urls = typeof this.chainId === 'number' ? this.aaUrls.get(this.chainId) : undefined
    return urls ? { rpcUrl: this.rpcUrls.get(this.chainId), ...urls } : undefined
  }

  /** The chains where the host configured a bundler. */
  smartAccountEnabledNetworks(): number[] {
    return [...this.aaUrls.keys()].filter((id): id is number => typeof id === 'number')
  }

  /** Keeps the user's choice of account type (per user, on this device). */
  async setPreferredType(type: 'eoa' | 'smartAccount'): Promise<void> {
    await set(`preferredAccountType:${this.signedInSession().userId}`, type)
  }

  private async preferredType(userId: string): Promise<'eoa' | 'smartAccount'> {
    const chosen = await get<'eoa' | 'smartAccount'>(`preferredAccountType:${userId}`)
    return chosen ?? this.defaultAccountType
  }

  /** The user's smart account on the current chain (its address only: nothing is signed). */
  async smartAccountAddress(owner: string): Promise<string> {
    const endpoints = this.smartEndpoints()
    if (!endpoints) throw new Error('Smart accounts are not enabled on this network')
    const account = await smartAccountOf(endpoints.rpcUrl, owner as `0x${string}`, () => {
      throw new Error('Not signing')
    })
    return account.address
  }

  /** The contract the EOA delegates to with EIP-7702 on the current chain (undefined: none, or unknown). */
  async eoaDelegation(endpoints: SmartAccountEndpoints | undefined): Promise<string | undefined> {
    if (!endpoints || !this.addresses || typeof this.chainId !== 'number') return undefined
    return delegationOf(endpoints.rpcUrl, this.addresses.eip155 as `0x${string}`).catch(() => undefined)
  }

  /**
   * The smart account while it is the preferred type on the current chain, or the EOA itself while
   * it is preferred and upgraded with EIP-7702 (same address, sends as user operations). A chain
   * that cannot answer for it (no factory, node unreachable) leaves the user on the plain EOA
   * rather than without one.
   */
  async activeSmartAccount(): Promise<ActiveSmartAccount | undefined> {
    const endpoints = this.smartEndpoints()
    const { session, addresses } = this
    const { receiptTimeoutMs } = this.frame
    if (!session || !addresses || !endpoints) return undefined
    if ((await this.preferredType(session.userId)) !== 'smartAccount') {
      const delegation = await this.eoaDelegation(endpoints)
      return delegation?.toLowerCase() === simple7702Implementation.toLowerCase()
        ? { address: addresses.eip155, kind: 'eip7702', endpoints, receiptTimeoutMs }
        : undefined
    }
    try {
      return {
        address: await this.smartAccountAddress(addresses.eip155),
        kind: 'smartAccount',
        endpoints,
        receiptTimeoutMs,
      }
    } catch (error) {
      this.frame.log('no smart account on this network', error)
      return undefined
    }
  }

  /**
   * Whether the plain EOA on the current EVM chain can still take the EIP-7702 upgrade: undefined
   * where it is not offered (not an EVM chain, no bundler, a smart account in use, or a delegation
   * already set, this wallet's or another's), else whether the chain's node runs EIP-7702. The
   * user's record (`upgradable`) and the RPC's EIP-5792 answers (atomic `ready`) both read it here.
   * `delegation` is asked for only once the cheaper conditions hold (it reads the chain).
   */
  async upgradable(
    inUse: ActiveSmartAccount | undefined,
    delegation: () => Promise<string | undefined>,
  ): Promise<boolean | undefined> {
    const endpoints = this.smartEndpoints()
    if (typeof this.chainId !== 'number' || !endpoints || inUse || (await delegation())) return undefined
    return this.canTakeUpgrade(endpoints.rpcUrl)
  }

  /** The signed-in user as the kit reads it (the spec's embedded-wallet user), or 'Not connected'. */
  async user(): Promise<FrameUser> {
    const session = this.signedInSession()
    const addresses = await this.keys()
    const { chainId } = this
    const namespace: Namespace = typeof chainId === 'number' ? 'eip155' : 'solana'
    const active = await this.activeSmartAccount()
    // The upgraded EOA answers as itself: an `eoa` account that sends as user operations.
    const smart = active?.kind === 'smartAccount' ? active : undefined
    // Whether the user's smart account on this chain has code, whichever type is preferred: a user
    // who switched to the EOA after the first operation still has a deployed smart account.
    const endpoints = this.smartEndpoints()
    const delegation = namespace === 'eip155' ? await this.eoaDelegation(endpoints) : undefined
    const upgradable = await this.upgradable(smart, async () => delegation)
    const smartAddress =
      smart?.address ??
      (endpoints && namespace === 'eip155'
        ? await this.smartAccountAddress(addresses.eip155).catch(() => undefined)
        : undefined)
    const deployed =
      endpoints && smartAddress
        ? await isDeployed(endpoints.rpcUrl, smartAddress as `0x${string}`).catch(() => false)
        : false
    return {
      id: session.userId,
      // A session stores '' for a login without an email; the spec's user has null there.
      email: session.email || null,
      address: namespace === 'eip155' && smart ? smart.address : addresses[namespace],
      chainId,
      // The smart account first: a kit that reads one account per namespace takes the preferred one.
      accounts: [
        ...(smart ? [{ namespace: 'eip155' as const, address: smart.address, type: 'smartAccount' as const }] : []),
        ...(['eip155', 'solana'] as const).map((ns) => ({
          namespace: ns,
          address: addresses[ns] ?? '',
          type: 'eoa' as const,
        })),
      ],
      preferredAccountType: smart ? 'smartAccount' : 'eoa',
      smartAccountDeployed: deployed,
      ...(delegation ? { delegation } : {}),
      ...(upgradable === undefined ? {} : { upgradable }),
      ...(session.socialProvider ? { socialProvider: session.socialProvider } : {}),
      ...(session.userName ? { userName: session.userName } : {}),
      ...this.signedSiwx,
    }
  }
}
