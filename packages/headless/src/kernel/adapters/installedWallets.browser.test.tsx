// The three installed-wallet kinds in real Chromium: injected into the page's own `window`
// (Keplr-style global, injectedWeb3, Wallet Standard events), discovered, connected and signing.
// @portico/devnet is Node-only: keys are made here and signatures checked with @noble directly.
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64, bech32 } from '@scure/base'
import { afterEach, expect, test } from 'vitest'
import { adr36SignDoc } from '../../features/walletconnect/signing.js'
import { createTestBitcoinWallet } from '../../testing/bitcoinWallet.js'
import { createTestKeplrWallet } from '../../testing/keplrWallet.js'
import { createTestPolkadotExtension } from '../../testing/polkadotExtension.js'
import { bytesToHex } from '../../testing/testWalletPrompts.js'
import { connect } from '../actions/connect.js'
import { getConnection } from '../actions/getConnection.js'
import { getConnectors } from '../actions/getConnectors.js'
import { initialize } from '../actions/initialize.js'
import { signMessage } from '../actions/signMessage.js'
import { createPortico } from '../createPortico.js'
import { bip122Adapter } from './bip122/bip122Adapter.js'
import { bip122Network } from './bip122/bip122Network.js'
import { cosmosAdapter } from './cosmos/cosmosAdapter.js'
import { cosmosNetwork } from './cosmos/cosmosNetwork.js'
import { polkadotAdapter } from './polkadot/polkadotAdapter.js'
import { polkadotNetwork } from './polkadot/polkadotNetwork.js'

const currency = { name: 'Coin', symbol: 'C', decimals: 6 }
const networks = [
  cosmosNetwork({ chainId: 'portico-devnet-1', name: 'Cosmos Devnet', nativeCurrency: currency }),
  polkadotNetwork({ genesisHash: 'e143f23803ac50e8f6f8e62695d1ce9e', name: 'Westend', nativeCurrency: currency }),
  bip122Network({ genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328', name: 'Regtest', nativeCurrency: currency }),
] as const
const secret = (label: string) => sha256(new TextEncoder().encode(`portico-browser-${label}`))
const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))
const text = (value: string) => new TextEncoder().encode(value)
const cosmosKey = secp256k1.getPublicKey(secret('cosmos'), true)
const cosmosAddress = bech32.encode('cosmos', bech32.toWords(hash160(cosmosKey)))
const dotKey = ed25519.getPublicKey(secret('polkadot'))
const btcKey = secp256k1.getPublicKey(secret('bip122'), true)
const btcAddress = bech32.encode('bcrt', [0, ...bech32.toWords(hash160(btcKey))])
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

test('Chromium: the Keplr, injectedWeb3 and Bitcoin test wallets are listed as installed, connect and sign', async () => {
  stops.push(createTestKeplrWallet({ privateKeys: [bytesToHex(secret('cosmos'))] }).inject())
  stops.push(createTestPolkadotExtension({ seeds: [bytesToHex(secret('polkadot'))] }).inject())
  stops.push(createTestBitcoinWallet({ privateKeys: [bytesToHex(secret('bip122'))] }).register())
  const data = new Map<string, string>()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [...networks],
    adapters: [cosmosAdapter(), polkadotAdapter(), bip122Adapter()],
    // In-memory storage (test/fixtures.ts is Node-only: it also starts HTTP servers).
    storage: {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, v),
      removeItem: (k) => void data.delete(k),
    },
  })
  stops.push(initialize(portico))
  const installed = (['cosmos', 'polkadot', 'bip122'] as const).map((namespace) =>
    getConnectors(portico, { namespace }).map((c) => [c.uid, c.isInstalled]),
  )
  expect(installed).toEqual([
    [['cosmos:keplr', true]],
    [['polkadot:devnet-wallet', true]],
    [['bip122:Devnet Wallet', true]],
  ])

  await connect(portico, { connectorId: 'keplr', namespace: 'cosmos' })
  expect(getConnection(portico, { namespace: 'cosmos' }).address).toBe(cosmosAddress)
  const cosmosSignature = base64.decode(await signMessage(portico, { namespace: 'cosmos', message: 'hi' }))
  // ADR-36: the amino JSON of the sign doc, keys sorted (this one has no characters to escape).
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, x]) => [k, sorted(x)]),
          )
        : v
  const aminoBytes = text(JSON.stringify(sorted(adr36SignDoc(cosmosAddress, 'hi'))))
  expect(secp256k1.verify(cosmosSignature, sha256(aminoBytes), cosmosKey, { prehash: false })).toBe(true)

  await connect(portico, { connectorId: 'devnet-wallet', namespace: 'polkadot' })
  const dotSignature = await signMessage(portico, { namespace: 'polkadot', message: 'hi' })
  const wrapped = text('<Bytes>hi</Bytes>')
  expect(
    ed25519.verify(
      Uint8Array.from(dotSignature.slice(2).match(/../g) ?? [], (b) => Number.parseInt(b, 16)),
      wrapped,
      dotKey,
    ),
  ).toBe(true)

  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'bip122' })
  expect(getConnection(portico, { namespace: 'bip122' }).address).toBe(btcAddress)
  const btcSignature = base64.decode(await signMessage(portico, { namespace: 'bip122', message: 'hi' }))
  // BIP-137: double sha256 of the prefixed message; header 39..42 = P2WPKH + recovery id.
  const digest = sha256(sha256(new Uint8Array([...text('\x18Bitcoin Signed Message:\n'), 2, ...text('hi')])))
  expect(btcSignature[0]).toBeGreaterThanOrEqual(39)
  const recovered = secp256k1.Signature.fromCompact(btcSignature.subarray(1))
    .addRecoveryBit((btcSignature[0] ?? 0) - 39)
    .recoverPublicKey(digest)
    .toRawBytes(true)
  expect(bytesToHex(recovered)).toBe(bytesToHex(btcKey))
})
