import { secp256k1 } from '@noble/curves/secp256k1.js'
import { p2wpkh, TEST_NETWORK, Transaction } from '@scure/btc-signer'
import { bip122Network } from '../kernel/adapters/bip122/bip122Network.js'
import { hexToBytes } from '../testing/testWalletPrompts.js'

// What the Bitcoin connectors' tests share: the test wallet's keys, a regtest network, and a PSBT
// for the wallet to sign.

/** The two keys the Bitcoin test wallet is made with (`createTestBitcoinWallet({ privateKeys })`). */
export const bitcoinTestKeys = ['01'.repeat(32), '02'.repeat(32)]

/** Bitcoin regtest as a Portico network. */
export const regtestNetwork = bip122Network({
  genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  testnet: true,
})

/** Regtest's address parameters for @scure/btc-signer (`bcrt1…`). */
export const regtestParams = { ...TEST_NETWORK, bech32: 'bcrt' }

/** An unsigned PSBT spending one P2WPKH output of the first key's payment address to `to`. */
export function unsignedPsbt(to: string): Uint8Array {
  const publicKey = secp256k1.getPublicKey(hexToBytes(bitcoinTestKeys[0] as string), true)
  const tx = new Transaction()
  tx.addInput({
    txid: 'aa'.repeat(32),
    index: 0,
    witnessUtxo: { script: p2wpkh(publicKey, regtestParams).script, amount: 10_000n },
  })
  tx.addOutputAddress(to, 9_000n, regtestParams)
  return tx.toPSBT()
}
