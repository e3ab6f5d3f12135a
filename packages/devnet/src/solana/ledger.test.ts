// The devnet Solana chain model (SolanaLedger) driven directly with transactions built and signed by
// @solana/kit: exact SOL and SPL amounts, replays, the 150-block blockhash window, failures that
// change nothing, fees, signatures and the airdrop queue. The HTTP RPC over it (framing, encodings,
// getTransaction shapes) is server.test.ts; parameter validation and wire error shapes are methods.test.ts.
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { beforeAll, describe, expect, test } from 'vitest'
import { solanaAccounts } from '../accounts.js'
import { signerFromSeed } from '../test-utils.js'
import { solanaTokens } from '../tokens.js'
import { RpcError } from './json.js'
import { BLOCKHASH_VALIDITY, SolanaLedger } from './ledger.js'

const SOL = 1_000_000_000n
const FEE = 5_000n
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address
const usdc = solanaTokens[0]
const mint = address(usdc.mint)

let ledger: SolanaLedger
let holder: KeyPairSigner
let other: KeyPairSigner

beforeAll(async () => {
  ledger = await SolanaLedger.create()
  holder = await signerFromSeed(solanaAccounts[0].seed)
  other = await signerFromSeed(solanaAccounts[1].seed)
})

/** Signs a v0 transaction (fully, or partially when `partial`) and returns its wire bytes. */
async function wire(
  feePayer: TransactionSigner,
  instructions: readonly Instruction[],
  options: { blockhash?: string; partial?: boolean } = {},
): Promise<Uint8Array> {
  const latest = ledger.latestBlockhash()
  const lifetime = {
    blockhash: (options.blockhash ?? latest.blockhash) as Blockhash,
    lastValidBlockHeight: latest.lastValidBlockHeight,
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = options.partial
    ? await partiallySignTransactionMessageWithSigners(message)
    : await signTransactionMessageWithSigners(message)
  return Uint8Array.from(getTransactionEncoder().encode(signed))
}

async function funded(amount = 10n * SOL): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  await ledger.airdrop(signer.address, amount)
  return signer
}

const balance = (who: Address) => ledger.getAccount(who)?.lamports ?? 0n

async function tokenBalance(owner: Address): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const data = ledger.getAccount(ata)?.data
  if (!data) throw new Error(`no token account for ${owner}`)
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(64, true)
}

async function usdcTransfer(from: KeyPairSigner, to: Address, amount: bigint) {
  const [source] = await findAssociatedTokenPda({ owner: from.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return getTransferCheckedInstruction({ source, mint, destination, authority: from, amount, decimals: usdc.decimals })
}

/** Everything that must stay put when a transaction is refused. */
function chainState() {
  return {
    slot: ledger.slot,
    blockHeight: ledger.blockHeight,
    transactionCount: ledger.transactionCount,
    latest: ledger.latestBlockhash().blockhash,
    records: ledger.recordsNewestFirst().length,
  }
}

function rejection(run: () => unknown): RpcError {
  try {
    run()
  } catch (error) {
    if (error instanceof RpcError) return error
    throw error
  }
  throw new Error('expected an RpcError')
}

describe('transfers', () => {
  test('behavior: a SOL transfer moves exactly the amount, charges one 5,000-lamport fee and closes one block with a new blockhash', async () => {
    const sender = await funded()
    const recipient = (await generateKeyPairSigner()).address
    const before = chainState()
    const decoded = ledger.decodeTransaction(
      await wire(sender, [getTransferSolInstruction({ source: sender, destination: recipient, amount: 1_234_567n })]),
    )
    const signature = ledger.send(decoded)

    expect(signature).toBe(decoded.signature)
    expect(balance(sender.address)).toBe(10n * SOL - 1_234_567n - FEE)
    expect(balance(recipient)).toBe(1_234_567n)
    expect(ledger.slot).toBe(before.slot + 1n)
    expect(ledger.blockHeight).toBe(before.blockHeight + 1n)
    expect(ledger.transactionCount).toBe(before.transactionCount + 1n)
    expect(ledger.latestBlockhash().blockhash).not.toBe(before.latest)

    const record = ledger.getRecord(signature)
    expect(record?.slot).toBe(before.slot)
    expect(record?.outcome).toMatchObject({
      err: null,
      fee: FEE,
      preBalances: [10n * SOL, 0n, 1n],
      postBalances: [10n * SOL - 1_234_567n - FEE, 1_234_567n, 1n],
    })
    expect(record?.outcome.keys).toMatchObject({
      keys: [sender.address, recipient, SYSTEM_PROGRAM],
      writable: [true, true, false],
      signer: [true, false, false],
    })
    expect(ledger.recordsNewestFirst()[0]?.signature).toBe(signature)
  })

  test('behavior: an SPL transfer moves exactly the base units between the two token accounts, leaves the supply and reports pre/post token balances', async () => {
    const [fromBefore, toBefore] = [await tokenBalance(holder.address), await tokenBalance(other.address)]
    const supplyBefore = ledger.getAccount(mint)?.data.slice(36, 44)
    const signature = ledger.send(
      ledger.decodeTransaction(await wire(holder, [await usdcTransfer(holder, other.address, 1_500_001n)])),
    )

    expect(await tokenBalance(holder.address)).toBe(fromBefore - 1_500_001n)
    expect(await tokenBalance(other.address)).toBe(toBefore + 1_500_001n)
    expect(ledger.getAccount(mint)?.data.slice(36, 44)).toEqual(supplyBefore)
    const outcome = ledger.getRecord(signature)?.outcome
    expect(outcome?.err).toBeNull()
    const amounts = (list: unknown) =>
      Object.fromEntries(
        (list as { owner: string; uiTokenAmount: { amount: string } }[]).map((entry) => [
          entry.owner,
          entry.uiTokenAmount.amount,
        ]),
      )
    expect(amounts(outcome?.preTokenBalances)).toEqual({
      [holder.address]: String(fromBefore),
      [other.address]: String(toBefore),
    })
    expect(amounts(outcome?.postTokenBalances)).toEqual({
      [holder.address]: String(fromBefore - 1_500_001n),
      [other.address]: String(toBefore + 1_500_001n),
    })
  })

  test('error: a SOL transfer beyond the balance fails preflight with the system error and its logs; no balance, slot, blockhash or record changes', async () => {
    const sender = await funded(SOL)
    const recipient = (await generateKeyPairSigner()).address
    const decoded = ledger.decodeTransaction(
      await wire(sender, [getTransferSolInstruction({ source: sender, destination: recipient, amount: 2n * SOL })]),
    )
    const before = chainState()

    const error = rejection(() => ledger.send(decoded))
    expect(error.code).toBe(-32002)
    expect(error.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect(error.data).toMatchObject({ err: { InstructionError: [0, { Custom: 1 }] }, accounts: null })
    expect((error.data as { logs: string[] }).logs.some((line) => line.includes('insufficient lamports'))).toBe(true)

    expect(chainState()).toEqual(before)
    expect(balance(sender.address)).toBe(SOL)
    expect(ledger.getAccount(recipient)).toBeNull()
    expect(ledger.getRecord(decoded.signature ?? '')).toBeUndefined()
  })

  test('error: an SPL transfer beyond the token balance fails with TokenError::InsufficientFunds (Custom 1); token and SOL balances stay', async () => {
    const held = await tokenBalance(other.address)
    const solBefore = balance(other.address)
    const decoded = ledger.decodeTransaction(await wire(other, [await usdcTransfer(other, holder.address, held + 1n)]))
    const before = chainState()

    const error = rejection(() => ledger.send(decoded))
    expect(error.code).toBe(-32002)
    expect(error.data).toMatchObject({ err: { InstructionError: [0, { Custom: 1 }] } })
    expect(chainState()).toEqual(before)
    expect(await tokenBalance(other.address)).toBe(held)
    expect(balance(other.address)).toBe(solBefore)
  })

  test('error: a fee payer that never received lamports fails with AccountNotFound, with or without preflight, and nothing lands', async () => {
    const ghost = await generateKeyPairSigner()
    const decoded = ledger.decodeTransaction(
      await wire(ghost, [getTransferSolInstruction({ source: ghost, destination: holder.address, amount: 1n })]),
    )
    const before = chainState()
    for (const skipPreflight of [false, true]) {
      const error = rejection(() => ledger.send(decoded, { skipPreflight }))
      expect(error.code).toBe(-32002)
      expect(error.message).toBe(
        'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
      )
      expect(error.data).toMatchObject({ err: 'AccountNotFound' })
    }
    expect(chainState()).toEqual(before)
  })
})

describe('replays', () => {
  test('behavior: the same signed transaction sent again with skipPreflight returns its signature but moves the amount and charges the fee once', async () => {
    const sender = await funded()
    const recipient = (await generateKeyPairSigner()).address
    const bytes = await wire(sender, [
      getTransferSolInstruction({ source: sender, destination: recipient, amount: SOL }),
    ])
    const first = ledger.send(ledger.decodeTransaction(bytes), { skipPreflight: true })
    const after = chainState()

    expect(ledger.send(ledger.decodeTransaction(bytes), { skipPreflight: true })).toBe(first)
    expect(ledger.send(ledger.decodeTransaction(bytes), { skipPreflight: true })).toBe(first)
    expect(chainState()).toEqual(after)
    expect(balance(sender.address)).toBe(9n * SOL - FEE)
    expect(balance(recipient)).toBe(SOL)
  })

  test('error: a replay with preflight is AlreadyProcessed (-32002, the validator text) and changes nothing', async () => {
    const sender = await funded()
    const bytes = await wire(sender, [
      getTransferSolInstruction({ source: sender, destination: holder.address, amount: 7n }),
    ])
    ledger.send(ledger.decodeTransaction(bytes))
    const before = chainState()
    const balanceBefore = balance(sender.address)

    const error = rejection(() => ledger.send(ledger.decodeTransaction(bytes)))
    expect(error.code).toBe(-32002)
    expect(error.message).toBe('Transaction simulation failed: This transaction has already been processed')
    expect(error.data).toMatchObject({ err: 'AlreadyProcessed', logs: [] })
    expect(chainState()).toEqual(before)
    expect(balance(sender.address)).toBe(balanceBefore)
  })
})

describe('blockhash window', () => {
  test(`edge: a blockhash is accepted through block lastValidBlockHeight (${BLOCKHASH_VALIDITY} blocks on) and refused one block later, with or without preflight, changing nothing`, async () => {
    const sender = await funded()
    const start = ledger.latestBlockhash()
    expect(start.lastValidBlockHeight).toBe(ledger.blockHeight + BLOCKHASH_VALIDITY)
    const transfer = (amount: bigint) =>
      wire(sender, [getTransferSolInstruction({ source: sender, destination: holder.address, amount })], {
        blockhash: start.blockhash,
      })
    const lastMoment = ledger.decodeTransaction(await transfer(1n))
    const tooLate = ledger.decodeTransaction(await transfer(2n))

    // Close blocks until the block height reaches lastValidBlockHeight.
    const sink = (await funded(SOL)).address
    while (ledger.blockHeight < start.lastValidBlockHeight) await ledger.airdrop(sink, 1n)
    expect(ledger.blockHeight).toBe(start.lastValidBlockHeight)
    expect(ledger.isBlockhashValid(start.blockhash)).toBe(true)
    ledger.send(lastMoment)

    // That transaction closed the block at lastValidBlockHeight: the hash is now too old.
    expect(ledger.isBlockhashValid(start.blockhash)).toBe(false)
    const before = chainState()
    const balanceBefore = balance(sender.address)
    for (const skipPreflight of [false, true]) {
      const error = rejection(() => ledger.send(tooLate, { skipPreflight }))
      expect(error.code).toBe(-32002)
      expect(error.message).toBe('Transaction simulation failed: Blockhash not found')
      expect(error.data).toMatchObject({ err: 'BlockhashNotFound' })
    }
    expect(chainState()).toEqual(before)
    expect(balance(sender.address)).toBe(balanceBefore)

    // Simulation reports the same error, unless the caller asks for a replacement blockhash.
    expect(ledger.simulate(tooLate).err).toBe('BlockhashNotFound')
    expect(ledger.simulate(tooLate, { replaceRecentBlockhash: true }).err).toBeNull()
  })
})

describe('signatures', () => {
  test('error: a transaction missing its second signature is a -32003 signature failure, with or without preflight, and the fee payer is not charged', async () => {
    const payer = await funded()
    const source = await funded()
    const bytes = await wire(
      payer,
      [
        getTransferSolInstruction({
          source: createNoopSigner(source.address),
          destination: holder.address,
          amount: SOL,
        }),
      ],
      { partial: true },
    )
    const decoded = ledger.decodeTransaction(bytes)
    expect(decoded.signature).not.toBeNull()
    const before = chainState()
    for (const skipPreflight of [false, true]) {
      const error = rejection(() => ledger.send(decoded, { skipPreflight }))
      expect(error.code).toBe(-32003)
      expect(error.message).toBe('Transaction signature verification failure')
    }
    expect(chainState()).toEqual(before)
    expect(balance(payer.address)).toBe(10n * SOL)
    expect(balance(source.address)).toBe(10n * SOL)
  })

  test('security: a tampered fee-payer signature is refused even with skipPreflight, and nothing is charged', async () => {
    const sender = await funded()
    const bytes = await wire(sender, [
      getTransferSolInstruction({ source: sender, destination: holder.address, amount: SOL }),
    ])
    bytes[10] = (bytes[10] ?? 0) ^ 0x01
    const before = chainState()
    const error = rejection(() => ledger.send(ledger.decodeTransaction(bytes), { skipPreflight: true }))
    expect(error.code).toBe(-32003)
    expect(chainState()).toEqual(before)
    expect(balance(sender.address)).toBe(10n * SOL)
  })

  test('error: a transaction with no fee-payer signature at all is -32003 before anything runs', async () => {
    const sender = await funded()
    const bytes = await wire(sender, [
      getTransferSolInstruction({ source: sender, destination: sender.address, amount: 1n }),
    ])
    bytes.fill(0, 1, 65)
    const decoded = ledger.decodeTransaction(bytes)
    expect(decoded.signature).toBeNull()
    expect(rejection(() => ledger.send(decoded, { skipPreflight: true })).code).toBe(-32003)
  })

  test('error: bytes that are not a transaction (garbage, empty, a truncated one) are -32602 deserialize failures', async () => {
    const sender = await funded()
    const bytes = await wire(sender, [
      getTransferSolInstruction({ source: sender, destination: sender.address, amount: 1n }),
    ])
    for (const bad of [new Uint8Array(0), bytes.subarray(0, 40), Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8])]) {
      const error = rejection(() => ledger.decodeTransaction(bad))
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(/^failed to deserialize solana_transaction::versioned::VersionedTransaction/)
    }
  })
})

describe('fees and simulation', () => {
  /** SetComputeUnitLimit (2, u32) and SetComputeUnitPrice (3, u64 micro-lamports). */
  function computeBudget(limit: number | undefined, microLamports: bigint): Instruction[] {
    const out: Instruction[] = []
    if (limit !== undefined) {
      const data = new Uint8Array(5)
      data[0] = 2
      new DataView(data.buffer).setUint32(1, limit, true)
      out.push({ programAddress: COMPUTE_BUDGET_PROGRAM, data })
    }
    const price = new Uint8Array(9)
    price[0] = 3
    new DataView(price.buffer).setBigUint64(1, microLamports, true)
    out.push({ programAddress: COMPUTE_BUDGET_PROGRAM, data: price })
    return out
  }

  test('behavior: a priority fee is limit × price (rounded up) on top of 5,000 per signature, and exactly that is what landing charges', async () => {
    const sender = await funded()
    const recipient = (await generateKeyPairSigner()).address
    const decoded = ledger.decodeTransaction(
      await wire(sender, [
        ...computeBudget(100_000, 1_000_001n),
        getTransferSolInstruction({ source: sender, destination: recipient, amount: SOL }),
      ]),
    )
    // 100,000 CU × 1,000,001 µlamports = 100,000.1 lamports, rounded up.
    const expected = FEE + 100_001n
    expect(ledger.estimateFee(decoded.message)).toBe(expected)
    expect(ledger.simulate(decoded).fee).toBe(expected)
    const signature = ledger.send(decoded)
    expect(ledger.getRecord(signature)?.outcome.fee).toBe(expected)
    expect(balance(sender.address)).toBe(10n * SOL - SOL - expected)
  })

  test('default: without a limit, the priority fee uses 3,000 CU per builtin instruction; two signers pay two base fees', async () => {
    const payer = await funded()
    const source = await funded()
    const decoded = ledger.decodeTransaction(
      await wire(payer, [
        ...computeBudget(undefined, 1_000_000n),
        getTransferSolInstruction({ source, destination: holder.address, amount: 1n }),
      ]),
    )
    expect(decoded.message.header.numSignerAccounts).toBe(2)
    // Two builtin instructions (compute budget + system): 6,000 CU at 1 lamport each.
    expect(ledger.estimateFee(decoded.message)).toBe(2n * FEE + 6_000n)
    ledger.send(decoded)
    expect(balance(payer.address)).toBe(10n * SOL - 2n * FEE - 6_000n)
    expect(balance(source.address)).toBe(10n * SOL - 1n)
  })

  test('behavior: simulation reports the post-state but commits nothing; a failing one keeps the pre balances as post', async () => {
    const sender = await funded()
    const recipient = (await generateKeyPairSigner()).address
    const ok = ledger.decodeTransaction(
      await wire(sender, [getTransferSolInstruction({ source: sender, destination: recipient, amount: SOL })]),
    )
    const before = chainState()
    const simulated = ledger.simulate(ok)
    expect(simulated.err).toBeNull()
    expect(simulated.postAccounts.get(recipient)?.lamports).toBe(SOL)
    expect(simulated.postBalances).toEqual([9n * SOL - FEE, SOL, 1n])
    expect(chainState()).toEqual(before)
    expect(ledger.getAccount(recipient)).toBeNull()

    const failing = ledger.simulate(
      ledger.decodeTransaction(
        await wire(sender, [getTransferSolInstruction({ source: sender, destination: recipient, amount: 20n * SOL })]),
      ),
    )
    expect(failing.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(failing.postBalances).toEqual(failing.preBalances)
    expect(chainState()).toEqual(before)
  })
})

describe('airdrops', () => {
  test('behavior: concurrent identical airdrops are queued into separate blocks with distinct signatures, and the sum arrives exactly', async () => {
    const recipient = (await generateKeyPairSigner()).address
    const before = chainState()
    const signatures = await Promise.all([1, 2, 3].map(() => ledger.airdrop(recipient, 3n * SOL)))
    expect(new Set(signatures).size).toBe(3)
    expect(balance(recipient)).toBe(9n * SOL)
    expect(ledger.transactionCount).toBe(before.transactionCount + 3n)
    const slots = signatures.map((signature) => ledger.getRecord(signature)?.slot)
    expect(slots).toEqual([before.slot, before.slot + 1n, before.slot + 2n])
  })

  test('error: an airdrop larger than the faucet fails without blocking the next queued one', async () => {
    const recipient = (await generateKeyPairSigner()).address
    const [tooMuch, fine] = await Promise.allSettled([
      ledger.airdrop(recipient, 10n ** 18n),
      ledger.airdrop(recipient, lamports(SOL)),
    ])
    expect(tooMuch.status).toBe('rejected')
    expect((tooMuch as PromiseRejectedResult).reason).toMatchObject({
      code: -32002,
      data: { err: { InstructionError: [0, { Custom: 1 }] } },
    })
    expect(fine.status).toBe('fulfilled')
    expect(balance(recipient)).toBe(SOL)
  })
})

test('behavior: the writable/readonly/signer flags follow the message header, including a readonly signer', async () => {
  const payer = await funded()
  const watcher = await generateKeyPairSigner()
  const decoded = ledger.decodeTransaction(
    await wire(payer, [
      {
        ...getTransferSolInstruction({ source: payer, destination: holder.address, amount: 1n }),
        accounts: [
          ...getTransferSolInstruction({ source: payer, destination: holder.address, amount: 1n }).accounts,
          { address: watcher.address, role: AccountRole.READONLY_SIGNER, signer: watcher },
        ],
      } as Instruction,
    ]),
  )
  const keys = ledger.resolveKeys(decoded.message)
  const flags = Object.fromEntries(keys.keys.map((key, i) => [key, [keys.writable[i], keys.signer[i]]]))
  expect(flags).toEqual({
    [payer.address]: [true, true],
    [watcher.address]: [false, true],
    [holder.address]: [true, false],
    [SYSTEM_PROGRAM]: [false, false],
  })
  expect(keys.loaded).toEqual({ writable: [], readonly: [] })
})
