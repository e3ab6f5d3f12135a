// The three installed-wallet kinds in real Chromium: injected into the page's own `window`
// (Keplr-style global, injectedWeb3, Wallet Standard events), discovered, connected and signing.
import { bip122CaipNetworkId, cosmosCaipNetworkId, devnetKeys, polkadotCaipNetworkId, verifyBip122Message, verifyCosmosAmino, verifyPolkadotMessage } from '@portico/devnet'
import { base64 } from '@scure/base'
import { afterEach, expect, test } from 'vitest'
import { memoryStorage } from '../../test/fixtures.js'
import { createTestBitcoinWallet } from '../../testing/bitcoinWallet.js'
import { createTestKeplrWallet } from '../../testing/keplrWallet.js'
import { createTestPolkadotExtension } from '../../testing/polkadotExtension.js'
import { bytesToHex } from '../../testing/testWalletPrompts.js'
import { connect } from '../actions/connect.js'
import { getConnection } from '../actions/getConnection.js'
import { getConnectors } from '../actions/getConnectors.js'
import { initialize } from '../actions/initialize.js'
import { signMessage } from '../actions/signMessage.js'
import { createPortico } from '../config/createPortico.js'
import { bip122Network, cosmosNetwork, polkadotNetwork } from '../networks.js'
import { adr36SignDoc } from '../walletconnect/signing.js'
import { bip122Adapter } from './bip122/bip122Adapter.js'
import { cosmosAdapter } from './cosmos/cosmosAdapter.js'
import { polkadotAdapter } from './polkadot/polkadotAdapter.js'

const currency = { name: 'Coin', symbol: 'C', decimals: 6 }
const networks = [
  cosmosNetwork({ chainId: cosmosCaipNetworkId.slice('cosmos:'.length), name: 'Cosmos Devnet', nativeCurrency: currency }),
  polkadotNetwork({ genesisHash: polkadotCaipNetworkId.slice('polkadot:'.length), name: 'Westend', nativeCurrency: currency }),
  bip122Network({ genesisHash: bip122CaipNetworkId.slice('bip122:'.length), name: 'Regtest', nativeCurrency: currency }),
] as const
const keys = devnetKeys(0)
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

test('Chromium: the Keplr, injectedWeb3 and Bitcoin test wallets are listed as installed, connect and sign', async () => {
  stops.push(createTestKeplrWallet({ privateKeys: [bytesToHex(keys.cosmos.privateKey)] }).inject())
  stops.push(createTestPolkadotExtension({ seeds: [bytesToHex(keys.polkadot.secretKey)] }).inject())
  stops.push(createTestBitcoinWallet({ privateKeys: [bytesToHex(keys.bip122.privateKey)] }).register())
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [...networks],
    adapters: [cosmosAdapter(), polkadotAdapter(), bip122Adapter()],
    storage: memoryStorage(),
  })
  stops.push(initialize(portico))
  const installed = (['cosmos', 'polkadot', 'bip122'] as const).map((namespace) =>
    getConnectors(portico, { namespace }).map((c) => [c.uid, c.isInstalled]),
  )
  expect(installed).toEqual([[['cosmos:keplr', true]], [['polkadot:devnet-wallet', true]], [['bip122:Devnet Wallet', true]]])

  await connect(portico, { connectorId: 'keplr', namespace: 'cosmos' })
  const cosmosSignature = await signMessage(portico, { namespace: 'cosmos', message: 'hi' })
  const pub_key = { type: 'tendermint/PubKeySecp256k1', value: base64.encode(keys.cosmos.publicKey) }
  expect(
    verifyCosmosAmino({ address: keys.cosmos.address, signDoc: adr36SignDoc(keys.cosmos.address, 'hi'), signature: { pub_key, signature: cosmosSignature } }),
  ).toBe(true)

  await connect(portico, { connectorId: 'devnet-wallet', namespace: 'polkadot' })
  const dotSignature = await signMessage(portico, { namespace: 'polkadot', message: 'hi' })
  expect(verifyPolkadotMessage({ address: keys.polkadot.address, message: 'hi', signature: dotSignature })).toBe(true)

  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'bip122' })
  expect(getConnection(portico, { namespace: 'bip122' }).address).toBe(keys.bip122.address)
  const btcSignature = await signMessage(portico, { namespace: 'bip122', message: 'hi' })
  expect(verifyBip122Message({ address: keys.bip122.address, message: 'hi', signature: btcSignature })).toBe(true)
})
