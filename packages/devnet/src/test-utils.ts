/**
 * Helpers shared by this package's tests: sign and send real transactions with `@solana/kit`
 * the way an application would. Not part of the public API.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
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

/** PIDs of live anvil processes holding a socket that listens on `port` (Linux /proc). */
export function anvilProcessesOnPort(port: number): number[] {
  const listening = listeningSocketInodes(port)
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[0]
      if (!command?.endsWith('anvil')) continue
      // A killed child lingers as a zombie until reaped; it no longer runs or holds the port.
      if (/^State:\s+Z/m.test(readFileSync(`/proc/${entry}/status`, 'utf8'))) continue
      const holds = readdirSync(`/proc/${entry}/fd`).some((fd) => {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`))?.[1]
        return inode !== undefined && listening.has(inode)
      })
      if (holds) pids.push(Number(entry))
    } catch {
      // exited while we looked
    }
  }
  return pids
}

/** Inodes of the sockets listening on `port` (IPv4 and IPv6), from the kernel's own tables. */
function listeningSocketInodes(port: number): Set<string> {
  const inodes = new Set<string>()
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let rows: string[]
    try {
      rows = readFileSync(table, 'utf8').trim().split('\n').slice(1)
    } catch {
      continue
    }
    for (const row of rows) {
      const [, local, , state, , , , , , inode] = row.trim().split(/\s+/)
      if (state === '0A' && local?.endsWith(`:${hexPort}`) && inode) inodes.add(inode)
    }
  }
  return inodes
}

export function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}
