/**
 * Helpers shared by this package's tests: sign and send real transactions with `@solana/kit`
 * the way an application would. Not part of the public API.
 */
import { readdirSync, readFileSync } from 'node:fs'
import net from 'node:net'
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  devnet,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'

/** A typed kit client for the devnet RPC (the `devnet` cluster type includes requestAirdrop). */
export function createDevnetRpc(url: string) {
  return createSolanaRpc(devnet(url))
}
export type Rpc = ReturnType<typeof createDevnetRpc>

export function signerFromSeed(seedHex: string): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(Uint8Array.from(Buffer.from(seedHex, 'hex')))
}

/** Builds and signs a v0 transaction with a fresh blockhash; returns the base64 wire form and its signature. */
export async function signTransaction(
  rpc: Rpc,
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
): Promise<{ wire: ReturnType<typeof getBase64EncodedWireTransaction>; signature: Signature }> {
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return { wire: getBase64EncodedWireTransaction(signed), signature: getSignatureFromTransaction(signed) }
}

/**
 * Polls getSignatureStatuses like a client without websockets. Bounded by attempts, not time:
 * the devnet finalizes during sendTransaction, so the first poll normally succeeds.
 */
export async function waitForFinalized(rpc: Rpc, signature: Signature, attempts = 50) {
  for (let i = 0; i < attempts; i++) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.confirmationStatus === 'finalized') return status
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error(`transaction ${signature} not finalized after ${attempts} polls`)
}

/** Signs, sends (base64, with preflight) and waits for finalization. */
export async function sendAndConfirm(rpc: Rpc, feePayer: KeyPairSigner, instructions: readonly Instruction[]) {
  const { wire, signature } = await signTransaction(rpc, feePayer, instructions)
  const sent = await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
  if (sent !== signature) throw new Error(`RPC returned signature ${sent}, expected ${signature}`)
  const status = await waitForFinalized(rpc, signature)
  return { signature, status }
}

/** Raw JSON-RPC call, for checking wire-level shapes that typed clients hide. */
export async function rawRpc(url: string, body: unknown): Promise<{ status: number; json: unknown; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, json, text }
}

/** PIDs of live anvil processes started with `--port <port>` (Linux /proc). */
export function anvilProcessesOnPort(port: number): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let args: string[]
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      // A killed child lingers as a zombie until reaped; it no longer runs or holds the port.
      if (/^State:\s+Z/m.test(readFileSync(`/proc/${entry}/status`, 'utf8'))) continue
    } catch {
      continue // exited while we looked
    }
    const portIndex = args.indexOf('--port')
    if (args[0]?.endsWith('anvil') && args[portIndex + 1] === String(port)) pids.push(Number(entry))
  }
  return pids
}

export function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}
