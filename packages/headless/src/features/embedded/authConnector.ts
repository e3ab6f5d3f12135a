import { frameTexts, rpcMethodKind } from '@portico/secure/protocol'
import { base58 } from '@scure/base'
import { authConnectorId } from '../../kernel/defaults.js'
import type { Portico } from '../../kernel/portico.js'
import type { Connector, ConnectorConnection, ConnectorEvent, PorticoNetwork } from '../../kernel/types.js'
import type { CaipNetworkId, ChainNamespace } from '../../kernel/utils/caip.js'
import { type EmbeddedWallet, getEmbeddedWallet } from './embeddedWallet.js'
import { EmbeddedDeviceNotApprovedError, EmbeddedWalletError, RpcMethodNotAllowedError } from './errors.js'
import { readLoginCache } from './loginCache.js'
import { alertServerMessage } from './serverAlerts.js'
import { defaultEmbeddedAccountType, smartAccountEndpoints } from './smartAccount.js'
import { toEmbeddedWalletUser } from './user.js'
import { toUserOperationRevertedError } from './userOperationErrors.js'

export { authConnectorId }

/** How long disconnect waits for the frame's sign-out (the spec: at most 3 s). */
export const signOutWaitMs = 3_000

function emit(wallet: EmbeddedWallet, namespace: ChainNamespace, event: ConnectorEvent) {
  for (const listener of wallet.listeners.get(namespace) ?? []) listener(event)
}

function toHex(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * @internal
 * The embedded wallet as a {@link Connector} (type `AUTH`) for `namespace`: the implementation
 * behind the `auth` descriptor the registry lists from the instance's creation. The wallet, and
 * with it the secure frame, is made on first real use: a reload whose login cache says email login
 * was never used restores nothing and adds no frame.
 *
 * @example
 * const connector = createAuthConnector(portico, 'eip155')
 */
export function createAuthConnector(portico: Portico, namespace: ChainNamespace): Connector {
  let connector: Connector | undefined
  const frame = async () => {
    connector ??= frameConnector(portico, getEmbeddedWallet(portico), namespace)
    return connector
  }
  return {
    id: authConnectorId,
    uid: `${namespace}:${authConnectorId}`,
    name: 'Email',
    chain: namespace,
    type: 'AUTH',
    accountNames: true,
    provider: undefined,
    connect: async (parameters) => (await frame()).connect(parameters),
    // Nothing to restore without a login: the frame is not asked.
    reconnect: async (parameters) => (readLoginCache(portico).used ? (await frame()).reconnect(parameters) : []),
    disconnect: async () => (await frame()).disconnect(),
    switchNetwork: async (parameters) => (await frame()).switchNetwork(parameters),
    signMessage: async (parameters) => (await frame()).signMessage(parameters),
    request: async (parameters) => (await frame()).request(parameters),
    subscribe(ns, listener) {
      // Subscribing follows a connection, so the wallet exists by then.
      connector ??= frameConnector(portico, getEmbeddedWallet(portico), namespace)
      return connector.subscribe(ns, listener)
    },
  }
}

/**
 * The connector's work through the secure frame. One login serves both namespaces, so `connect`
 * returns a connection for each configured one. This side never holds a key, and unsafe requests
 * wait for the user's approval drawn by the frame's own origin.
 */
function frameConnector(portico: Portico, wallet: EmbeddedWallet, namespace: ChainNamespace): Connector {
  const { client } = wallet

  async function moveFrameTo(network: PorticoNetwork) {
    const chainId = Number(network.id)
    const rpcUrl = wallet.rpcUrl(network)
    // The network's bundler and paymaster travel with its RPC URL: the frame's smart account uses them.
    await client.request('SWITCH_NETWORK', {
      chainId,
      ...(rpcUrl ? { rpcUrl } : {}),
      ...(await smartAccountEndpoints(portico, network)),
    })
    wallet.frameChain = chainId
  }

  async function connections(networks: Readonly<Partial<Record<ChainNamespace, PorticoNetwork>>>) {
    const evm = networks.eip155 ?? wallet.networkFor('eip155')
    if (evm) await moveFrameTo(evm)
    const user = toEmbeddedWalletUser(
      await client.request('GET_USER', { preferredAccountType: defaultEmbeddedAccountType(portico) }),
    )
    const result: ConnectorConnection[] = []
    for (const account of user.accounts) {
      const network = networks[account.namespace] ?? wallet.networkFor(account.namespace)
      if (!network || !account.address) continue
      // One connection per namespace: on eip155 the account of the type the frame signs with.
      if (result.some((connection) => connection.namespace === account.namespace)) continue
      if (account.namespace === 'eip155' && account.type !== user.preferredAccountType) continue
      result.push({
        namespace: account.namespace,
        accounts: [account.address],
        caipNetworkId: network.caipNetworkId,
        walletInfo: {
          name: 'Email wallet',
          identifier: user.userName ?? user.email ?? undefined,
          social: user.socialProvider ?? 'email',
        },
        // Every key is set, even when undefined: a login replaces what an earlier one left.
        account: {
          preferredAccountType: account.type,
          smartAccountDeployed: user.smartAccountDeployed,
          socialProvider: user.socialProvider,
          user,
        },
      })
    }
    if (evm) wallet.writeLoginCache({ lastChain: evm.caipNetworkId })
    return result
  }

  const connector: Connector = {
    id: authConnectorId,
    uid: `${namespace}:${authConnectorId}`,
    name: 'Email',
    chain: namespace,
    type: 'AUTH',
    accountNames: true,
    provider: client,
    async connect({ networks }) {
      return connections(networks)
    },
    async reconnect({ networks }) {
      // The spec: a failed connection check clears the login cache, whether the frame says the
      // session is gone or cannot tell (the frame or the auth server unreachable): the next page
      // load does not try again, and the visitor logs in anew.
      let answer: { isConnected: boolean; refused?: string | undefined }
      try {
        answer = await client.request('IS_CONNECTED')
      } catch (error) {
        wallet.clearLoginCache()
        throw error
      }
      if (!answer.isConnected) {
        wallet.clearLoginCache()
        // A token the server no longer accepts (expired, or not valid yet) is the spec's
        // 'Session Expired' alert: the visitor is told why they are signed out, not left guessing.
        if (answer.refused) alertServerMessage(portico, answer.refused)
        return []
      }
      return connections(networks)
    },
    async disconnect() {
      await Promise.race([
        client.request('SIGN_OUT').catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, signOutWaitMs)),
      ])
      wallet.clearLoginCache()
      for (const ns of ['eip155', 'solana'] as const) emit(wallet, ns, { type: 'disconnect' })
    },
    async switchNetwork({ network }) {
      if (network.chainNamespace !== 'eip155') return
      await moveFrameTo(network)
      wallet.writeLoginCache({ lastChain: network.caipNetworkId })
      emit(wallet, 'eip155', { type: 'chainChanged', caipNetworkId: network.caipNetworkId })
    },
    async signMessage({ namespace: ns, address, message }) {
      if (ns === 'solana') {
        const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
        const result = (await connector.request({
          namespace: ns,
          chainId: '' as CaipNetworkId,
          address,
          method: 'solana_signMessage',
          params: { message: base58.encode(bytes), pubkey: address },
        })) as { signature: string }
        return result.signature
      }
      const hex = typeof message === 'string' ? toHex(new TextEncoder().encode(message)) : toHex(message)
      return (await connector.request({
        namespace: ns,
        chainId: '' as CaipNetworkId,
        address,
        method: 'personal_sign',
        params: [hex, address],
      })) as string
    },
    async request({ namespace: ns, chainId, method, params }) {
      if (!rpcMethodKind(method)) {
        console.error(frameTexts.notAllowedLog, method)
        // A host UI listening to the frame client says 'Action not allowed' (the spec).
        client.reportNotAllowed(method)
        throw new RpcMethodNotAllowedError({ method })
      }
      if (ns === 'eip155' && chainId) {
        // The frame keeps one current chain: move it to the request's chain first.
        const network = wallet.networkFor('eip155', chainId)
        if (network?.caipNetworkId === chainId && Number(network.id) !== wallet.frameChain) await moveFrameTo(network)
      }
      // A Solana request carries its network's RPC (the frame's current chain is an EVM one).
      const solanaNetwork = ns === 'solana' ? wallet.networkFor('solana', chainId || undefined) : undefined
      const solanaRpc = solanaNetwork ? wallet.rpcUrl(solanaNetwork) : undefined
      try {
        return await client.request('RPC_REQUEST', {
          method,
          params,
          chainNamespace: ns === 'solana' ? 'solana' : 'eip155',
          ...(solanaNetwork ? { chainId: solanaNetwork.caipNetworkId } : {}),
          ...(solanaRpc ? { rpcUrl: solanaRpc } : {}),
        })
      } catch (error) {
        if (error instanceof EmbeddedWalletError && error.shortMessage === frameTexts.notAllowed) {
          client.reportNotAllowed(method)
          throw new RpcMethodNotAllowedError({ method, cause: error })
        }
        // The frame's 4100: a key made on another device, and this one was never approved by link.
        if (error instanceof EmbeddedWalletError && error.code === 4100)
          throw new EmbeddedDeviceNotApprovedError({ cause: error })
        // -32521: a call through the smart account reverted; typed with its reason and hashes.
        throw toUserOperationRevertedError(error)
      }
    },
    subscribe(ns, listener) {
      const set = wallet.listeners.get(ns) ?? new Set()
      wallet.listeners.set(ns, set)
      set.add(listener)
      return () => set.delete(listener)
    },
  }
  return connector
}
