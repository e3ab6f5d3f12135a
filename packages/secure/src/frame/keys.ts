import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base58, base64 } from '@scure/base'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type AuthApi, AuthApiError } from './authApi.js'
import { type RecoveryMode, sealWithCode } from './recovery.js'
import { RpcError } from './rpcError.js'
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

/**
 * Thrown when this device holds no share of a key made on another device and the auth server
 * refuses it the recovery shares: it was never approved from the link in the mail. Code 4100
 * (EIP-1193 "unauthorized"): the kit turns it into its typed error.
 */
export class ShareMissingError extends RpcError {
  constructor(namespace: Namespace, reason: string) {
    super(`This device holds no share of the ${namespace} key: ${reason}`, 4100)
    this.name = 'ShareMissingError'
  }
}

export const shareName = (userId: string, namespace: Namespace) => `share:${userId}:${namespace}`

/**
 * How this frame protects the recovery share of a key it makes, and how it opens one made
 * elsewhere. `newCode` shows a new recovery code to the user and resolves once they confirm having
 * kept it (asked once per login, whatever the number of keys made); `openShare` asks the user for
 * their code and returns the opened share (it retries on a wrong code itself).
 */
export type RecoveryPolicy = {
  mode: RecoveryMode
  newCode(): Promise<string>
  openShare(sealed: Uint8Array, address: string, namespace: Namespace): Promise<Uint8Array>
}

/** Operator-assisted recovery only: what a frame without a user in front of it (a test) can do. */
export const operatorAssisted: RecoveryPolicy = {
  mode: 'operator-assisted',
  newCode: () => Promise.reject(new Error('No recovery code in operator-assisted mode')),
  openShare: () => Promise.reject(new Error('This wallet needs its recovery code')),
}

/**
 * Makes sure the user has a key in every namespace. A missing key is created here, in the frame,
 * and split 2-of-3: share 1 is encrypted into this origin's IndexedDB, share 2 goes to the auth
 * server for this device, share 3 (the recovery share) goes to the auth server too: in user-held
 * mode encrypted here first with a recovery code the user keeps (the server cannot open it), in
 * operator-assisted mode as is (the server seals it with its recovery key). The secret itself is
 * never stored or sent anywhere. Returns the addresses.
 */
export async function ensureKeys(
  api: AuthApi,
  userId: string,
  recovery: RecoveryPolicy = operatorAssisted,
): Promise<Record<Namespace, string>> {
  const { keys } = await api.keys()
  const addresses = {} as Record<Namespace, string>
  let code: Promise<string> | undefined
  for (const namespace of namespaces) {
    const existing = keys.find((k) => k.namespace === namespace)
    if (existing) {
      addresses[namespace] = existing.address
      continue
    }
    const secret = newSecret(namespace)
    try {
      const address = addressOf(namespace, secret)
      const [deviceShare, serverShare, recoveryShare] = await split(secret, 3, 2)
      if (!deviceShare || !serverShare || !recoveryShare) throw new Error('Key split failed')
      let storedRecovery = recoveryShare
      if (recovery.mode === 'user-held') {
        code ??= recovery.newCode()
        storedRecovery = await sealWithCode(recoveryShare, await code, address)
        recoveryShare.fill(0)
      }
      await putSecret(shareName(userId, namespace), deviceShare)
      await api.putShare(namespace, address, base64.encode(serverShare), base64.encode(storedRecovery), recovery.mode)
      addresses[namespace] = address
    } finally {
      secret.fill(0)
    }
  }
  return addresses
}

/**
 * The key the two shares make when it is the key at `address`; `undefined` otherwise. Shamir does
 * not authenticate shares: two that are not of one split give a wrong key (checked here against
 * the address) or, when their x-coordinates happen to be equal (1 in 255 for two splits), no key
 * at all (the library throws). Both are the same fact, a pair that does not match.
 */
async function rebuild(namespace: Namespace, shares: [Uint8Array, Uint8Array], address: string) {
  let secret: Uint8Array
  try {
    secret = await combine(shares)
  } catch {
    return undefined
  }
  if (addressOf(namespace, secret) === address) return secret
  secret.fill(0)
  return undefined
}

/**
 * Gives this device its own pair of shares of a key made elsewhere: the auth server releases
 * shares 2 and 3 to a device approved from the mailed link only; the key rebuilt from them is
 * checked against the address, split again 2-of-2 (one half in this origin's IndexedDB, the other
 * to the server for this device) and wiped. Returns the rebuilt key for one immediate use (the
 * caller wipes it).
 */
async function recover(
  api: AuthApi,
  userId: string,
  namespace: Namespace,
  recovery: RecoveryPolicy,
): Promise<Uint8Array> {
  let released: Awaited<ReturnType<AuthApi['recoverShares']>>
  try {
    released = await api.recoverShares(namespace)
  } catch (error) {
    if (error instanceof AuthApiError && (error.code === 'RECOVERY_NOT_ALLOWED' || error.code === 'SHARE_NOT_FOUND'))
      throw new ShareMissingError(namespace, error.message)
    throw error
  }
  // A user-held recovery share is ciphertext: only the user's recovery code opens it.
  const recoveryShare =
    released.key.recoveryMode === 'user-held'
      ? await recovery.openShare(base64.decode(released.recoveryShare), released.key.address, namespace)
      : base64.decode(released.recoveryShare)
  const secret = await rebuild(namespace, [base64.decode(released.share), recoveryShare], released.key.address)
  recoveryShare.fill(0)
  if (!secret) throw new Error('The key shares do not match')
  const [deviceShare, serverShare] = await split(secret, 2, 2)
  if (!deviceShare || !serverShare) throw new Error('Key split failed')
  // Server half first: a device half stored without its server half would be a dead share.
  await api.putDeviceShare(namespace, base64.encode(serverShare))
  await putSecret(shareName(userId, namespace), deviceShare)
  deviceShare.fill(0)
  return secret
}

/**
 * Makes sure this device can sign in `namespace` (recovering its own share pair on a device
 * approved from the link), before the user is asked to approve anything.
 */
export async function ensureDeviceShare(
  api: AuthApi,
  userId: string,
  namespace: Namespace,
  recovery: RecoveryPolicy = operatorAssisted,
): Promise<void> {
  if ((await getSecret(shareName(userId, namespace))) !== undefined) return
  ;(await recover(api, userId, namespace, recovery)).fill(0)
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
  recovery: RecoveryPolicy = operatorAssisted,
): Promise<T> {
  const deviceShare = await getSecret(shareName(userId, namespace))
  let secret: Uint8Array | undefined
  if (deviceShare) {
    try {
      const { key, share } = await api.getShare(namespace)
      secret = await rebuild(namespace, [deviceShare, base64.decode(share)], key.address)
    } catch (error) {
      // This device's server half is gone (or was never stored): recover below, when allowed.
      if (!(error instanceof AuthApiError && error.code === 'SHARE_NOT_FOUND')) throw error
    } finally {
      deviceShare.fill(0)
    }
  }
  // No pair, or a pair that does not match (two tabs recovering at once kept halves of two
  // splits): a device approved by link splits the key again; any other gets ShareMissingError.
  secret ??= await recover(api, userId, namespace, recovery)
  try {
    return await use(secret)
  } finally {
    secret.fill(0)
  }
}

/** Combines Shamir shares (no check: a wrong share gives a wrong secret, see {@link addressOf}). */
export const combineShares = (shares: Uint8Array[]): Promise<Uint8Array> => combine(shares)
