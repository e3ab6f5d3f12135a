import { base58, base64 } from '@scure/base'
import type { ChainNamespace } from '../../kernel/utils/caip.js'

/** A WalletConnect request: method and params in the namespace's own format. */
export type WalletConnectRequest = { method: string; params: unknown }

const encoder = new TextEncoder()
const toBytes = (message: string | Uint8Array) => (typeof message === 'string' ? encoder.encode(message) : message)
const toHex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * @internal
 * The request that signs a plain message on each namespace (the WalletConnect namespace specs):
 * eip155 `personal_sign`, solana `solana_signMessage` (base58 bytes), polkadot
 * `polkadot_signMessage`, bip122 `signMessage` (ECDSA, BIP-137), cosmos ADR-36 through
 * `cosmos_signAmino` (cosmos has no plain message-signing method).
 */
export function signMessageRequest(
  namespace: ChainNamespace,
  { address, message }: { address: string; message: string | Uint8Array },
): WalletConnectRequest {
  switch (namespace) {
    case 'eip155':
      return { method: 'personal_sign', params: [toHex(toBytes(message)), address] }
    case 'solana':
      return { method: 'solana_signMessage', params: { message: base58.encode(toBytes(message)), pubkey: address } }
    case 'polkadot':
      return {
        method: 'polkadot_signMessage',
        params: { address, message: typeof message === 'string' ? message : toHex(message) },
      }
    case 'bip122':
      return {
        method: 'signMessage',
        params: {
          account: address,
          address,
          message: typeof message === 'string' ? message : new TextDecoder().decode(message),
          protocol: 'ecdsa',
        },
      }
    case 'cosmos':
      return { method: 'cosmos_signAmino', params: { signerAddress: address, signDoc: adr36SignDoc(address, message) } }
  }
}

/**
 * @internal
 * ADR-36 "sign arbitrary data" document: a zero-fee amino sign doc whose only message carries
 * the data, so a wallet's amino signer signs it and it can never be a valid transaction.
 */
export function adr36SignDoc(signer: string, message: string | Uint8Array) {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] as never[] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: base64.encode(toBytes(message)) } }],
    memo: '',
  }
}

/**
 * @internal
 * The signature out of a wallet's answer, in the namespace's usual encoding: 0x-hex (eip155,
 * polkadot), base58 (solana), base64 (bip122, cosmos). Anything else is a malformed answer.
 */
export function parseSignature(namespace: ChainNamespace, result: unknown): string {
  const field = (value: unknown, ...path: string[]) => {
    let current = value
    for (const key of path)
      current = current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined
    return current
  }
  const signature =
    namespace === 'eip155'
      ? result
      : namespace === 'cosmos'
        ? field(result, 'signature', 'signature')
        : field(result, 'signature')
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 10_000)
    throw new TypeError(`The wallet returned no ${namespace} signature`)
  return signature
}
