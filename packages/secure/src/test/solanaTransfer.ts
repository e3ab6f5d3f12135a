// Test helpers of the Solana tests of the secure frame (its unit tests and tests/e2e): transfers
// built byte by byte (the frame parses wire bytes itself, with no Solana SDK) and plain JSON-RPC
// calls to the devnet's Solana RPC.

/** The System Program's id (all zeros, base58 `11111111111111111111111111111111`). */
const systemProgram = new Uint8Array(32)

/**
 * An unsigned System Program transfer of `lamports` from `payer` (optionally co-signed by
 * `coSigner`); `v0` adds the version prefix and an empty lookup list.
 */
export function transferTransaction({
  payer,
  recipient,
  blockhash,
  lamports = 1_500_000_000n,
  coSigner,
  v0 = false,
}: {
  payer: Uint8Array
  recipient: Uint8Array
  blockhash: Uint8Array
  lamports?: bigint
  coSigner?: Uint8Array
  v0?: boolean
}): Uint8Array {
  const signers = coSigner ? [payer, coSigner] : [payer]
  const keys = [...signers, recipient, systemProgram]
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true) // SystemInstruction::Transfer
  view.setBigUint64(4, lamports, true)
  const message = [
    ...(v0 ? [0x80] : []),
    signers.length, // required signatures
    0, // read-only signed accounts
    1, // read-only unsigned accounts: the program
    keys.length,
    ...keys.flatMap((key) => [...key]),
    ...blockhash,
    1, // one instruction
    keys.length - 1,
    2,
    0,
    signers.length,
    data.length,
    ...data,
    ...(v0 ? [0] : []),
  ]
  return Uint8Array.from([signers.length, ...new Uint8Array(64 * signers.length), ...message])
}

/** One JSON-RPC call to the devnet's Solana RPC; a node error throws with its message. */
export async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const json = (await response.json()) as { result?: T; error?: { message: string } }
  if (json.error) throw new Error(json.error.message)
  return json.result as T
}
