import { randomBytes } from 'node:crypto'
import type { Address } from 'viem'
import { type RunningEmulator, serveEmulator } from '../emulator/app.js'
import { resolveLoopbackHost } from '../net.js'
import { createFarcasterApp } from './app.js'
import {
  type FarcasterTestUser,
  farcasterIdRegistry,
  farcasterKeyRegistry,
  farcasterTestUsers,
  installFarcasterRegistry,
} from './registry.js'
import { createFarcasterRelay } from './relay.js'

/**
 * Options for {@link startFarcaster}.
 *
 * @example
 * ```ts
 * const farcaster = await startFarcaster({ evmRpcUrl: devnet.evm.rpcUrl, relayPort: 0, appPort: 0 })
 * ```
 */
export interface StartFarcasterOptions {
  /** The devnet anvil: the IdRegistry is installed there and read from there. */
  evmRpcUrl: string
  /** Loopback address (default `127.0.0.1`); anything else is rejected. */
  host?: string
  /** The auth relay's port (0 or absent: a free port). */
  relayPort?: number
  /** The Farcaster app page's port (0 or absent: a free port). */
  appPort?: number
  /** Clock of channel expiry (one hour), for tests. */
  now?: () => number
}

/**
 * Sign In With Farcaster on the devnet: the auth relay, the Farcaster app that approves
 * channels, and the IdRegistry on the devnet chain.
 *
 * @example
 * ```ts
 * import { createAppClient, viemConnector } from '@farcaster/auth-client'
 *
 * const appClient = createAppClient({ relay: devnet.farcaster.relayUrl, ethereum: viemConnector({ rpcUrl: devnet.farcaster.rpcUrl }) })
 * const { data } = await appClient.createChannel({ siweUri: 'http://127.0.0.1:5173/login', domain: '127.0.0.1:5173' })
 * // open data.url (the devnet Farcaster app), press Approve, then:
 * const status = await appClient.watchStatus({ channelToken: data.channelToken })
 * ```
 */
export interface DevnetFarcaster {
  /** The auth relay, e.g. `http://127.0.0.1:8806` (`createAppClient({ relay })`; routes under `/v1`). */
  relayUrl: string
  /** The Farcaster app: channel links are `${appUrl}/~/siwf?channelToken=…`; `${appUrl}/try` for a human. */
  appUrl: string
  /** The RPC whose IdRegistry the verifier reads: `viemConnector({ rpcUrl })` (the devnet anvil). */
  rpcUrl: string
  /** Farcaster's IdRegistry and KeyRegistry addresses, installed on the devnet chain. */
  idRegistry: Address
  keyRegistry: Address
  /** The registered accounts, with their custody keys. */
  users: readonly FarcasterTestUser[]
  /** The relay key the devnet app sends (X-Farcaster-Auth-Relay-Key), for a test acting as the app. */
  authKey: string
  stop(): Promise<void>
}

/**
 * Installs the Farcaster IdRegistry and KeyRegistry on the devnet chain at their Optimism
 * addresses (with the test fids registered), then starts the auth relay and the Farcaster app,
 * each on its own loopback origin.
 *
 * @example
 * ```ts
 * import { startFarcaster } from '@portico/devnet'
 *
 * const farcaster = await startFarcaster({ evmRpcUrl: 'http://127.0.0.1:8545' })
 * console.log(farcaster.relayUrl, farcaster.appUrl)
 * await farcaster.stop()
 * ```
 */
export async function startFarcaster(options: StartFarcasterOptions): Promise<DevnetFarcaster> {
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  await installFarcasterRegistry(options.evmRpcUrl, farcasterTestUsers)
  const authKey = randomBytes(24).toString('base64url')
  let relayServer: RunningEmulator | undefined
  let appServer: RunningEmulator | undefined
  const relay = createFarcasterRelay({
    evmRpcUrl: options.evmRpcUrl,
    appUrl: () => appServer?.url ?? '',
    authKey,
    verifications: () => [],
    ...(options.now ? { now: options.now } : {}),
  })
  const app = createFarcasterApp({
    relayUrl: () => relayServer?.url ?? '',
    appUrl: () => appServer?.url ?? '',
    evmRpcUrl: options.evmRpcUrl,
    authKey,
    users: farcasterTestUsers,
    peek: relay.peek,
  })
  const [relayResult, appResult] = await Promise.allSettled([
    serveEmulator(relay.app, { host, port: options.relayPort ?? 0 }),
    serveEmulator(app, { host, port: options.appPort ?? 0 }),
  ])
  if (relayResult.status === 'rejected' || appResult.status === 'rejected') {
    await Promise.allSettled(
      [relayResult, appResult].map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)),
    )
    throw (relayResult.status === 'rejected' ? relayResult : (appResult as PromiseRejectedResult)).reason
  }
  relayServer = relayResult.value
  appServer = appResult.value
  const servers = [relayServer, appServer]
  let stopping: Promise<void> | undefined
  return {
    relayUrl: relayServer.url,
    appUrl: appServer.url,
    rpcUrl: options.evmRpcUrl,
    idRegistry: farcasterIdRegistry,
    keyRegistry: farcasterKeyRegistry,
    users: farcasterTestUsers,
    authKey,
    stop() {
      stopping ??= Promise.all(servers.map((s) => s.stop())).then(() => undefined)
      return stopping
    },
  }
}
