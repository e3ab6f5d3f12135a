import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64, bech32 } from '@scure/base'
import { adr36SignDoc } from '../features/walletconnect/signing.js'
import type {
  KeplrDirectSignDoc,
  KeplrKey,
  KeplrLikeProvider,
  KeplrStdSignature,
} from '../kernel/adapters/cosmos/keplrConnector.js'
import { resolveEventTarget, type TestWalletEventTarget } from './eventTarget.js'
import { TestProviderRpcError } from './testProviderRpcError.js'
import { createTestWalletUser, hexToBytes } from './testWalletPrompts.js'
import { TestWalletUsageError } from './testWalletUsageError.js'

/**
 * Options of {@link createTestKeplrWallet}.
 *
 * @example
 * const options: CreateTestKeplrWalletParameters = { privateKeys: cosmosAccounts.map((a) => a.privateKey) }
 */
export type CreateTestKeplrWalletParameters = {
  /** secp256k1 private keys (hex), one per account. */
  privateKeys: readonly string[]
  /** The chains the wallet knows (Cosmos chain ids). Default: any chain. */
  chainIds?: readonly string[] | undefined
  /** Bech32 prefix of the addresses. Default `cosmos`. */
  bech32Prefix?: string | undefined
  /** The `window` property it injects as. Default `keplr`. */
  globalName?: string | undefined
}

/**
 * A prompt of the Keplr test wallet that can be declined.
 *
 * @example
 * keplr.rejectNext('signDirect' satisfies TestKeplrWalletPrompt)
 */
export type TestKeplrWalletPrompt = 'enable' | 'signAmino' | 'signDirect' | 'signArbitrary'

/**
 * What {@link createTestKeplrWallet} returns: the injected provider plus the "user's" controls.
 *
 * @example
 * const keplr: CreateTestKeplrWalletReturnType = createTestKeplrWallet(options)
 * const remove = keplr.inject()
 */
export type CreateTestKeplrWalletReturnType = {
  /** The Keplr-style provider (`window.keplr`). */
  provider: KeplrLikeProvider
  /** Sets `target[globalName]` (default `window.keplr`). Returns the function that removes it. */
  inject(target?: object): () => void
  /** The next prompt (of `method`, or any) fails with a 4001 error. Enabling an enabled chain does not prompt. */
  rejectNext(method?: TestKeplrWalletPrompt): void
  setRejectAll(reject: boolean): void
  /** The user selects another account: fires `${globalName}_keystorechange` on the window. */
  setAccount(index: number): void
  /** Every call received, in order. */
  readonly requests: readonly { readonly method: string; readonly input: unknown }[]
  /** The selected account's bech32 address. */
  readonly address: string
  /** The chains the site is allowed on. */
  readonly enabledChains: readonly string[]
}

/**
 * Creates a Keplr-style Cosmos wallet (enable, getKey, signAmino, signDirect, signArbitrary, disable)
 * signing with real secp256k1 keys, for tests and the demo: injected as `window.keplr`, the cosmos
 * adapter lists it as installed. Amino documents are signed over sha256 of their sorted JSON,
 * direct ones over sha256 of the protobuf SignDoc, arbitrary data as ADR-36. Touches no global until
 * `inject()`.
 *
 * @example
 * import { cosmosAccounts } from '@portico/devnet'
 * import { createTestKeplrWallet } from '@portico/headless/testing'
 *
 * const keplr = createTestKeplrWallet({ privateKeys: cosmosAccounts.map((a) => a.privateKey) })
 * const remove = keplr.inject()
 * keplr.rejectNext('signArbitrary')
 */
export function createTestKeplrWallet(parameters: CreateTestKeplrWalletParameters): CreateTestKeplrWalletReturnType {
  const prefix = parameters.bech32Prefix ?? 'cosmos'
  const globalName = parameters.globalName ?? 'keplr'
  if (parameters.privateKeys.length === 0)
    throw new TestWalletUsageError('The Keplr test wallet needs at least one key.', {
      fix: "Pass the devnet's `cosmosAccounts.map((a) => a.privateKey)`.",
    })
  const keys = parameters.privateKeys.map((privateKey) => {
    const secret = hexToBytes(privateKey)
    const publicKey = secp256k1.getPublicKey(secret, true)
    const address = bech32.encode(prefix, bech32.toWords(ripemd160(sha256(publicKey))))
    return { secret, publicKey, address }
  })
  const user = createTestWalletUser<TestKeplrWalletPrompt>()
  const enabled = new Set<string>()
  let index = 0
  let host: (TestWalletEventTarget & Record<string, unknown>) | undefined
  const current = () => keys[index] as (typeof keys)[number]

  const assertEnabled = (chainId: string) => {
    if (!enabled.has(chainId)) throw new TestProviderRpcError({ code: 4100, message: `${chainId} is not enabled` })
  }
  const assertSigner = (signer: string) => {
    if (signer !== current().address)
      throw new TestProviderRpcError({ code: 4100, message: `Signer ${signer} is not the selected account` })
  }
  const sign = (bytes: Uint8Array): KeplrStdSignature => ({
    pub_key: { type: 'tendermint/PubKeySecp256k1', value: base64.encode(current().publicKey) },
    signature: base64.encode(secp256k1.sign(sha256(bytes), current().secret, { lowS: true }).toCompactRawBytes()),
  })
  const signAmino = (signDoc: unknown) => sign(new TextEncoder().encode(sortedJson(signDoc)))

  const provider: KeplrLikeProvider = {
    async enable(chainIds) {
      const list = Array.isArray(chainIds) ? chainIds : [chainIds]
      const unknown = list.find((c) => parameters.chainIds && !parameters.chainIds.includes(c))
      if (unknown) throw new TestProviderRpcError({ code: -32602, message: `There is no chain info for ${unknown}` })
      if (list.every((c) => enabled.has(c))) return user.log('enable', { chainIds: list })
      user.prompt('enable', { chainIds: list })
      for (const c of list) enabled.add(c)
    },
    async getKey(chainId): Promise<KeplrKey> {
      user.log('getKey', { chainId })
      assertEnabled(chainId)
      const { publicKey, address } = current()
      return { name: 'Devnet Wallet', algo: 'secp256k1', pubKey: publicKey, bech32Address: address }
    },
    async signAmino(chainId, signer, signDoc) {
      assertEnabled(chainId)
      assertSigner(signer)
      user.prompt('signAmino', { chainId, signer, signDoc })
      return { signed: signDoc, signature: signAmino(signDoc) }
    },
    async signDirect(chainId, signer, signDoc) {
      assertEnabled(chainId)
      assertSigner(signer)
      user.prompt('signDirect', { chainId, signer, signDoc })
      return { signed: signDoc, signature: sign(signDocBytes(signDoc)) }
    },
    async signArbitrary(chainId, signer, data) {
      assertEnabled(chainId)
      assertSigner(signer)
      user.prompt('signArbitrary', { chainId, signer, data })
      return signAmino(adr36SignDoc(signer, data))
    },
    async disable(chainIds) {
      user.log('disable', { chainIds })
      if (chainIds === undefined) enabled.clear()
      else for (const c of Array.isArray(chainIds) ? chainIds : [chainIds]) enabled.delete(c)
    },
  }

  return {
    provider,
    inject(target) {
      const into = resolveEventTarget(target as (TestWalletEventTarget & Record<string, unknown>) | undefined, 'inject')
      into[globalName] = provider
      host = into
      return () => {
        if (into[globalName] === provider) Reflect.deleteProperty(into, globalName)
      }
    },
    rejectNext: user.rejectNext,
    setRejectAll: user.setRejectAll,
    setAccount(next) {
      if (!Number.isInteger(next) || next < 0 || next >= keys.length)
        throw new TestWalletUsageError(`Account index ${next} is out of range.`, {
          fix: `The wallet has ${keys.length} account(s): use 0 to ${keys.length - 1}.`,
        })
      index = next
      host?.dispatchEvent(new Event(`${globalName}_keystorechange`))
    },
    get requests() {
      return user.requests
    },
    get address() {
      return current().address
    },
    get enabledChains() {
      return [...enabled]
    },
  }
}

/** Amino JSON: keys sorted at every level, no whitespace, `&<>` escaped (as cosmjs and Keplr sign it). */
function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v
  return JSON.stringify(sort(value)).replace(/[&<>]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)
}

/** Protobuf cosmos.tx.v1beta1.SignDoc: 1 body_bytes, 2 auth_info_bytes, 3 chain_id, 4 account_number. */
function signDocBytes(doc: KeplrDirectSignDoc): Uint8Array {
  const out: number[] = []
  const varint = (value: bigint) => {
    let rest = value
    while (rest > 0x7fn) {
      out.push(Number((rest & 0x7fn) | 0x80n))
      rest >>= 7n
    }
    out.push(Number(rest))
  }
  const bytesField = (tag: number, bytes: Uint8Array | null | undefined) => {
    if (!bytes?.length) return
    out.push(tag)
    varint(BigInt(bytes.length))
    out.push(...bytes)
  }
  bytesField(0x0a, doc.bodyBytes)
  bytesField(0x12, doc.authInfoBytes)
  bytesField(0x1a, doc.chainId ? new TextEncoder().encode(doc.chainId) : undefined)
  const accountNumber = BigInt(String(doc.accountNumber ?? 0))
  if (accountNumber > 0n) {
    out.push(0x20)
    varint(accountNumber)
  }
  return new Uint8Array(out)
}
