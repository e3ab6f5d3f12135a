// The Solana JSON-RPC methods of the devnet as a validator answers them, over a real server on
// 127.0.0.1 and called with @solana/kit: malformed parameters and their codes (-32602, -32016),
// commitment and config handling, getTokenAccountsByOwner, getSignatureStatuses, getFeeForMessage,
// simulateTransaction options, and replays or concurrent sends over HTTP. Happy paths of every
// method, framing and getTransaction shapes are server.test.ts; the chain model is ledger.test.ts.
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransactionMessage,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  getSignatureFromTransaction,
  type Instruction,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  pipe,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_MIN_CONTEXT_SLOT_NOT_REACHED,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { solanaAccounts } from '../accounts.js'
import { createDevnetRpc, type Rpc, rawRpc, signTransaction, waitForFinalized } from '../test-utils.js'
import { solanaTokens } from '../tokens.js'
import { type SolanaRpcServer, startSolanaRpc } from './server.js'

const SOL = 1_000_000_000n
const UNKNOWN_BLOCKHASH = '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' as Blockhash
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address
const mint = address(solanaTokens[0].mint)
const holder = address(solanaAccounts[0].address)
const base58 = getBase58Decoder()
/** Well-formed base58 that decodes to 31 and 33 bytes: not a 32-byte address. */
const SHORT_ADDRESS = base58.decode(new Uint8Array(31).fill(7))
const LONG_ADDRESS = base58.decode(new Uint8Array(33).fill(7))
const SIGNATURE_OF_NOTHING = base58.decode(new Uint8Array(64).fill(9))

let server: SolanaRpcServer
let rpc: Rpc

beforeAll(async () => {
  server = await startSolanaRpc()
  rpc = createDevnetRpc(server.rpcUrl)
})
afterAll(() => server?.stop())

type Reply = { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }

async function call(method: string, params: unknown[] = []): Promise<Reply> {
  return (await rawRpc(server.rpcUrl, { jsonrpc: '2.0', id: 7, method, params })).json as Reply
}

async function errorOf(method: string, params: unknown[]) {
  const reply = await call(method, params)
  expect(reply.result, `${method} ${JSON.stringify(params)} should fail`).toBeUndefined()
  expect(reply.id).toBe(7)
  return reply.error
}

async function funded(amount = 10n * SOL): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  await waitForFinalized(rpc, await rpc.requestAirdrop(signer.address, lamports(amount)).send())
  return signer
}

const transfer = (from: KeyPairSigner, to: Address, amount: bigint) =>
  getTransferSolInstruction({ source: from, destination: to, amount })

async function signedWith(blockhash: Blockhash, payer: KeyPairSigner, instructions: readonly Instruction[]) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return { wire: getBase64EncodedWireTransaction(signed), signature: getSignatureFromTransaction(signed) }
}

function messageBase64(payer: Address, blockhash: Blockhash, instructions: readonly Instruction[]) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64Decoder().decode(getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message)))
}

describe('malformed parameters', () => {
  test('error: an address that is not 32 bytes of base58 (bad alphabet, 31 or 33 bytes, a number, null, missing) is -32602 in every method taking one', async () => {
    const badAddresses: unknown[] = ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', SHORT_ADDRESS, LONG_ADDRESS, 12345, null, '']
    const calls: [string, (bad: unknown) => unknown[]][] = [
      ['getBalance', (bad) => [bad]],
      ['getAccountInfo', (bad) => [bad, { encoding: 'base64' }]],
      ['getTokenAccountsByOwner', (bad) => [bad, { mint }]],
      ['getTokenAccountsByOwner', (bad) => [holder, { mint: bad }]],
      ['getTokenAccountBalance', (bad) => [bad]],
      ['getMultipleAccounts', (bad) => [[holder, bad]]],
      ['getSignaturesForAddress', (bad) => [bad]],
      ['requestAirdrop', (bad) => [bad, 1_000]],
    ]
    for (const [method, params] of calls) {
      for (const bad of badAddresses) {
        expect(await errorOf(method, params(bad)), `${method}(${String(bad)})`).toMatchObject({ code: -32602 })
      }
    }
    expect(await errorOf('getBalance', [])).toMatchObject({ code: -32602, message: 'Invalid param: Invalid' })
  })

  test('error: a config that is not an object (a bare commitment string, an array, a number) is -32602; null means defaults', async () => {
    for (const config of ['finalized', ['finalized'], 5]) {
      expect(await errorOf('getBalance', [holder, config])).toMatchObject({ code: -32602 })
      expect(await errorOf('getLatestBlockhash', [config])).toMatchObject({ code: -32602 })
    }
    expect((await call('getBalance', [holder, null])).result).toMatchObject({ value: 1_000_000_000_000 })
  })

  test('error: numbers that are negative, fractional, strings or beyond 2^53 are -32602 (airdrop amounts, minContextSlot, limits)', async () => {
    const recipient = (await generateKeyPairSigner()).address
    for (const amount of [-1, 1.5, '1000', 1e20, null]) {
      expect(await errorOf('requestAirdrop', [recipient, amount]), `amount ${amount}`).toMatchObject({ code: -32602 })
    }
    // 2^64 as written on the wire, beyond u64.
    const { json } = await rawRpc(
      server.rpcUrl,
      `{"jsonrpc":"2.0","id":7,"method":"requestAirdrop","params":["${recipient}",18446744073709551616]}`,
    )
    expect(json).toMatchObject({ id: 7, error: { code: -32602 } })
    expect((await rpc.getBalance(recipient).send()).value).toBe(0n)

    expect(await errorOf('getBalance', [holder, { minContextSlot: -1 }])).toMatchObject({ code: -32602 })
    expect(await errorOf('getSignaturesForAddress', [holder, { limit: 2.5 }])).toMatchObject({ code: -32602 })
    const viaKit = await rpc
      .getBalance(SHORT_ADDRESS as Address)
      .send()
      .catch((e: unknown) => e)
    expect(isSolanaError(viaKit, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)).toBe(true)
  })

  test('error: an unknown account encoding is -32602 naming the variants', async () => {
    const error = await errorOf('getAccountInfo', [holder, { encoding: 'hex' }])
    expect(error).toMatchObject({ code: -32602 })
    expect(error?.message).toContain('unknown variant `hex`')
  })

  test('error: a blockhash that is not a string is -32602 in isBlockhashValid', async () => {
    expect(await errorOf('isBlockhashValid', [42])).toMatchObject({ code: -32602 })
  })

  // A validator parses the blockhash (`Hash::from_str`) and answers -32602 for one that is not 32
  // bytes of base58, not a plausible "expired".
  test('error: isBlockhashValid with a string that is not a base58 hash is -32602, as on a validator', async () => {
    expect(await errorOf('isBlockhashValid', ['not a hash!'])).toMatchObject({ code: -32602 })
  })
})

describe('commitment and context', () => {
  test('behavior: processed, confirmed and finalized all answer with the same state, inside { context: { slot, apiVersion }, value }', async () => {
    const slot = await rpc.getSlot().send()
    for (const commitment of ['processed', 'confirmed', 'finalized'] as const) {
      const balance = await rpc.getBalance(holder, { commitment }).send()
      expect(balance.value).toBe(1_000n * SOL)
      expect(balance.context.slot).toBe(slot)
      const latest = await rpc.getLatestBlockhash({ commitment }).send()
      expect(latest.value.lastValidBlockHeight).toBe((await rpc.getBlockHeight({ commitment }).send()) + 150n)
    }
    expect((await call('getBalance', [holder, { commitment: 'confirmed' }])).result).toMatchObject({
      context: { apiVersion: expect.any(String), slot: expect.any(Number) },
    })
  })

  test('error: a minContextSlot above the current slot is -32016 with data.contextSlot, which kit reports as MIN_CONTEXT_SLOT_NOT_REACHED; the current slot is fine', async () => {
    const slot = await rpc.getSlot().send()
    expect((await rpc.getBalance(holder, { minContextSlot: slot }).send()).value).toBe(1_000n * SOL)
    const error = await errorOf('getBalance', [holder, { minContextSlot: Number(slot) + 1 }])
    expect(error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: Number(slot) },
    })
    const viaKit = await rpc
      .getLatestBlockhash({ minContextSlot: slot + 5n })
      .send()
      .catch((e: unknown) => e)
    expect(isSolanaError(viaKit, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_MIN_CONTEXT_SLOT_NOT_REACHED)).toBe(true)
  })

  // A validator knows processed, confirmed and finalized and answers -32602 ("unknown variant")
  // for anything else, so a typo such as "finalised" fails here as it would on a cluster.
  test('error: an unknown commitment level is -32602, as on a validator', async () => {
    expect(await errorOf('getBalance', [holder, { commitment: 'finalised' }])).toMatchObject({ code: -32602 })
  })
})

describe('getTokenAccountsByOwner', () => {
  test('behavior: an owner without token accounts gets an empty list for a mint and for the program', async () => {
    const stranger = (await generateKeyPairSigner()).address
    expect((await rpc.getTokenAccountsByOwner(stranger, { mint }, { encoding: 'base64' }).send()).value).toEqual([])
    expect(
      (await rpc.getTokenAccountsByOwner(stranger, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' }).send())
        .value,
    ).toEqual([])
  })

  test('behavior: dataSlice cuts each account; a 32-byte slice at the owner offset is small enough for base58', async () => {
    const [ata] = await findAssociatedTokenPda({ owner: holder, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const reply = await call('getTokenAccountsByOwner', [
      holder,
      { mint },
      { encoding: 'base58', dataSlice: { offset: 32, length: 32 } },
    ])
    expect(reply.result).toMatchObject({
      value: [{ pubkey: ata, account: { data: [holder, 'base58'], owner: TOKEN_PROGRAM_ADDRESS, space: 165 } }],
    })
  })

  test('error: a mint that is not a token mint, a non-token program, a missing filter or a non-object filter is -32602', async () => {
    expect(await errorOf('getTokenAccountsByOwner', [holder, { mint: holder }])).toEqual({
      code: -32602,
      message: 'Invalid param: could not find mint',
    })
    const unknownMint = (await generateKeyPairSigner()).address
    expect(await errorOf('getTokenAccountsByOwner', [holder, { mint: unknownMint }])).toMatchObject({ code: -32602 })
    expect(
      await errorOf('getTokenAccountsByOwner', [holder, { programId: '11111111111111111111111111111111' }]),
    ).toMatchObject({ code: -32602, message: 'Invalid param: unrecognized Token program id' })
    expect(await errorOf('getTokenAccountsByOwner', [holder])).toMatchObject({ code: -32602 })
    expect(await errorOf('getTokenAccountsByOwner', [holder, {}])).toMatchObject({ code: -32602 })
    expect(await errorOf('getTokenAccountsByOwner', [holder, { mint }, { encoding: 'hex' }])).toMatchObject({
      code: -32602,
    })
  })

  // Agave's encode_account answers -32600 (invalid request) when base58 data would exceed 128 bytes.
  test('error: base58 for a 165-byte token account is -32600 with the validator message', async () => {
    expect(await errorOf('getTokenAccountsByOwner', [holder, { mint }, { encoding: 'base58' }])).toEqual({
      code: -32600,
      message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    })
  })
})

describe('getSignatureStatuses', () => {
  test('behavior: statuses come back in request order, null for unknown signatures, an empty list for none', async () => {
    const sender = await funded()
    const { wire, signature } = await signTransaction(rpc, sender, [transfer(sender, holder, 1n)])
    await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
    const { value } = await rpc
      .getSignatureStatuses([SIGNATURE_OF_NOTHING as never, signature, SIGNATURE_OF_NOTHING as never], {
        searchTransactionHistory: true,
      })
      .send()
    expect(value[0]).toBeNull()
    expect(value[2]).toBeNull()
    expect(value[1]).toMatchObject({
      confirmationStatus: 'finalized',
      confirmations: null,
      err: null,
      status: { Ok: null },
    })
    expect((await rpc.getSignatureStatuses([]).send()).value).toEqual([])
  })

  test('error: more than 256 signatures, a malformed one, or a non-array is -32602', async () => {
    expect(await errorOf('getSignatureStatuses', [Array(257).fill(SIGNATURE_OF_NOTHING)])).toEqual({
      code: -32602,
      message: 'Too many inputs provided; max 256',
    })
    expect((await call('getSignatureStatuses', [Array(256).fill(SIGNATURE_OF_NOTHING)])).result).toMatchObject({
      value: expect.arrayContaining([null]),
    })
    for (const bad of ['abc', base58.decode(new Uint8Array(63).fill(9)), 7]) {
      expect(await errorOf('getSignatureStatuses', [[bad]])).toMatchObject({ code: -32602 })
    }
    expect(await errorOf('getSignatureStatuses', [SIGNATURE_OF_NOTHING])).toMatchObject({ code: -32602 })
  })
})

describe('getFeeForMessage', () => {
  test('behavior: the fee includes the priority fee; a message with an unknown blockhash is priced null', async () => {
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const price = new Uint8Array(9)
    price[0] = 3
    new DataView(price.buffer).setBigUint64(1, 2_000_000n, true)
    const limit = new Uint8Array(5)
    limit[0] = 2
    new DataView(limit.buffer).setUint32(1, 50_000, true)
    const payer = await generateKeyPairSigner()
    const instructions = [
      { programAddress: COMPUTE_BUDGET_PROGRAM, data: limit },
      { programAddress: COMPUTE_BUDGET_PROGRAM, data: price },
      transfer(payer, holder, 1n),
    ]
    // 50,000 CU × 2 lamports + one signature.
    const priced = await rpc
      .getFeeForMessage(messageBase64(payer.address, latest.blockhash, instructions) as never)
      .send()
    expect(priced.value).toBe(105_000n)
    const stale = await rpc
      .getFeeForMessage(messageBase64(payer.address, UNKNOWN_BLOCKHASH, instructions) as never)
      .send()
    expect(stale.value).toBeNull()
  })

  test('error: a message that is not base64, not a message, or not a string is -32602', async () => {
    expect(await errorOf('getFeeForMessage', ['***not base64***'])).toMatchObject({ code: -32602 })
    expect(await errorOf('getFeeForMessage', [Buffer.from('hello').toString('base64')])).toMatchObject({
      code: -32602,
    })
    expect(await errorOf('getFeeForMessage', [''])).toMatchObject({ code: -32602 })
    expect(await errorOf('getFeeForMessage', [{ message: 'x' }])).toMatchObject({ code: -32602 })
  })
})

describe('sendTransaction and simulateTransaction parameters', () => {
  test('error: wire text in the wrong alphabet, an unknown encoding, a non-string, nothing, or bytes that are no transaction is -32602', async () => {
    const sender = await funded()
    const { wire } = await signTransaction(rpc, sender, [transfer(sender, holder, 1n)])
    const before = (await rpc.getBalance(sender.address).send()).value
    expect(await errorOf('sendTransaction', ['0OIl'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/base58/),
    })
    expect(await errorOf('sendTransaction', ['%%%', { encoding: 'base64' }])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/base64/),
    })
    expect(await errorOf('sendTransaction', [wire, { encoding: 'hex' }])).toMatchObject({ code: -32602 })
    expect(await errorOf('sendTransaction', [42])).toMatchObject({ code: -32602 })
    expect(await errorOf('sendTransaction', [])).toMatchObject({ code: -32602 })
    // The right bytes read with the wrong encoding are not a transaction either.
    expect(await errorOf('sendTransaction', [wire, { encoding: 'base58' }])).toMatchObject({ code: -32602 })
    expect(await errorOf('sendTransaction', [wire.slice(0, 40), { encoding: 'base64' }])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^failed to deserialize/),
    })
    expect((await rpc.getBalance(sender.address).send()).value).toBe(before)
  })

  test('edge: a transaction over 1,232 bytes is refused as too large in either encoding, one at the limit is not', async () => {
    const tooLarge = new Uint8Array(1233).fill(1)
    for (const [text, encoding] of [
      [Buffer.from(tooLarge).toString('base64'), 'base64'],
      [base58.decode(tooLarge), 'base58'],
    ] as const) {
      const error = await errorOf('sendTransaction', [text, { encoding }])
      expect(error).toMatchObject({
        code: -32602,
        message: expect.stringContaining('too large: 1233 bytes (max: 1232 bytes)'),
      })
    }
    const atLimit = await errorOf('sendTransaction', [
      Buffer.from(new Uint8Array(1232).fill(1)).toString('base64'),
      { encoding: 'base64' },
    ])
    expect(atLimit?.message).not.toMatch(/too large/)
  })

  test('error: simulateTransaction refuses sigVerify with replaceRecentBlockhash, and accounts.addresses that is not a list of addresses', async () => {
    const sender = await funded()
    const { wire } = await signTransaction(rpc, sender, [transfer(sender, holder, 1n)])
    expect(
      await errorOf('simulateTransaction', [
        wire,
        { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true },
      ]),
    ).toEqual({ code: -32602, message: 'sigVerify may not be used with replaceRecentBlockhash' })
    expect(
      await errorOf('simulateTransaction', [wire, { encoding: 'base64', accounts: { addresses: holder } }]),
    ).toMatchObject({ code: -32602 })
    expect(
      await errorOf('simulateTransaction', [wire, { encoding: 'base64', accounts: { addresses: ['nope'] } }]),
    ).toMatchObject({ code: -32602 })
  })

  test('behavior: simulating with an unknown blockhash reports BlockhashNotFound in the value (not as an RPC error); innerInstructions is [] only when asked', async () => {
    const sender = await funded()
    const stale = await signedWith(UNKNOWN_BLOCKHASH, sender, [transfer(sender, holder, 1n)])
    const simulated = await rpc.simulateTransaction(stale.wire, { encoding: 'base64' }).send()
    expect(simulated.value.err).toBe('BlockhashNotFound')
    expect(simulated.value.replacementBlockhash).toBeNull()
    expect((simulated.value as { innerInstructions?: unknown }).innerInstructions).toBeNull()

    const replaced = await rpc
      .simulateTransaction(stale.wire, { encoding: 'base64', replaceRecentBlockhash: true, innerInstructions: true })
      .send()
    expect(replaced.value.err).toBeNull()
    expect(replaced.value.innerInstructions).toEqual([])
    expect(replaced.value.replacementBlockhash).toEqual((await rpc.getLatestBlockhash().send()).value)
  })
})

describe('replays and concurrency over HTTP', () => {
  test('behavior: the same signed transaction sent twice at once lands once; the other answer is AlreadyProcessed, which kit surfaces as the preflight cause', async () => {
    const sender = await funded()
    const recipient = (await generateKeyPairSigner()).address
    const { wire, signature } = await signTransaction(rpc, sender, [transfer(sender, recipient, 3n * SOL)])
    // Raw requests: kit's transport would coalesce two identical calls into one.
    const replies = await Promise.all([
      call('sendTransaction', [wire, { encoding: 'base64' }]),
      call('sendTransaction', [wire, { encoding: 'base64' }]),
    ])
    expect(replies.filter((reply) => reply.result === signature)).toHaveLength(1)
    expect(replies.filter((reply) => reply.error)).toEqual([
      expect.objectContaining({
        error: expect.objectContaining({ code: -32002, data: expect.objectContaining({ err: 'AlreadyProcessed' }) }),
      }),
    ])
    const error = await rpc
      .sendTransaction(wire, { encoding: 'base64' })
      .send()
      .catch((e: unknown) => e)
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true)
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)).toBe(true)

    // skipPreflight replays answer with the signature and still change nothing.
    expect(await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send()).toBe(signature)
    expect((await rpc.getBalance(recipient).send()).value).toBe(3n * SOL)
    expect((await rpc.getBalance(sender.address).send()).value).toBe(7n * SOL - 5_000n)
    const history = await rpc.getSignaturesForAddress(recipient).send()
    expect(history.map((entry) => entry.signature)).toEqual([signature])
  })

  test('behavior: two different transfers from one payer sent at once both land in separate slots, moving exactly their sum', async () => {
    const sender = await funded()
    const recipient = (await generateKeyPairSigner()).address
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const [a, b] = await Promise.all([
      signedWith(latest.blockhash, sender, [transfer(sender, recipient, SOL)]),
      signedWith(latest.blockhash, sender, [transfer(sender, recipient, 2n * SOL)]),
    ])
    const sent = await Promise.all([a, b].map(({ wire }) => rpc.sendTransaction(wire, { encoding: 'base64' }).send()))
    expect(sent).toEqual([a.signature, b.signature])
    const { value: statuses } = await rpc.getSignatureStatuses([a.signature, b.signature]).send()
    expect(statuses.every((status) => status?.err === null)).toBe(true)
    expect(statuses[0]?.slot).not.toBe(statuses[1]?.slot)
    expect((await rpc.getBalance(recipient).send()).value).toBe(3n * SOL)
    expect((await rpc.getBalance(sender.address).send()).value).toBe(7n * SOL - 10_000n)
  })

  test('behavior: a refused transaction (insufficient funds) leaves the blockhash, slot and transaction count as they were', async () => {
    const sender = await funded(SOL)
    const { wire } = await signTransaction(rpc, sender, [transfer(sender, holder, 2n * SOL)])
    const before = {
      slot: await rpc.getSlot().send(),
      count: await rpc.getTransactionCount().send(),
      blockhash: (await rpc.getLatestBlockhash().send()).value.blockhash,
    }
    const [first, second] = await Promise.all([
      call('sendTransaction', [wire, { encoding: 'base64' }]),
      call('sendTransaction', [wire, { encoding: 'base64' }]),
    ])
    for (const reply of [first, second]) {
      expect(reply.error).toMatchObject({ code: -32002, data: { err: { InstructionError: [0, { Custom: 1 }] } } })
    }
    expect({
      slot: await rpc.getSlot().send(),
      count: await rpc.getTransactionCount().send(),
      blockhash: (await rpc.getLatestBlockhash().send()).value.blockhash,
    }).toEqual(before)
    expect((await rpc.getBalance(sender.address).send()).value).toBe(SOL)
  })
})
