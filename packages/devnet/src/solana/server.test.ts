import {
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compileTransactionMessage,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  isSolanaError,
  lamports,
  pipe,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaAccounts, solanaGenesisHash } from '../accounts.js'
import { createDevnetRpc, type Rpc, rawRpc, sendAndConfirm, signTransaction, waitForFinalized } from '../test-utils.js'
import { solanaTokens } from '../tokens.js'
import { type SolanaRpcServer, startSolanaRpc } from './server.js'

const SOL = 1_000_000_000n
/** A well-formed blockhash this chain never produced. */
const UNKNOWN_BLOCKHASH = '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' as Blockhash
const mint = address(solanaTokens[0].mint)

describe('devnet Solana RPC', () => {
  let server: SolanaRpcServer
  let rpc: Rpc
  const call = (method: string, params: unknown[] = [], id: unknown = 1) =>
    rawRpc(server.rpcUrl, { jsonrpc: '2.0', id, method, params })

  /** A fresh account funded through requestAirdrop, so tests do not share balances. */
  async function fundedSigner(amount = 10n * SOL) {
    const signer = await generateKeyPairSigner()
    const signature = await rpc.requestAirdrop(signer.address, lamports(amount)).send()
    await waitForFinalized(rpc, signature)
    return signer
  }

  beforeAll(async () => {
    server = await startSolanaRpc()
    rpc = createDevnetRpc(server.rpcUrl)
  })
  afterAll(() => server?.stop())

  describe('JSON-RPC framing', () => {
    it('answers batches in order, with per-call errors', async () => {
      const { json } = await rawRpc(server.rpcUrl, [
        { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
        { jsonrpc: '2.0', id: 'b', method: 'nope', params: [] },
        { jsonrpc: '2.0', id: 'c', method: 'getGenesisHash', params: [] },
      ])
      expect(json).toEqual([
        { jsonrpc: '2.0', id: 'a', result: 'ok' },
        { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: 'Method not found' } },
        { jsonrpc: '2.0', id: 'c', result: solanaGenesisHash },
      ])
    })

    it('rejects malformed payloads with the JSON-RPC codes', async () => {
      expect((await rawRpc(server.rpcUrl, '{"jsonrpc":')).json).toMatchObject({ id: null, error: { code: -32700 } })
      expect((await rawRpc(server.rpcUrl, [])).json).toMatchObject({ error: { code: -32600 } })
      expect((await rawRpc(server.rpcUrl, { id: 1, method: 'getHealth' })).json).toMatchObject({
        id: 1,
        error: { code: -32600 },
      })
      expect((await call('getBalance', ['not-an-address'])).json).toMatchObject({ error: { code: -32602 } })
    })

    it('allows cross-origin calls from browser dapps', async () => {
      const preflight = await fetch(server.rpcUrl, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-headers': 'content-type,solana-client' },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
      expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client')
      expect((await fetch(server.rpcUrl)).status).toBe(405)
    })

    it('writes u64 values as bare JSON integers', async () => {
      const { text } = await call('getAccountInfo', [solanaAccounts[0].address, { encoding: 'base64' }])
      expect(text).toContain('"rentEpoch":18446744073709551615')
      const { value } = await rpc.getAccountInfo(address(solanaAccounts[0].address), { encoding: 'base64' }).send()
      // kit's types omit rentEpoch, but the value must survive its bigint-aware JSON parser intact.
      expect((value as { rentEpoch?: bigint } | null)?.rentEpoch).toBe(18446744073709551615n)
      expect(value?.lamports).toBe(1_000n * SOL)
    })
  })

  describe('cluster info', () => {
    it('reports genesis hash, version, health, rent and epoch', async () => {
      expect(await rpc.getGenesisHash().send()).toBe(solanaGenesisHash)
      expect(await rpc.getHealth().send()).toBe('ok')
      expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
      expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
      const epoch = await rpc.getEpochInfo().send()
      expect(epoch.absoluteSlot).toBe(await rpc.getSlot().send())
      expect(epoch.slotIndex).toBe(epoch.absoluteSlot % epoch.slotsInEpoch)
    })

    it('validates blockhashes and prices messages', async () => {
      const { value: latest } = await rpc.getLatestBlockhash().send()
      expect(latest.lastValidBlockHeight).toBe((await rpc.getBlockHeight().send()) + 150n)
      expect((await rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(true)
      expect((await rpc.isBlockhashValid(UNKNOWN_BLOCKHASH).send()).value).toBe(false)

      const payer = address(solanaAccounts[0].address)
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: { address: payer } as never, destination: payer, amount: 1n })],
            m,
          ),
      )
      const messageBase64 = getBase64Decoder().decode(
        getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message)),
      )
      const fee = await rpc.getFeeForMessage(messageBase64 as never).send()
      expect(fee.value).toBe(5_000n)
    })
  })

  describe('accounts and tokens', () => {
    it('encodes accounts as base58, base64 and jsonParsed', async () => {
      const owner = address(solanaAccounts[0].address)
      const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })

      const system = await call('getAccountInfo', [owner, { encoding: 'base58' }])
      expect(system.json).toMatchObject({
        result: { value: { data: ['', 'base58'], owner: '11111111111111111111111111111111', space: 0 } },
      })
      // The legacy default ("binary") is a bare base58 string, and refuses data over 128 bytes.
      expect((await call('getAccountInfo', [owner])).json).toMatchObject({ result: { value: { data: '' } } })
      expect((await call('getAccountInfo', [ata])).json).toMatchObject({ error: { code: -32600 } })

      const raw = await rpc.getAccountInfo(ata, { encoding: 'base64' }).send()
      expect(raw.value?.data[1]).toBe('base64')
      expect(Buffer.from(raw.value?.data[0] ?? '', 'base64')).toHaveLength(165)

      const parsedMint = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send()
      expect(parsedMint.value?.data).toEqual({
        parsed: {
          info: {
            decimals: 6,
            freezeAuthority: null,
            isInitialized: true,
            mintAuthority: owner,
            supply: '25000000000',
          },
          type: 'mint',
        },
        program: 'spl-token',
        space: 82n,
      })
      // Accounts without a parser fall back to base64, as on a validator.
      expect((await rpc.getAccountInfo(owner, { encoding: 'jsonParsed' }).send()).value?.data).toEqual(['', 'base64'])

      const missing = (await generateKeyPairSigner()).address
      expect((await rpc.getAccountInfo(missing).send()).value).toBeNull()
      const multiple = await rpc.getMultipleAccounts([owner, missing], { encoding: 'base64' }).send()
      expect(multiple.value.map((account) => account?.lamports ?? null)).toEqual([1_000n * SOL, null])
    })

    it('reports token supply and balances', async () => {
      expect((await rpc.getTokenSupply(mint).send()).value).toEqual({
        amount: '25000000000',
        decimals: 6,
        uiAmount: 25_000,
        uiAmountString: '25000',
      })
      const [ata] = await findAssociatedTokenPda({
        owner: address(solanaAccounts[0].address),
        mint,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      })
      expect((await rpc.getTokenAccountBalance(ata).send()).value.uiAmountString).toBe('5000')
      expect((await call('getTokenAccountBalance', [solanaAccounts[0].address])).json).toMatchObject({
        error: { code: -32602 },
      })
      expect(
        (await call('getTokenAccountsByOwner', [solanaAccounts[0].address, { programId: solanaAccounts[1].address }]))
          .json,
      ).toMatchObject({
        error: { code: -32602 },
      })
    })

    it('filters getProgramAccounts', async () => {
      const accounts = await rpc
        .getProgramAccounts(TOKEN_PROGRAM_ADDRESS, {
          encoding: 'base64',
          filters: [
            { dataSize: 165n },
            { memcmp: { offset: 32n, bytes: solanaAccounts[2].address as never, encoding: 'base58' } },
          ],
        })
        .send()
      expect(accounts).toHaveLength(1)
    })
  })

  describe('transactions', () => {
    it('lands identical transfers sent one after the other', async () => {
      const sender = await fundedSigner()
      const recipient = address(solanaAccounts[0].address)
      const transfer = getTransferSolInstruction({ source: sender, destination: recipient, amount: SOL })
      const first = await sendAndConfirm(rpc, sender, [transfer])
      const second = await sendAndConfirm(rpc, sender, [transfer])
      expect(first.signature).not.toBe(second.signature)
      expect(second.status.slot).toBeGreaterThan(first.status.slot)
      expect((await rpc.getBalance(sender.address).send()).value).toBe(10n * SOL - 2n * SOL - 10_000n)
    })

    it('accepts base58 wire transactions and a blockhash from an earlier block', async () => {
      const sender = await fundedSigner()
      const early = await signTransaction(rpc, sender, [
        getTransferSolInstruction({ source: sender, destination: address(solanaAccounts[1].address), amount: 1n }),
      ])
      // Another transaction closes a block; the earlier blockhash must stay valid.
      await sendAndConfirm(rpc, sender, [
        getTransferSolInstruction({ source: sender, destination: address(solanaAccounts[1].address), amount: 2n }),
      ])
      const base58Wire = getBase58Decoder().decode(Buffer.from(early.wire, 'base64'))
      const signature = await rpc.sendTransaction(base58Wire as never).send()
      expect(signature).toBe(early.signature)
      expect((await waitForFinalized(rpc, signature)).err).toBeNull()
    })

    it('fails preflight with -32002 and the simulation result', async () => {
      const sender = await fundedSigner(SOL)
      const { wire } = await signTransaction(rpc, sender, [
        getTransferSolInstruction({
          source: sender,
          destination: address(solanaAccounts[0].address),
          amount: 5n * SOL,
        }),
      ])
      const { json } = await call('sendTransaction', [wire, { encoding: 'base64' }])
      expect(json).toMatchObject({
        error: {
          code: -32002,
          message: 'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
          data: { err: { InstructionError: [0, { Custom: 1 }] }, accounts: null },
        },
      })
      const logs = (json as { error: { data: { logs: string[] } } }).error.data.logs
      expect(logs.some((line) => line.includes('insufficient lamports'))).toBe(true)

      const error = await rpc
        .sendTransaction(wire, { encoding: 'base64' })
        .send()
        .catch((e: unknown) => e)
      expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true)
      // Nothing landed: the fee was not charged.
      expect((await rpc.getBalance(sender.address).send()).value).toBe(SOL)
    })

    it('records a failing transaction sent with skipPreflight, charging the fee', async () => {
      const sender = await fundedSigner(SOL)
      const { wire, signature } = await signTransaction(rpc, sender, [
        getTransferSolInstruction({
          source: sender,
          destination: address(solanaAccounts[0].address),
          amount: 5n * SOL,
        }),
      ])
      expect(await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send()).toBe(signature)
      const status = await waitForFinalized(rpc, signature)
      // kit parses every integer in an error as bigint, including the instruction index.
      expect(status.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
      expect(status.status).toEqual({ Err: status.err })
      expect((await rpc.getBalance(sender.address).send()).value).toBe(SOL - 5_000n)
    })

    it('rejects bad signatures (-32003), unknown blockhashes and duplicates', async () => {
      const sender = await fundedSigner()
      const { wire } = await signTransaction(rpc, sender, [
        getTransferSolInstruction({ source: sender, destination: address(solanaAccounts[0].address), amount: 1n }),
      ])
      const tampered = Buffer.from(wire, 'base64')
      tampered[1] = (tampered[1] ?? 0) ^ 0xff // first byte of the fee payer's signature
      expect((await call('sendTransaction', [tampered.toString('base64'), { encoding: 'base64' }])).json).toMatchObject(
        { error: { code: -32003 } },
      )

      expect((await call('sendTransaction', [wire, { encoding: 'base64' }])).json).toMatchObject({
        result: expect.any(String),
      })
      expect((await call('sendTransaction', [wire, { encoding: 'base64' }])).json).toMatchObject({
        error: { code: -32002, data: { err: 'AlreadyProcessed' } },
      })

      const stale = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(sender, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash({ blockhash: UNKNOWN_BLOCKHASH, lastValidBlockHeight: 0n }, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: sender, destination: sender.address, amount: 1n })],
            m,
          ),
      )
      const staleWire = getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(stale))
      expect((await call('sendTransaction', [staleWire, { encoding: 'base64' }])).json).toMatchObject({
        error: {
          code: -32002,
          message: 'Transaction simulation failed: Blockhash not found',
          data: { err: 'BlockhashNotFound' },
        },
      })
      expect(
        (await call('sendTransaction', [staleWire, { encoding: 'base64', skipPreflight: true }])).json,
      ).toMatchObject({
        error: { code: -32002, data: { err: 'BlockhashNotFound' } },
      })
    })

    it('simulates unsigned transactions and reports post-state', async () => {
      const sender = await fundedSigner()
      const recipient = (await generateKeyPairSigner()).address
      const { value: latest } = await rpc.getLatestBlockhash().send()
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(sender.address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: sender, destination: recipient, amount: SOL })],
            m,
          ),
      )
      const unsigned = getBase64EncodedWireTransaction(compileTransaction(message))
      const { value } = await rpc
        .simulateTransaction(unsigned, {
          encoding: 'base64',
          accounts: { addresses: [recipient], encoding: 'base64' },
          replaceRecentBlockhash: true,
        })
        .send()
      expect(value.err).toBeNull()
      expect(value.unitsConsumed).toBeGreaterThan(0n)
      expect(value.logs).toContain('Program 11111111111111111111111111111111 success')
      expect(value.accounts[0]?.lamports).toBe(SOL)
      expect(value.replacementBlockhash?.blockhash).toBe((await rpc.getLatestBlockhash().send()).value.blockhash)
      expect(value.fee).toBe(5_000n)
      // Simulation commits nothing.
      expect((await rpc.getAccountInfo(recipient).send()).value).toBeNull()

      const sigVerified = await call('simulateTransaction', [unsigned, { encoding: 'base64', sigVerify: true }])
      expect(sigVerified.json).toMatchObject({ result: { value: { err: 'SignatureFailure' } } })
    })

    it('returns landed transactions in json, jsonParsed and base64', async () => {
      const sender = await fundedSigner()
      const recipient = address(solanaAccounts[0].address)
      const { signature } = await sendAndConfirm(rpc, sender, [
        getTransferSolInstruction({ source: sender, destination: recipient, amount: SOL }),
      ])

      expect((await call('getTransaction', [signature])).json).toMatchObject({ error: { code: -32015 } })
      const json = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
      expect(json?.version).toBe(0)
      expect(json?.transaction.signatures).toEqual([signature])
      expect(json?.transaction.message.accountKeys).toEqual([
        sender.address,
        recipient,
        '11111111111111111111111111111111',
      ])
      expect(json?.meta?.fee).toBe(5_000n)
      const [before = 0n] = json?.meta?.preBalances ?? []
      const [after = 0n] = json?.meta?.postBalances ?? []
      expect(before - after).toBe(SOL + 5_000n)

      const parsed = await rpc
        .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'jsonParsed' })
        .send()
      expect(parsed?.transaction.message.accountKeys[0]).toEqual({
        pubkey: sender.address,
        signer: true,
        source: 'transaction',
        writable: true,
      })
      const base64 = await rpc
        .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'base64' })
        .send()
      expect(base64?.transaction[1]).toBe('base64')

      const history = await rpc.getSignaturesForAddress(sender.address).send()
      expect(history.map((entry) => entry.signature)[0]).toBe(signature)
      expect(history).toHaveLength(2) // the transfer and the airdrop that funded it
    })

    it('serves airdrops as real transactions', async () => {
      const recipient = (await generateKeyPairSigner()).address
      const first = await rpc.requestAirdrop(recipient, lamports(2n * SOL)).send()
      const second = await rpc.requestAirdrop(recipient, lamports(2n * SOL)).send()
      expect(first).not.toBe(second)
      await waitForFinalized(rpc, second)
      expect((await rpc.getBalance(recipient).send()).value).toBe(4n * SOL)
      const transaction = await rpc
        .getTransaction(first, { maxSupportedTransactionVersion: 0, encoding: 'json' })
        .send()
      expect(transaction?.meta?.err).toBeNull()
    })

    it('lets tests reach the litesvm instance directly', async () => {
      const target = (await generateKeyPairSigner()).address
      server.svm.airdrop(target, lamports(3n * SOL))
      expect((await rpc.getBalance(target).send()).value).toBe(3n * SOL)
    })
  })

  it('refuses non-loopback hosts', async () => {
    await expect(startSolanaRpc({ host: '0.0.0.0' })).rejects.toThrow(/loopback/)
  })
})
