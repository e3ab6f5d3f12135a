import type { SessionTypes } from '@walletconnect/types'
import { SwitchChainNotApprovedError } from '../../kernel/errors/network.js'
import { NamespaceNotApprovedError, RequestNotApprovedError } from '../../kernel/errors/walletConnect.js'
import type { ConnectorConnection, PorticoNetwork } from '../../kernel/types.js'
import type { CaipNetworkId, ChainNamespace } from '../../kernel/utils/caip.js'
import { isSafeImageUrl } from '../../kernel/utils/imageUrl.js'
import { walletConnectConnectorId } from '../../kernel/walletConnectOptions.js'

/**
 * The request methods Portico asks a WalletConnect wallet to approve, per namespace: what the
 * namespace's signing, sending and chain-switching calls need (the WalletConnect namespace specs).
 */
export const walletConnectMethods = {
  eip155: [
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_signTransaction',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getCapabilities',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    // ERC-7715 permissions (smart sessions), both drafts' names: a wallet approves those it has.
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'wallet_getGrantedExecutionPermissions',
    'wallet_requestExecutionPermissions',
    'wallet_revokeExecutionPermission',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAndSendTransaction',
    'solana_signAllTransactions',
  ],
  polkadot: ['polkadot_signMessage', 'polkadot_signTransaction'],
  bip122: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
  cosmos: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
} as const satisfies Record<ChainNamespace, readonly string[]>

/** The session events Portico listens to, per namespace. */
export const walletConnectEvents = {
  eip155: ['chainChanged', 'accountsChanged'],
  solana: ['accountsChanged', 'chainChanged'],
  polkadot: ['accountsChanged', 'chainChanged'],
  bip122: ['bip122_addressesChanged', 'accountsChanged', 'chainChanged'],
  cosmos: ['accountsChanged', 'chainChanged'],
} as const satisfies Record<ChainNamespace, readonly string[]>

/** A CAIP-25 proposal namespace. */
export type ProposalNamespace = { chains: CaipNetworkId[]; methods: string[]; events: string[] }

/**
 * @internal
 * One proposal namespace per configured namespace, listing every configured network of it. They
 * are all optional (as CAIP-25 now recommends): a wallet that supports only some of them still
 * connects, with the namespaces it approved.
 */
export function proposalNamespaces(networks: readonly PorticoNetwork[]): Record<string, ProposalNamespace> {
  const namespaces: Record<string, ProposalNamespace> = {}
  for (const network of networks) {
    if (network.unsupported) continue
    const namespace = network.chainNamespace
    const entry = namespaces[namespace] ?? {
      chains: [],
      methods: [...walletConnectMethods[namespace]],
      events: [...walletConnectEvents[namespace]],
    }
    namespaces[namespace] = entry
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId)
  }
  return namespaces
}

/** The approved part of a session for one namespace (CAIP-25 session namespace). */
export type SessionNamespace = {
  chains?: string[] | undefined
  accounts: string[]
  methods: string[]
  events: string[]
}

/**
 * @internal
 * The chains and accounts a session approved for one namespace: accounts are CAIP-10
 * (`namespace:reference:address`), grouped by chain, in the wallet's order.
 */
export function sessionAccounts(namespace: SessionNamespace | undefined): Map<CaipNetworkId, string[]> {
  const byChain = new Map<CaipNetworkId, string[]>()
  if (!namespace) return byChain
  // Session data comes from the wallet through the relay: anything but a list is nothing.
  for (const chain of Array.isArray(namespace.chains) ? namespace.chains : [])
    if (typeof chain === 'string' && isCaip2(chain)) byChain.set(chain as CaipNetworkId, [])
  for (const account of Array.isArray(namespace.accounts) ? namespace.accounts : []) {
    if (typeof account !== 'string') continue
    const last = account.lastIndexOf(':')
    if (last <= 0) continue
    const chain = account.slice(0, last)
    const address = account.slice(last + 1)
    if (!isCaip2(chain) || !address) continue
    const list = byChain.get(chain as CaipNetworkId) ?? []
    if (!list.includes(address)) list.push(address)
    byChain.set(chain as CaipNetworkId, list)
  }
  return byChain
}

/**
 * @internal
 * What a session gives one namespace: its accounts on `preferred` when the wallet approved that
 * chain with accounts, else on the first such chain (the wallet's order), with the peer as the
 * wallet shown.
 */
export function sessionConnection(
  session: {
    namespaces: Record<string, SessionNamespace>
    peer: { metadata: { name?: string; icons?: string[] } }
  },
  namespace: ChainNamespace,
  preferred: PorticoNetwork | undefined,
): ConnectorConnection | undefined {
  const byChain = sessionAccounts(session.namespaces[namespace])
  const chains = [...byChain]
    .filter(([chain, accounts]) => chain.startsWith(`${namespace}:`) && accounts.length > 0)
    .map(([chain]) => chain)
  const chain = preferred && chains.includes(preferred.caipNetworkId) ? preferred.caipNetworkId : chains[0]
  const accounts = chain ? byChain.get(chain) : undefined
  if (!chain || !accounts) return undefined
  const name = session.peer.metadata.name
  const icon = session.peer.metadata.icons?.find((url) => isSafeImageUrl(url) && !url.startsWith('data:'))
  return {
    namespace,
    accounts,
    caipNetworkId: chain,
    walletInfo: {
      name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : 'WalletConnect',
      icon,
      identifier: walletConnectConnectorId,
    },
  }
}

function isCaip2(value: string): boolean {
  return /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(value)
}

/**
 * @internal
 * Refuses, before it reaches the wallet, a request the session did not approve: its namespace
 * ('Namespace is not configured…'), its method or its chain.
 *
 * @example
 * assertRequestApproved(session, 'eip155:1', 'personal_sign') // throws RequestNotApprovedError if not approved
 */
export function assertRequestApproved(session: SessionTypes.Struct, chainId: CaipNetworkId, method: string): void {
  const namespace = chainId.slice(0, chainId.indexOf(':'))
  const approved = session.namespaces[namespace] as SessionNamespace | undefined
  if (!approved) throw new NamespaceNotApprovedError({ namespace })
  const chainApproved = sessionAccounts(approved).has(chainId)
  if (!approved.methods.includes(method) || !chainApproved)
    throw new RequestNotApprovedError({ method, chainId, reason: chainApproved ? 'method' : 'chain' })
}

/**
 * @internal
 * How a switch to `network` goes on a session (spec): only to chains the session approved, unless
 * the wallet supports `wallet_switchEthereumChain`; then the wallet is asked, on `chainId` (the
 * target if approved, else `current`, since requests must name an approved chain). `undefined`:
 * nothing to ask, the session already covers the chain. Throws 'Failed to switch to chain…'.
 *
 * @example
 * const plan = switchPlan(session, 'eip155', base, 'eip155:1') // { chainId: 'eip155:1' } with the switch method
 */
export function switchPlan(
  session: SessionTypes.Struct | undefined,
  namespace: ChainNamespace,
  network: PorticoNetwork,
  current: CaipNetworkId | undefined,
): { chainId: CaipNetworkId } | undefined {
  const approved = session?.namespaces[namespace] as SessionNamespace | undefined
  const chainApproved = (sessionAccounts(approved).get(network.caipNetworkId)?.length ?? 0) > 0
  if (namespace === 'eip155' && approved?.methods.includes('wallet_switchEthereumChain'))
    return { chainId: (chainApproved ? network.caipNetworkId : current) ?? network.caipNetworkId }
  if (!chainApproved) throw new SwitchChainNotApprovedError({ chainId: network.id })
  return undefined
}
