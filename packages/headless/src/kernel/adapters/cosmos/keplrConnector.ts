import { base64 } from '@scure/base'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { Connector, ConnectorConnection, ConnectorEvent, PorticoNetwork } from '../../types.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { isCosmosAddress } from '../../utils/namespaceAddress.js'

/** What `getKey` answers (the fields Portico reads). */
export type KeplrKey = {
  name?: string | undefined
  algo: string
  pubKey: Uint8Array
  bech32Address: string
}

/** A Cosmos SDK standard signature: the signer's key and a base64 64-byte secp256k1 signature. */
export type KeplrStdSignature = { pub_key: { type: string; value: string }; signature: string }

/** A protobuf `SignDoc` as Keplr takes it (bytes as bytes; `accountNumber` a bigint or a Long). */
export type KeplrDirectSignDoc = {
  bodyBytes?: Uint8Array | null
  authInfoBytes?: Uint8Array | null
  chainId?: string | null
  accountNumber?: bigint | { toString(): string } | null
}

/**
 * The Keplr-style injected wallet interface Portico uses (`window.keplr`, `window.leap`…):
 * Keplr's own API, which other Cosmos wallets copy.
 *
 * @example
 * const keplr = (window as { keplr?: KeplrLikeProvider }).keplr
 */
export type KeplrLikeProvider = {
  enable(chainIds: string | string[]): Promise<void>
  getKey(chainId: string): Promise<KeplrKey>
  signAmino(
    chainId: string,
    signer: string,
    signDoc: unknown,
    options?: unknown,
  ): Promise<{ signed: unknown; signature: KeplrStdSignature }>
  signDirect(
    chainId: string,
    signer: string,
    signDoc: KeplrDirectSignDoc,
    options?: unknown,
  ): Promise<{ signed: KeplrDirectSignDoc; signature: KeplrStdSignature }>
  signArbitrary(chainId: string, signer: string, data: string | Uint8Array): Promise<KeplrStdSignature>
  disable?(chainIds?: string | string[]): Promise<void>
}

/** The Cosmos chain id (`cosmoshub-4`) of a CAIP-2 `cosmos:` network id. */
export const cosmosChainId = (caipNetworkId: CaipNetworkId) => caipNetworkId.slice('cosmos:'.length)

/**
 * @internal
 * The connector contract over a Keplr-style injected wallet. Requests take WalletConnect's Cosmos
 * JSON-RPC format (`cosmos_getAccounts`, `cosmos_signAmino`, `cosmos_signDirect` with base64
 * bytes), and `signMessage` is ADR-36 through `signArbitrary`, returning the base64 signature as
 * the WalletConnect connector does, so installed and WalletConnect Cosmos wallets take the same calls.
 */
export function createKeplrConnector({
  key,
  name,
  provider,
  icon,
  keystoreEvent,
}: {
  key: string
  name: string
  provider: KeplrLikeProvider
  icon?: string | undefined
  /** The window event the wallet fires when the user changes accounts (`keplr_keystorechange`). */
  keystoreEvent?: string | undefined
}): Connector {
  let chainId: string | undefined

  const accountOf = async (chain: string) => {
    const account = await provider.getKey(chain)
    const address = account?.bech32Address
    if (typeof address !== 'string' || !isCosmosAddress(address))
      throw new TypeError(`${name} returned an invalid bech32 address`)
    if (!(account.pubKey instanceof Uint8Array)) throw new TypeError(`${name} returned no public key`)
    return account
  }

  const connectWith = async (network: PorticoNetwork | undefined): Promise<ConnectorConnection[]> => {
    if (!network) return []
    const chain = cosmosChainId(network.caipNetworkId)
    await provider.enable(chain)
    const account = await accountOf(chain)
    chainId = chain
    return [{ namespace: 'cosmos', accounts: [account.bech32Address], caipNetworkId: network.caipNetworkId }]
  }

  return {
    id: key,
    uid: `cosmos:${key}`,
    name,
    imageUrl: icon,
    chain: 'cosmos',
    type: 'INJECTED',
    provider,

    connect: ({ networks }) => connectWith(networks.cosmos),
    // Keplr has no silent query: `enable` of a chain the site is already allowed on does not prompt.
    reconnect: ({ networks }) => connectWith(networks.cosmos).catch(() => []),

    async disconnect() {
      const chain = chainId
      chainId = undefined
      if (chain && typeof provider.disable === 'function') await provider.disable(chain)
    },

    async switchNetwork({ network }) {
      // Keplr signs for any chain the site enabled: enabling the new chain is the whole switch.
      const chain = cosmosChainId(network.caipNetworkId)
      await provider.enable(chain)
      chainId = chain
    },

    async signMessage({ address, message, network }) {
      const signature = await provider.signArbitrary(cosmosChainId(network.caipNetworkId), address, message)
      return signatureOf(signature)
    },

    async request({ chainId: caipNetworkId, address, method, params }) {
      const chain = cosmosChainId(caipNetworkId)
      const input = (params ?? {}) as Record<string, unknown>
      switch (method) {
        case 'cosmos_getAccounts': {
          const account = await accountOf(chain)
          return [{ algo: account.algo, address: account.bech32Address, pubkey: base64.encode(account.pubKey) }]
        }
        case 'cosmos_signAmino': {
          const signer = signerOf(input, address)
          if (typeof input.signDoc !== 'object' || input.signDoc === null)
            throw new TypeError('`signDoc` must be an amino sign doc')
          const { signed, signature } = await provider.signAmino(chain, signer, input.signDoc)
          signatureOf(signature)
          return { signed, signature }
        }
        case 'cosmos_signDirect': {
          const signer = signerOf(input, address)
          const doc = input.signDoc as Record<string, unknown> | undefined
          if (typeof doc !== 'object' || doc === null) throw new TypeError('`signDoc` must be a direct sign doc')
          const { signed, signature } = await provider.signDirect(chain, signer, {
            bodyBytes: bytesParam(doc, 'bodyBytes'),
            authInfoBytes: bytesParam(doc, 'authInfoBytes'),
            chainId: typeof doc.chainId === 'string' ? doc.chainId : chain,
            accountNumber: accountNumberParam(doc.accountNumber),
          })
          signatureOf(signature)
          return {
            signed: {
              chainId: signed?.chainId ?? '',
              accountNumber: String(signed?.accountNumber ?? '0'),
              authInfoBytes: base64.encode(signed?.authInfoBytes ?? new Uint8Array()),
              bodyBytes: base64.encode(signed?.bodyBytes ?? new Uint8Array()),
            },
            signature,
          }
        }
        default:
          throw new RequestNotApprovedError({ method, chainId: caipNetworkId, reason: 'method' })
      }
    },

    subscribe(_namespace, listener: (event: ConnectorEvent) => void) {
      if (!keystoreEvent || typeof window === 'undefined') return () => {}
      const onChange = () => {
        const chain = chainId
        if (!chain) return
        accountOf(chain).then(
          (account) => listener({ type: 'accountsChanged', accounts: [account.bech32Address] }),
          () => listener({ type: 'disconnect' }),
        )
      }
      window.addEventListener(keystoreEvent, onChange)
      return () => window.removeEventListener(keystoreEvent, onChange)
    },
  }
}

function signerOf(input: Record<string, unknown>, address: string): string {
  const signer = input.signerAddress ?? address
  if (typeof signer !== 'string' || !isCosmosAddress(signer))
    throw new TypeError('`signerAddress` must be a bech32 address')
  return signer
}

/** A base64 field of a direct sign doc as bytes (absent is empty); anything else is malformed params. */
function bytesParam(doc: Record<string, unknown>, field: 'bodyBytes' | 'authInfoBytes'): Uint8Array {
  const value = doc[field] ?? ''
  let bytes: Uint8Array | undefined
  try {
    bytes = typeof value === 'string' ? base64.decode(value) : undefined
  } catch {
    bytes = undefined
  }
  if (!bytes) throw new TypeError(`\`${field}\` must be base64`)
  return bytes
}

/** A sign doc's account number (a decimal string, as WalletConnect sends it; absent is 0) as a bigint. */
function accountNumberParam(value: unknown): bigint {
  const digits = String(value ?? '0')
  // Checked here: BigInt() would throw an untyped SyntaxError, and takes '0x…', '' and ' 1 ' as numbers.
  if (!/^[0-9]+$/.test(digits)) throw new TypeError('`accountNumber` must be an unsigned integer')
  return BigInt(digits)
}

/** The base64 signature of a wallet's answer; anything but 64 bytes is a malformed answer. */
function signatureOf(signature: KeplrStdSignature | undefined): string {
  const value = signature?.signature
  let bytes: Uint8Array | undefined
  try {
    bytes = typeof value === 'string' ? base64.decode(value) : undefined
  } catch {
    bytes = undefined
  }
  if (bytes?.length !== 64) throw new TypeError('The wallet returned a malformed cosmos signature')
  return value as string
}
