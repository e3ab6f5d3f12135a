import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { Connector, ConnectorConnection, ConnectorEvent, PorticoNetwork } from '../../types.js'
import { isSs58Address } from '../../utils/namespaceAddress.js'

/** One account an extension exposes. */
export type InjectedPolkadotAccount = {
  address: string
  name?: string | undefined
  type?: string | undefined
  genesisHash?: string | null | undefined
}

/** What a signer answers: the request id and a 0x-hex signature. */
export type InjectedPolkadotSignerResult = { id: number; signature: `0x${string}` }

/** What `enable(appName)` resolves to (the `@polkadot/extension-inject` `Injected` interface). */
export type InjectedPolkadotExtension = {
  accounts: {
    get(anyType?: boolean): Promise<InjectedPolkadotAccount[]>
    subscribe?(callback: (accounts: InjectedPolkadotAccount[]) => void): () => void
  }
  signer: {
    signRaw?(raw: { address: string; data: string; type: 'bytes' | 'payload' }): Promise<InjectedPolkadotSignerResult>
    signPayload?(payload: Record<string, unknown>): Promise<InjectedPolkadotSignerResult>
  }
}

/**
 * An entry of `window.injectedWeb3`.
 *
 * @example
 * const extension = await (window.injectedWeb3 as Record<string, InjectedWeb3Entry>)['polkadot-js']?.enable('My dapp')
 */
export type InjectedWeb3Entry = {
  version?: string | undefined
  enable(appName: string): Promise<InjectedPolkadotExtension>
}

const isHex = (value: string) => /^0x([0-9a-fA-F]{2})*$/.test(value)
const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * @internal
 * The connector contract over a polkadot.js-style extension (`window.injectedWeb3[key]`).
 * Requests take WalletConnect's Polkadot format: `polkadot_signMessage` {address, message} →
 * {signature} (signRaw: the extension signs `<Bytes>message</Bytes>`), `polkadot_signTransaction`
 * {address, transactionPayload} → {id, signature} (signPayload), so installed and WalletConnect
 * Polkadot wallets take the same calls. Only SS58 addresses are listed.
 */
export function createInjectedWeb3Connector({
  key,
  name,
  entry,
  appName,
  icon,
}: {
  key: string
  name: string
  entry: InjectedWeb3Entry
  appName: string
  icon?: string | undefined
}): Connector {
  let extension: InjectedPolkadotExtension | undefined

  const enable = async () => {
    const injected = await entry.enable(appName)
    if (typeof injected?.accounts?.get !== 'function' || typeof injected.signer !== 'object')
      throw new TypeError(`${name} returned no accounts or signer`)
    extension = injected
    return injected
  }
  const connectWith = async (network: PorticoNetwork | undefined): Promise<ConnectorConnection[]> => {
    const injected = await enable()
    const accounts = addressesOf(await injected.accounts.get())
    if (accounts.length === 0) return []
    return [{ namespace: 'polkadot', accounts, caipNetworkId: network?.caipNetworkId }]
  }
  const signer = async () => (extension ?? (await enable())).signer

  const signRaw = async (address: string, message: string) => {
    const sign = (await signer()).signRaw
    if (typeof sign !== 'function') throw new TypeError(`${name} cannot sign raw messages`)
    // A 0x-hex message is bytes; text is sent as its UTF-8 bytes (signRaw takes hex data).
    const result = await sign({ address, data: isHex(message) ? message : utf8Hex(message), type: 'bytes' })
    return { id: result?.id ?? 0, signature: hexSignature(result?.signature) }
  }

  return {
    id: key,
    uid: `polkadot:${key}`,
    name,
    imageUrl: icon,
    chain: 'polkadot',
    type: 'INJECTED',
    provider: entry,

    connect: ({ networks }) => connectWith(networks.polkadot),
    // Extensions remember the sites they allowed: `enable` then answers without prompting.
    reconnect: ({ networks }) => connectWith(networks.polkadot).catch(() => []),

    async disconnect() {
      // The injectedWeb3 interface has no disconnect: forgetting the extension is all there is.
      extension = undefined
    },

    async switchNetwork() {
      // Polkadot accounts sign for any chain; the payload names the chain (its genesis hash).
    },

    async signMessage({ address, message }) {
      const text =
        typeof message === 'string'
          ? message
          : `0x${Array.from(message, (b) => b.toString(16).padStart(2, '0')).join('')}`
      return (await signRaw(address, text)).signature
    },

    async request({ chainId, address, method, params }) {
      const input = (params ?? {}) as Record<string, unknown>
      switch (method) {
        case 'polkadot_signMessage': {
          const message = input.message
          if (typeof message !== 'string') throw new TypeError('`message` must be a string')
          const { signature } = await signRaw(signerOf(input.address, address), message)
          return { signature }
        }
        case 'polkadot_signTransaction': {
          const payload = input.transactionPayload
          if (typeof payload !== 'object' || payload === null)
            throw new TypeError('`transactionPayload` must be a SignerPayloadJSON object')
          const sign = (await signer()).signPayload
          if (typeof sign !== 'function') throw new TypeError(`${name} cannot sign transactions`)
          const from = signerOf(input.address ?? (payload as Record<string, unknown>).address, address)
          const result = await sign({ ...(payload as Record<string, unknown>), address: from })
          return { id: result?.id ?? 0, signature: hexSignature(result?.signature) }
        }
        default:
          throw new RequestNotApprovedError({ method, chainId, reason: 'method' })
      }
    },

    subscribe(_namespace, listener: (event: ConnectorEvent) => void) {
      const subscribeAccounts = extension?.accounts.subscribe
      if (typeof subscribeAccounts !== 'function') return () => {}
      let first = true
      const unsubscribe = subscribeAccounts.call(extension?.accounts, (accounts) => {
        // polkadot.js calls back at once with the current list: that is no change.
        if (first) {
          first = false
          return
        }
        const addresses = addressesOf(accounts)
        listener(addresses.length ? { type: 'accountsChanged', accounts: addresses } : { type: 'disconnect' })
      })
      return () => {
        if (typeof unsubscribe === 'function') unsubscribe()
      }
    },
  }
}

function addressesOf(accounts: unknown): string[] {
  if (!Array.isArray(accounts)) return []
  return accounts
    .map((a) => (a as { address?: unknown })?.address)
    .filter((a): a is string => typeof a === 'string' && isSs58Address(a))
}

function signerOf(requested: unknown, address: string): string {
  const signer = requested ?? address
  if (typeof signer !== 'string' || !isSs58Address(signer)) throw new TypeError('`address` must be an SS58 address')
  return signer
}

function hexSignature(signature: unknown): `0x${string}` {
  if (typeof signature !== 'string' || !isHex(signature) || signature.length < 130 || signature.length > 132)
    throw new TypeError('The wallet returned a malformed polkadot signature')
  return signature as `0x${string}`
}
