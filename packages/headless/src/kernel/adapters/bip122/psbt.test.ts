import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { bip122CaipNetworkId, devnetKeys } from '@portico/devnet'
import { base64 } from '@scure/base'
import { OutScript, p2tr, p2wpkh, SigHash, TEST_NETWORK, Transaction } from '@scure/btc-signer'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../../test/window.js'
import { createTestBitcoinWallet } from '../../../testing/bitcoinWallet.js'
import { bytesToHex } from '../../../testing/testWalletPrompts.js'
import { connect } from '../../actions/connect.js'
import { initialize } from '../../actions/initialize.js'
import { request } from '../../actions/request.js'
import { createPortico } from '../../createPortico.js'
import { bip122Adapter } from './bip122Adapter.js'
import { bip122Network } from './bip122Network.js'

// PSBTs built with @scure/btc-signer, signed by the test wallet with its real keys through the
// connector contract (`request(portico, { method: 'signPsbt' })`), then finalized, and every
// signature checked with @noble/curves against the input's BIP-143 / BIP-341 sighash.

const network = bip122Network({
  genesisHash: bip122CaipNetworkId.slice('bip122:'.length),
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  testnet: true,
})
const regtest = { ...TEST_NETWORK, bech32: 'bcrt' }
const keys = [0, 1].map((i) => devnetKeys(i).bip122)
const privateKeys = keys.map((k) => bytesToHex(k.privateKey))
const stops: (() => void)[] = []
const fundingTxid = 'aa'.repeat(32)

beforeAll(() => installTestWindow())
afterAll(() => removeTestWindow())
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** Account 0's payment (P2WPKH) and ordinals (P2TR key-path) outputs. */
function account0Scripts() {
  const secret = keys[0]?.privateKey as Uint8Array
  const payment = p2wpkh(secp256k1.getPublicKey(secret, true), regtest)
  const ordinals = p2tr(schnorr.getPublicKey(secret), undefined, regtest)
  return { payment, ordinals }
}

/** Spends one output of each of account 0's addresses to account 1. */
function buildPsbt() {
  const { payment, ordinals } = account0Scripts()
  const tx = new Transaction()
  tx.addInput({ txid: fundingTxid, index: 0, witnessUtxo: { script: payment.script, amount: 50_000n } })
  tx.addInput({
    txid: fundingTxid,
    index: 1,
    witnessUtxo: { script: ordinals.script, amount: 20_000n },
    tapInternalKey: ordinals.tapInternalKey,
  })
  tx.addOutputAddress(keys[1]?.address as string, 69_000n, regtest)
  return { psbt: base64.encode(tx.toPSBT()), payment, ordinals }
}

/** Finalizes the signed PSBT and checks both signatures independently of the wallet. */
function verifySigned(signedBase64: string) {
  const { payment, ordinals } = account0Scripts()
  const tx = Transaction.fromPSBT(base64.decode(signedBase64))
  tx.finalize()
  const raw = Transaction.fromRaw(tx.extract(), { allowUnknownOutputs: true })
  // Input 0, P2WPKH: witness [DER signature ‖ sighash type, compressed public key].
  const [derWithType, publicKey] = raw.getInput(0).finalScriptWitness ?? []
  expect(bytesToHex(publicKey as Uint8Array)).toBe(
    bytesToHex(secp256k1.getPublicKey(keys[0]?.privateKey as Uint8Array, true)),
  )
  const der = (derWithType as Uint8Array).subarray(0, -1)
  const scriptCode = OutScript.encode({ type: 'pkh', hash: payment.hash })
  const sighash0 = raw.preimageWitnessV0(0, scriptCode, SigHash.ALL, 50_000n)
  expect(secp256k1.verify(der, sighash0, publicKey as Uint8Array, { prehash: false, format: 'der' })).toBe(true)
  // Input 1, P2TR key path: witness [64-byte Schnorr signature] by the tweaked output key.
  const [schnorrSig] = raw.getInput(1).finalScriptWitness ?? []
  expect(schnorrSig).toHaveLength(64)
  const sighash1 = raw.preimageWitnessV1(1, [payment.script, ordinals.script], SigHash.DEFAULT, [50_000n, 20_000n])
  expect(schnorr.verify(schnorrSig as Uint8Array, sighash1, ordinals.tweakedPubkey)).toBe(true)
  // And a signature over another transaction does not verify: the check can fail.
  expect(schnorr.verify(schnorrSig as Uint8Array, sighash0, ordinals.tweakedPubkey)).toBe(false)
  return raw
}

async function connected(
  kind: 'standard' | 'sats',
  options: { utxos?: { txid: string; vout: number; amount: bigint }[] } = {},
) {
  const wallet = createTestBitcoinWallet({ privateKeys, ...options })
  stops.push(kind === 'standard' ? wallet.register() : wallet.injectSatsConnect())
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [network],
    adapters: [bip122Adapter()],
    storage: memoryStorage(),
  })
  stops.push(initialize(portico))
  await connect(portico, {
    connectorId: kind === 'standard' ? 'Devnet Wallet' : 'DevnetWallet.BitcoinProvider',
    namespace: 'bip122',
  })
  return { portico, wallet }
}

describe.each(['standard', 'sats'] as const)('%s wallet: signPsbt', (kind) => {
  test('signs the payment and ordinals inputs for real; the PSBT finalizes and the signatures verify', async () => {
    const { portico, wallet } = await connected(kind)
    const { payment, ordinals } = wallet.addresses
    const { psbt } = buildPsbt()
    const result = (await request(portico, {
      method: 'signPsbt',
      params: {
        psbt,
        signInputs: [
          { address: payment, index: 0 },
          { address: ordinals, index: 1 },
        ],
      },
    })) as { psbt: string }
    const raw = verifySigned(result.psbt)
    expect(raw.outputsLength).toBe(1)
    expect(raw.getOutput(0).amount).toBe(69_000n)
  })

  test('typed errors: not base64, not a PSBT, and the wallet is never asked', async () => {
    const { portico, wallet } = await connected(kind)
    const asked = wallet.requests.length
    await expect(request(portico, { method: 'signPsbt', params: { psbt: 'not base64!' } })).rejects.toMatchObject({
      name: 'InvalidPsbtError',
      shortMessage: 'Invalid PSBT',
      details: 'it is not base64.',
    })
    await expect(
      request(portico, { method: 'signPsbt', params: { psbt: base64.encode(new Uint8Array(64).fill(7)) } }),
    ).rejects.toMatchObject({ name: 'InvalidPsbtError', details: 'it does not start with the BIP-174 magic bytes.' })
    await expect(request(portico, { method: 'signPsbt', params: { psbt: 42 } })).rejects.toMatchObject({
      name: 'InvalidPsbtError',
    })
    expect(wallet.requests.length).toBe(asked)
  })

  test('the wallet refuses an input that does not exist or that it does not own', async () => {
    const { portico, wallet } = await connected(kind)
    const { psbt } = buildPsbt()
    await expect(
      request(portico, {
        method: 'signPsbt',
        params: { psbt, signInputs: [{ address: wallet.addresses.payment, index: 5 }] },
      }),
    ).rejects.toMatchObject({ name: 'WalletRequestError', cause: { code: -32602 } })
    // Input 1 is a taproot output: the payment key cannot sign it.
    wallet.setAccount(1)
    await expect(
      request(portico, {
        method: 'signPsbt',
        params: { psbt, signInputs: [{ address: wallet.addresses.payment, index: 0 }] },
      }),
    ).rejects.toMatchObject({ name: 'WalletRequestError', cause: { code: -32602 } })
  })
})

test('a wallet that answers something other than a PSBT gets the typed error', async () => {
  const { portico, wallet } = await connected('standard')
  const feature = wallet.wallet.features['bitcoin:signTransaction']
  const original = feature.signTransaction
  feature.signTransaction = async () => [{ signedPsbt: new Uint8Array([1, 2, 3]) }]
  await expect(request(portico, { method: 'signPsbt', params: { psbt: buildPsbt().psbt } })).rejects.toMatchObject({
    name: 'InvalidPsbtError',
    shortMessage: 'The wallet returned an invalid PSBT',
  })
  feature.signTransaction = original
})

test('sats-connect sendTransfer: the wallet builds, signs and finalizes a real transaction', async () => {
  const { payment } = account0Scripts()
  const { portico, wallet } = await connected('sats', { utxos: [{ txid: fundingTxid, vout: 0, amount: 100_000n }] })
  const recipient = keys[1]?.address as string
  const { txid } = (await request(portico, {
    method: 'sendTransfer',
    params: { account: wallet.addresses.payment, recipientAddress: recipient, amount: '1500' },
  })) as { txid: string }
  expect(wallet.sentTransactions).toHaveLength(1)
  const raw = Transaction.fromRaw(Uint8Array.from(Buffer.from(wallet.sentTransactions[0] as string, 'hex')))
  expect(raw.id).toBe(txid)
  expect(raw.getInput(0)).toMatchObject({ txid: Uint8Array.from(Buffer.from(fundingTxid, 'hex')), index: 0 })
  const [to, change] = [raw.getOutput(0), raw.getOutput(1)]
  expect(bytesToHex(to.script as Uint8Array)).toBe(
    bytesToHex(
      OutScript.encode({
        type: 'wpkh',
        hash: p2wpkh(secp256k1.getPublicKey(keys[1]?.privateKey as Uint8Array, true), regtest).hash,
      }),
    ),
  )
  expect(to.amount).toBe(1500n)
  expect(bytesToHex(change.script as Uint8Array)).toBe(bytesToHex(payment.script))
  // The fee is what is left: positive and small.
  const fee = 100_000n - 1500n - (change.amount as bigint)
  expect(fee > 0n && fee < 1_000n).toBe(true)
  const [der, publicKey] = raw.getInput(0).finalScriptWitness ?? []
  const sighash = raw.preimageWitnessV0(0, OutScript.encode({ type: 'pkh', hash: payment.hash }), SigHash.ALL, 100_000n)
  expect(
    secp256k1.verify((der as Uint8Array).subarray(0, -1), sighash, publicKey as Uint8Array, {
      prehash: false,
      format: 'der',
    }),
  ).toBe(true)
  // More than the wallet holds: refused.
  await expect(
    request(portico, {
      method: 'sendTransfer',
      params: { account: wallet.addresses.payment, recipientAddress: recipient, amount: '1000000' },
    }),
  ).rejects.toMatchObject({ message: expect.stringContaining('Insufficient funds') })
})
