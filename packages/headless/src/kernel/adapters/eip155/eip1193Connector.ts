import { providerErrorCode } from '../../errors/isUserRejection.js'
import type { Connector, ConnectorConnection, ConnectorEvent, ConnectorType, PorticoNetwork } from '../../types.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { checksumHexAddress, numberToHex, toHex } from '../../utils/hex.js'
import type { Eip1193Provider } from './types.js'

/** What identifies an EIP-1193 wallet in the list; the behaviour is the same for every kind. */
export type Eip1193ConnectorParameters = {
  id: string
  name: string
  imageUrl?: string | undefined
  type: ConnectorType
  info?: Connector['info']
  accountNames?: Connector['accountNames']
  provider: Eip1193Provider
}

/**
 * @internal
 * The connector contract over an EIP-1193 provider, for announced (EIP-6963), legacy injected
 * and host-provided EVM wallets alike: connect with `eth_requestAccounts`, switch with
 * `wallet_switchEthereumChain` (adding the chain on 4902), sign with `personal_sign`, and pass
 * any other request to the provider.
 */
/** Switch errors meaning the wallet lacks the chain, so adding it is the way on. */
const unknownChainCodes: ReadonlySet<number> = new Set([4902, 32603])

export function createEip1193Connector({ provider, ...identity }: Eip1193ConnectorParameters): Connector {
  // Providers come from extensions: one without `request` fails its calls, never the list.
  const call: Eip1193Provider['request'] = async (args) => {
    if (typeof provider?.request !== 'function')
      throw new TypeError(`Connector ${identity.id} has no EIP-1193 provider`)
    return provider.request(args)
  }
  const connection = async (accounts: unknown): Promise<ConnectorConnection[]> => {
    const list = toAccounts(accounts)
    if (list.length === 0) return []
    return [{ namespace: 'eip155', accounts: list, caipNetworkId: await readChain(call) }]
  }
  return {
    ...identity,
    uid: `eip155:${identity.id}`,
    chain: 'eip155',
    provider,

    async connect() {
      return connection(await call({ method: 'eth_requestAccounts' }))
    },

    async reconnect() {
      return connection(await call({ method: 'eth_accounts' }))
    },

    async disconnect() {
      // EIP-2255 revoke is what "disconnect" means to wallets that support it; many don't, and
      // that is not a failure: the dapp forgets the connection either way.
      try {
        await call({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      } catch (error) {
        const code = providerErrorCode(error)
        if (code !== 4200 && code !== -32601 && code !== -32602 && code !== 4100) throw error
      }
    },

    async switchNetwork({ network }) {
      const chainId = numberToHex(Number(network.id))
      try {
        await call({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      } catch (error) {
        // The spec's codes for a chain the wallet does not know: 4902 (unrecognized chain) and
        // 32603 (invalid chain id, what some mobile wallets answer); any other refusal passes on.
        if (!unknownChainCodes.has(providerErrorCode(error) ?? 0)) throw error
        await call({ method: 'wallet_addEthereumChain', params: [addChainParameters(network)] })
        // Most wallets switch after adding, but not all; asking again is a no-op for those that did.
        await call({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      }
    },

    async signMessage({ address, message }) {
      const data = toHex(message)
      const signature = await call({ method: 'personal_sign', params: [data, address] })
      if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
        throw new TypeError('The wallet returned a signature that is not hex')
      return signature
    },

    request({ method, params }) {
      return call({ method, params: params as never })
    },

    subscribe(_namespace, listener) {
      if (typeof provider?.on !== 'function') return () => {}
      const onAccounts = (accounts: unknown) => {
        try {
          listener({ type: 'accountsChanged', accounts: toAccounts(accounts) })
        } catch {
          console.warn('[portico] Ignored a malformed accountsChanged event from the wallet')
        }
      }
      const onChain = (chainId: unknown) => {
        const caipNetworkId = toCaipNetworkId(chainId)
        if (caipNetworkId) listener({ type: 'chainChanged', caipNetworkId })
        else console.warn('[portico] Ignored a malformed chainChanged event from the wallet')
      }
      const onDisconnect = (error: unknown) => {
        // MetaMask emits `disconnect` with 1013 while it reconnects to its own RPC: not a user disconnect.
        if (providerErrorCode(error) === 1013) return
        listener({ type: 'disconnect' } satisfies ConnectorEvent)
      }
      provider.on('accountsChanged', onAccounts as never)
      provider.on('chainChanged', onChain as never)
      provider.on('disconnect', onDisconnect as never)
      return () => {
        provider.removeListener?.('accountsChanged', onAccounts as never)
        provider.removeListener?.('chainChanged', onChain as never)
        provider.removeListener?.('disconnect', onDisconnect as never)
      }
    },
  }
}

/** Wallet data is untrusted: keep only valid addresses, checksummed. */
function toAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) throw new TypeError('The wallet returned accounts that are not a list')
  return (
    value
      // Not utils/address.ts: it also validates Solana addresses, whose codecs must stay off an EVM page's start.
      .filter((a): a is string => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a))
      .map((a) => checksumHexAddress(a))
  )
}

async function readChain(call: Eip1193Provider['request']): Promise<CaipNetworkId | undefined> {
  try {
    return toCaipNetworkId(await call({ method: 'eth_chainId' }))
  } catch {
    return undefined
  }
}

function toCaipNetworkId(chainId: unknown): CaipNetworkId | undefined {
  const id =
    typeof chainId === 'number'
      ? chainId
      : typeof chainId === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(chainId)
        ? Number(chainId)
        : NaN
  return Number.isSafeInteger(id) && id > 0 ? `eip155:${id}` : undefined
}

function addChainParameters(network: PorticoNetwork) {
  return {
    chainId: numberToHex(Number(network.id)),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls.default.http,
    blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
    iconUrls: network.assets?.imageUrl ? [network.assets.imageUrl] : undefined,
  }
}
