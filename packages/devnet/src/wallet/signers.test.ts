import { base58, base64, hex } from '@scure/base'
import {
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import { solanaAccounts } from '../accounts.js'
import { devnetKeys } from './keys.js'
import {
  answerDevnetRequest,
  bip122SignMessage,
  bitcoinMessageHash,
  cosmosSignAmino,
  cosmosSignDirect,
  DevnetWalletError,
  eip155PersonalSign,
  eip155SignTypedData,
  polkadotPayloadBytes,
  polkadotSignMessage,
  polkadotSignTransaction,
  solanaSignMessage,
  solanaSignTransaction,
} from './signers.js'
import {
  verifyBip122Message,
  verifyCosmosAmino,
  verifyCosmosDirect,
  verifyDevnetSignature,
  verifyEip155Message,
  verifyEip155TypedData,
  verifyPolkadotMessage,
  verifyPolkadotPayload,
  verifySolanaMessage,
  verifySolanaTransaction,
} from './verify.js'

const keys = devnetKeys(0)
const other = devnetKeys(1)
const rpc = { evmRpcUrls: {} }

export const typedData = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'from', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Portico', chainId: 31337 },
  message: { from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', contents: 'hello' },
}

/** A base64 v0 transfer from solanaAccounts[index] (unsigned). */
export function solanaTransferWire(index = 0): string {
  const from = createNoopSigner(address(solanaAccounts[index]!.address))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from.address, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 100n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source: from, destination: address(solanaAccounts[1]!.address), amount: 1n })],
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

describe('eip155 signer', () => {
  it('personal_sign: hex bytes and text', async () => {
    for (const message of ['0x68656c6c6f20706f727469636f', 'plain text']) {
      const signature = await eip155PersonalSign(keys, [message, keys.eip155.address])
      expect(await verifyEip155Message({ address: keys.eip155.address, message, signature })).toBe(true)
      expect(await verifyEip155Message({ address: keys.eip155.address, message: `${message}00`, signature })).toBe(
        false,
      )
      expect(await verifyEip155Message({ address: other.eip155.address, message, signature })).toBe(false)
    }
  })

  it('eth_signTypedData_v4 (JSON string)', async () => {
    const json = JSON.stringify(typedData)
    const signature = await eip155SignTypedData(keys, [keys.eip155.address, json])
    expect(await verifyEip155TypedData({ address: keys.eip155.address, typedData: json, signature })).toBe(true)
    const tampered = { ...typedData, message: { ...typedData.message, contents: 'hellO' } }
    expect(await verifyEip155TypedData({ address: keys.eip155.address, typedData: tampered, signature })).toBe(false)
  })

  it('refuses to sign for another address', async () => {
    await expect(eip155PersonalSign(keys, ['0x00', other.eip155.address])).rejects.toMatchObject({ code: 4100 })
  })

  it('eth_accounts and eth_chainId', async () => {
    expect(
      await answerDevnetRequest(keys, rpc, { chainId: 'eip155:31337', method: 'eth_accounts', params: [] }),
    ).toEqual([keys.eip155.address])
    expect(await answerDevnetRequest(keys, rpc, { chainId: 'eip155:31337', method: 'eth_chainId', params: [] })).toBe(
      '0x7a69',
    )
  })
})

describe('solana signer', () => {
  it('solana_signMessage', () => {
    const message = base58.encode(new TextEncoder().encode('hello portico'))
    const { signature } = solanaSignMessage(keys, { message, pubkey: keys.solana.address })
    expect(verifySolanaMessage({ address: keys.solana.address, message, signature })).toBe(true)
    const tampered = base58.encode(new TextEncoder().encode('hello portic0'))
    expect(verifySolanaMessage({ address: keys.solana.address, message: tampered, signature })).toBe(false)
    expect(verifySolanaMessage({ address: other.solana.address, message, signature })).toBe(false)
  })

  it('solana_signTransaction fills our signature slot', () => {
    const transaction = solanaTransferWire(0)
    const result = solanaSignTransaction(keys, { transaction })
    expect(verifySolanaTransaction({ address: keys.solana.address, ...result })).toBe(true)
    expect(verifySolanaTransaction({ address: keys.solana.address, transaction })).toBe(false) // unsigned
    const bytes = base64.decode(result.transaction)
    bytes[bytes.length - 1]! ^= 1 // tamper with the instruction data
    expect(verifySolanaTransaction({ address: keys.solana.address, transaction: base64.encode(bytes) })).toBe(false)
    expect(() => solanaSignTransaction(other, { transaction })).toThrow(DevnetWalletError)
  })
})

describe('polkadot signer', () => {
  it('polkadot_signMessage wraps in <Bytes>', () => {
    for (const message of ['hello portico', '0x68656c6c6f', '<Bytes>already</Bytes>']) {
      const { signature } = polkadotSignMessage(keys, { address: keys.polkadot.address, message })
      expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
      expect(verifyPolkadotMessage({ address: keys.polkadot.address, message, signature })).toBe(true)
      expect(verifyPolkadotMessage({ address: keys.polkadot.address, message: `${message}!`, signature })).toBe(false)
      expect(verifyPolkadotMessage({ address: other.polkadot.address, message, signature })).toBe(false)
    }
  })

  it('polkadot_signTransaction signs the SCALE payload (blake2b-256 when > 256 bytes)', () => {
    const payload = {
      address: keys.polkadot.address,
      method: '0x0500',
      era: '0x00',
      nonce: '0x00000001',
      tip: '0x00000000000000000000000000000000',
      specVersion: '0x00000001',
      transactionVersion: '0x00000001',
      genesisHash: `0x${'11'.repeat(32)}`,
      blockHash: `0x${'22'.repeat(32)}`,
      blockNumber: '0x00000000',
      signedExtensions: ['CheckSpecVersion', 'CheckTxVersion', 'CheckGenesis', 'CheckMortality', 'CheckNonce'],
      version: 4,
    }
    const bytes = polkadotPayloadBytes(payload)
    expect(hex.encode(bytes)).toBe(`0500000400010000000100000${'0'}${'11'.repeat(32)}${'22'.repeat(32)}`)
    const { id, signature } = polkadotSignTransaction(
      keys,
      { address: keys.polkadot.address, transactionPayload: payload },
      7,
    )
    expect(id).toBe(7)
    expect(signature).toMatch(/^0x00[0-9a-f]{128}$/)
    expect(verifyPolkadotPayload({ address: keys.polkadot.address, signedBytes: bytes, signature })).toBe(true)
    const long = { ...payload, method: `0x${'ab'.repeat(300)}` }
    const longSig = polkadotSignTransaction(keys, {
      address: keys.polkadot.address,
      transactionPayload: long,
    }).signature
    expect(
      verifyPolkadotPayload({
        address: keys.polkadot.address,
        signedBytes: polkadotPayloadBytes(long),
        signature: longSig,
      }),
    ).toBe(true)
    expect(verifyPolkadotPayload({ address: keys.polkadot.address, signedBytes: bytes, signature: longSig })).toBe(
      false,
    )
  })
})

describe('bip122 signer', () => {
  it('signMessage: BIP-137 P2WPKH compact signature', () => {
    const result = bip122SignMessage(keys, {
      account: keys.bip122.address,
      address: keys.bip122.address,
      message: 'hello portico',
    })
    expect(result.address).toBe(keys.bip122.address)
    expect(result.messageHash).toBe(hex.encode(bitcoinMessageHash('hello portico')))
    const sig = base64.decode(result.signature)
    expect(sig.length).toBe(65)
    expect(sig[0]).toBeGreaterThanOrEqual(39)
    expect(sig[0]).toBeLessThanOrEqual(40)
    expect(
      verifyBip122Message({ address: keys.bip122.address, message: 'hello portico', signature: result.signature }),
    ).toBe(true)
    expect(
      verifyBip122Message({ address: keys.bip122.address, message: 'hello Portico', signature: result.signature }),
    ).toBe(false)
    expect(
      verifyBip122Message({ address: other.bip122.address, message: 'hello portico', signature: result.signature }),
    ).toBe(false)
  })

  it('known vector: the BIP-137 hash of the empty message', () => {
    // `bitcoin-cli signmessage` hashes "\x18Bitcoin Signed Message:\n" + varint + message twice.
    expect(hex.encode(bitcoinMessageHash(''))).toBe('80e795d4a4caadd7047af389d9f7f220562feb6196032e2131e10563352c4bcc')
  })

  it('sendTransfer and signPsbt answer with an error, never a fake success', async () => {
    for (const method of ['sendTransfer', 'signPsbt']) {
      await expect(
        answerDevnetRequest(keys, rpc, { chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', method, params: {} }),
      ).rejects.toMatchObject({ code: 5101, message: expect.stringContaining('not available on the Portico devnet') })
    }
  })
})

describe('cosmos signer', () => {
  const signDoc = {
    chain_id: 'portico-devnet-1',
    account_number: '7',
    sequence: '0',
    fee: { gas: '200000', amount: [{ denom: 'uatom', amount: '500' }] },
    msgs: [
      {
        type: 'cosmos-sdk/MsgSend',
        value: {
          from_address: keys.cosmos.address,
          to_address: other.cosmos.address,
          amount: [{ denom: 'uatom', amount: '1' }],
        },
      },
    ],
    memo: '<script>&',
  }

  it('cosmos_signAmino', () => {
    const result = cosmosSignAmino(keys, { signerAddress: keys.cosmos.address, signDoc })
    expect(result.signed).toEqual(signDoc)
    expect(base64.decode(result.signature.signature).length).toBe(64)
    expect(verifyCosmosAmino({ address: keys.cosmos.address, signDoc, signature: result.signature })).toBe(true)
    expect(
      verifyCosmosAmino({
        address: keys.cosmos.address,
        signDoc: { ...signDoc, memo: 'x' },
        signature: result.signature,
      }),
    ).toBe(false)
    expect(verifyCosmosAmino({ address: other.cosmos.address, signDoc, signature: result.signature })).toBe(false)
  })

  it('cosmos_signDirect', async () => {
    const direct = {
      chainId: 'portico-devnet-1',
      accountNumber: '300',
      authInfoBytes: base64.encode(new Uint8Array([1, 2, 3])),
      bodyBytes: base64.encode(new Uint8Array(200).fill(9)),
    }
    const result = cosmosSignDirect(keys, { signerAddress: keys.cosmos.address, signDoc: direct })
    expect(verifyCosmosDirect({ address: keys.cosmos.address, signDoc: direct, signature: result.signature })).toBe(
      true,
    )
    expect(
      await verifyDevnetSignature({
        namespace: 'cosmos',
        mode: 'direct',
        address: keys.cosmos.address,
        signDoc: { ...direct, accountNumber: '301' },
        signature: result.signature,
      }),
    ).toBe(false)
    expect(() => cosmosSignDirect(keys, { signerAddress: other.cosmos.address, signDoc: direct })).toThrow(
      DevnetWalletError,
    )
  })
})

it('unknown methods are JSON-RPC errors', async () => {
  await expect(
    answerDevnetRequest(keys, rpc, { chainId: 'eip155:31337', method: 'eth_sign', params: [] }),
  ).rejects.toMatchObject({ code: 5101 })
})
