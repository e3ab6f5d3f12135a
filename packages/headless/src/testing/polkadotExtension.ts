import { ed25519 } from '@noble/curves/ed25519.js'
import { blake2b } from '@noble/hashes/blake2.js'
import { base58 } from '@scure/base'
import type {
  InjectedPolkadotAccount,
  InjectedPolkadotExtension,
  InjectedWeb3Entry,
} from '../kernel/adapters/polkadot/injectedWeb3Connector.js'
import { resolveEventTarget } from './eventTarget.js'
import { TestProviderRpcError } from './testProviderRpcError.js'
import { bytesToHex, createTestWalletUser, hexToBytes } from './testWalletPrompts.js'
import { TestWalletUsageError } from './testWalletUsageError.js'

/**
 * Options of {@link createTestPolkadotExtension}.
 *
 * @example
 * const options: CreateTestPolkadotExtensionParameters = { seeds: polkadotAccounts.map((a) => a.seed) }
 */
export type CreateTestPolkadotExtensionParameters = {
  /** ed25519 seeds (32-byte hex), one per account. */
  seeds: readonly string[]
  /** The `injectedWeb3` key. Default `devnet-wallet` (listed as "Devnet Wallet"). */
  key?: string | undefined
  /** SS58 network prefix of the addresses (0..63). Default 42 (generic Substrate). */
  ss58Prefix?: number | undefined
}

/**
 * A prompt of the Polkadot test extension that can be declined.
 *
 * @example
 * dot.rejectNext('signPayload' satisfies TestPolkadotExtensionPrompt)
 */
export type TestPolkadotExtensionPrompt = 'enable' | 'signRaw' | 'signPayload'

/**
 * What {@link createTestPolkadotExtension} returns: the `injectedWeb3` entry plus the "user's" controls.
 *
 * @example
 * const dot: CreateTestPolkadotExtensionReturnType = createTestPolkadotExtension(options)
 * dot.inject()
 */
export type CreateTestPolkadotExtensionReturnType = {
  /** The `window.injectedWeb3[key]` entry. */
  entry: InjectedWeb3Entry
  /** Adds the entry to `target.injectedWeb3` (default `window`). Returns the function that removes it. */
  inject(target?: object): () => void
  /** The next prompt (of `method`, or any) fails with a 4001 error. `enable` prompts only until the site is allowed. */
  rejectNext(method?: TestPolkadotExtensionPrompt): void
  setRejectAll(reject: boolean): void
  /** Puts account `index` first (the user's selection) and tells `accounts.subscribe` listeners. */
  setAccount(index: number): void
  /** The user revokes the site: subscribers get an empty list and `enable` prompts again. */
  revoke(): void
  readonly requests: readonly { readonly method: string; readonly input: unknown }[]
  /** All SS58 addresses, the selected one first. */
  readonly addresses: readonly string[]
}

/**
 * Creates a polkadot.js-style extension (`injectedWeb3` entry: `enable(appName)` → accounts and a
 * signer) with real ed25519 keys, for tests and the demo. `signRaw` signs `<Bytes>data</Bytes>`,
 * `signPayload` the SCALE-encoded extrinsic payload (blake2b-256 of it when over 256 bytes) and
 * answers a `0x00`-prefixed MultiSignature, as polkadot.js does. Touches no global until `inject()`.
 *
 * @example
 * import { polkadotAccounts } from '@portico/devnet'
 * import { createTestPolkadotExtension } from '@portico/headless/testing'
 *
 * const dot = createTestPolkadotExtension({ seeds: polkadotAccounts.map((a) => a.seed) })
 * const remove = dot.inject() // the polkadot adapter lists "Devnet Wallet"
 */
export function createTestPolkadotExtension(
  parameters: CreateTestPolkadotExtensionParameters,
): CreateTestPolkadotExtensionReturnType {
  const key = parameters.key ?? 'devnet-wallet'
  const prefix = parameters.ss58Prefix ?? 42
  if (parameters.seeds.length === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > 63)
    throw new TestWalletUsageError('The Polkadot test extension needs seeds and a one-byte SS58 prefix.', {
      fix: "Pass the devnet's `polkadotAccounts.map((a) => a.seed)`; leave `ss58Prefix` out for 42.",
    })
  const keys = parameters.seeds.map((seed) => {
    const secret = hexToBytes(seed)
    const publicKey = ed25519.getPublicKey(secret)
    return { secret, publicKey, address: ss58(publicKey, prefix) }
  })
  const user = createTestWalletUser<TestPolkadotExtensionPrompt>()
  const listeners = new Set<(accounts: InjectedPolkadotAccount[]) => void>()
  let order = keys
  let authorized = false
  let nextId = 1
  const accounts = (): InjectedPolkadotAccount[] =>
    authorized ? order.map((k, i) => ({ address: k.address, name: `Devnet ${i}`, type: 'ed25519' })) : []
  const keyOf = (address: string) => {
    const found = authorized ? keys.find((k) => k.address === address) : undefined
    if (!found) throw new TestProviderRpcError({ code: 4100, message: `Unable to find account ${address}` })
    return found
  }

  const injected: InjectedPolkadotExtension = {
    accounts: {
      async get() {
        user.log('accounts.get', undefined)
        return accounts()
      },
      subscribe(callback) {
        listeners.add(callback)
        callback(accounts())
        return () => listeners.delete(callback)
      },
    },
    signer: {
      async signRaw(raw) {
        const signer = keyOf(raw.address)
        user.prompt('signRaw', raw)
        const signature = ed25519.sign(wrapBytes(hexToBytes(raw.data)), signer.secret)
        return { id: nextId++, signature: `0x${bytesToHex(signature)}` }
      },
      async signPayload(payload) {
        const signer = keyOf(String(payload.address))
        user.prompt('signPayload', payload)
        const bytes = payloadBytes(payload)
        const signature = ed25519.sign(bytes.length > 256 ? blake2b(bytes, { dkLen: 32 }) : bytes, signer.secret)
        return { id: nextId++, signature: `0x00${bytesToHex(signature)}` }
      },
    },
  }
  const entry: InjectedWeb3Entry = {
    version: '0.1.0',
    async enable(appName) {
      if (typeof appName !== 'string' || !appName)
        throw new TestProviderRpcError({ code: -32602, message: 'enable(appName) needs the app name' })
      if (authorized) user.log('enable', { appName })
      else {
        user.prompt('enable', { appName })
        authorized = true
      }
      return injected
    },
  }
  const notify = () => {
    for (const listener of listeners) listener(accounts())
  }

  return {
    entry,
    inject(target) {
      const into = resolveEventTarget(target as Record<string, unknown> | undefined, 'inject') as Record<
        string,
        unknown
      >
      if (typeof into.injectedWeb3 !== 'object' || into.injectedWeb3 === null) into.injectedWeb3 = {}
      const registry = into.injectedWeb3 as Record<string, unknown>
      registry[key] = entry
      return () => {
        if (registry[key] === entry) Reflect.deleteProperty(registry, key)
      }
    },
    rejectNext: user.rejectNext,
    setRejectAll: user.setRejectAll,
    setAccount(index) {
      const selected = keys[index]
      if (!Number.isInteger(index) || !selected)
        throw new TestWalletUsageError(`Account index ${index} is out of range.`, {
          fix: `The extension has ${keys.length} account(s): use 0 to ${keys.length - 1}.`,
        })
      order = [selected, ...keys.filter((k) => k !== selected)]
      notify()
    },
    revoke() {
      authorized = false
      notify()
    },
    get requests() {
      return user.requests
    },
    get addresses() {
      return order.map((k) => k.address)
    },
  }
}

const utf8 = new TextEncoder()
const open = utf8.encode('<Bytes>')
const close = utf8.encode('</Bytes>')

/** polkadot.js `u8aWrapBytes`: `<Bytes>…</Bytes>` around the data, unless it is already wrapped. */
function wrapBytes(data: Uint8Array): Uint8Array {
  const hex = bytesToHex(data)
  if (hex.startsWith(bytesToHex(open)) && hex.endsWith(bytesToHex(close))) return data
  return new Uint8Array([...open, ...data, ...close])
}

function ss58(publicKey: Uint8Array, prefix: number): string {
  const body = new Uint8Array([prefix, ...publicKey])
  const checksum = blake2b(new Uint8Array([...utf8.encode('SS58PRE'), ...body]), { dkLen: 64 })
  return base58.encode(new Uint8Array([...body, checksum[0] ?? 0, checksum[1] ?? 0]))
}

/** SCALE compact integer. */
function compact(value: bigint): number[] {
  if (value < 1n << 6n) return [Number(value << 2n)]
  if (value < 1n << 14n) {
    const v = Number((value << 2n) | 1n)
    return [v & 0xff, v >> 8]
  }
  if (value < 1n << 30n) {
    const v = Number((value << 2n) | 2n)
    return [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >>> 24]
  }
  const bytes: number[] = []
  for (let rest = value; rest > 0n; rest >>= 8n) bytes.push(Number(rest & 0xffn))
  return [((bytes.length - 4) << 2) | 3, ...bytes]
}

const u32 = (value: unknown) => {
  const n = Number(BigInt(value as string | number))
  return [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]
}

/**
 * The bytes an extrinsic signature covers, from a `SignerPayloadJSON`: call ‖ era ‖ compact nonce ‖
 * compact tip ‖ [mode] ‖ spec version ‖ transaction version ‖ genesis hash ‖ block hash ‖
 * [metadata hash option] (bracketed parts when `signedExtensions` has `CheckMetadataHash`).
 */
function payloadBytes(payload: Record<string, unknown>): Uint8Array {
  const extensions = Array.isArray(payload.signedExtensions) ? payload.signedExtensions : []
  const withMetadataHash = extensions.includes('CheckMetadataHash')
  const big = (v: unknown) => BigInt((v as string | number | undefined) ?? 0)
  const hex = (v: unknown) => {
    try {
      return [...hexToBytes(String(v))]
    } catch {
      throw new TestProviderRpcError({ code: -32602, message: `Invalid hex in payload: ${String(v)}` })
    }
  }
  const out = [
    ...hex(payload.method),
    ...hex(payload.era ?? '0x00'),
    ...compact(big(payload.nonce)),
    ...compact(big(payload.tip)),
  ]
  if (withMetadataHash) out.push(Number(payload.mode ?? 0))
  out.push(...u32(payload.specVersion ?? 0), ...u32(payload.transactionVersion ?? 0))
  out.push(...hex(payload.genesisHash), ...hex(payload.blockHash))
  if (withMetadataHash) out.push(...(payload.metadataHash ? [1, ...hex(payload.metadataHash)] : [0]))
  return new Uint8Array(out)
}
