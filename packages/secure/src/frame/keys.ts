import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base58, base64 } from '@scure/base'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { AuthApi } from './authApi.js'
import { getSecret, putSecret } from './vault.js'

export type Namespace = 'eip155' | 'solana'
export const namespaces: readonly Namespace[] = ['eip155', 'solana']

/** The address of a 32-byte secret in its namespace's format. */
export function addressOf(namespace: Namespace, secret: Uint8Array): string {
  if (namespace === 'eip155') return privateKeyToAccount(bytesToHex(secret)).address
  return base58.encode(ed25519.getPublicKey(secret))
}

function newSecret(namespace: Namespace): Uint8Array {
  return namespace === 'eip155' ? secp256k1.utils.randomSecretKey() : ed25519.utils.randomSecretKey()
}

/** Thrown when this device lacks its share of a key the user already has (a key made on another device). */
export class ShareMissingError extends Error {
  constructor(namespace: Namespace) {
    super(`This device holds no share of the ${namespace} key`)
    this.name = 'ShareMissingError'
  }
}

const shareName = (userId: string, namespace: Namespace) => `share:${userId}:${namespace}`

/**
 * Makes sure the user has a key in every namespace. A missing key is created here, in the frame,
 * split 2-of-2: one share is encrypted into this origin's IndexedDB, the other goes to the auth
 * server. The secret itself is never stored or sent anywhere. Returns the addresses.
 */
export async function ensureKeys(api: AuthApi, userId: string): Promise<Record<Namespace, string>> {
  const { keys } = await api.keys()
  const addresses = {} as Record<Namespace, string>
  for (const namespace of namespaces) {
    const existing = keys.find((k) => k.namespace === namespace)
    if (existing) {
      addresses[namespace] = existing.address
      continue
    }
    const secret = newSecret(namespace)
    try {
      const address = addressOf(namespace, secret)
      const [deviceShare, serverShare] = await split(secret, 2, 2)
      if (!deviceShare || !serverShare) throw new Error('Key split failed')
      await putSecret(shareName(userId, namespace), deviceShare)
      await api.putShare(namespace, address, base64.encode(serverShare))
      addresses[namespace] = address
    } finally {
      secret.fill(0)
    }
  }
  return addresses
}

/** Whether this device holds its share of the user's `namespace` key. */
export async function hasDeviceShare(userId: string, namespace: Namespace): Promise<boolean> {
  return (await getSecret(shareName(userId, namespace))) !== undefined
}

/**
 * Rebuilds the `namespace` key from this device's share and the server's (released only to the
 * signed-in session on this device), checks it is the user's key, runs `use` and wipes it.
 */
export async function withSecret<T>(
  api: AuthApi,
  userId: string,
  namespace: Namespace,
  use: (secret: Uint8Array) => Promise<T> | T,
): Promise<T> {
  const deviceShare = await getSecret(shareName(userId, namespace))
  if (!deviceShare) throw new ShareMissingError(namespace)
  const { key, share } = await api.getShare(namespace)
  const secret = await combine([deviceShare, base64.decode(share)])
  try {
    // Shamir does not authenticate shares: a wrong share gives a wrong key, so check the address.
    if (addressOf(namespace, secret) !== key.address) throw new Error('The key shares do not match')
    return await use(secret)
  } finally {
    secret.fill(0)
    deviceShare.fill(0)
  }
}
