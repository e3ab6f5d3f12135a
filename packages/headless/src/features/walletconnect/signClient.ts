import type { Logger } from '@walletconnect/logger'
import type SignClient from '@walletconnect/sign-client'
import type { Portico } from '../../kernel/portico.js'
import type { ResolvedWalletConnectOptions } from '../../kernel/walletConnectOptions.js'

/** @internal The SDK's sign client. */
export type Client = Awaited<ReturnType<typeof SignClient.init>>

/**
 * @internal
 * The sign client for `portico`, from the SDK's module: the app's metadata (a default from the
 * page's origin), the relay, the storage prefix and telemetry as configured, the instance's log
 * (see `logger.ts`), Verify pointed at the configured host or turned off.
 *
 * @example
 * const client = await initSignClient(await import('@walletconnect/sign-client'), portico, options, log.logger)
 */
export async function initSignClient(
  sdk: typeof import('@walletconnect/sign-client'),
  portico: Portico,
  options: ResolvedWalletConnectOptions,
  logger: Logger,
): Promise<Client> {
  // The named export, not the default: Node loads the SDK's CommonJS build, whose default export
  // is the whole module object (bundlers give the class either way).
  const { SignClient: SignClientClass } = sdk
  const metadata = portico.options.metadata ?? defaultMetadata()
  const client = await SignClientClass.init({
    projectId: portico.options.projectId,
    relayUrl: options.relayUrl,
    metadata: { ...metadata, icons: [...metadata.icons] },
    customStoragePrefix: options.storagePrefix,
    telemetryEnabled: options.telemetry,
    logger,
    ...(options.storage ? { storage: options.storage as never } : {}),
  })
  configureVerify(client, options.verifyUrl)
  return client
}

/**
 * The SDK has no option for the Verify host (it only honours its own hosted ones), so the URL is
 * set on the instance it reads it from; `false` turns the dapp-side attestation off entirely
 * (no hidden iframe, no 5 s wait on a host that cannot be reached).
 */
function configureVerify(client: Client, verifyUrl: string | false) {
  const verify = client.core.verify as unknown as {
    verifyUrlV3?: string
    register?: (...args: unknown[]) => Promise<string>
  }
  if (verifyUrl === false) verify.register = async () => ''
  else verify.verifyUrlV3 = `${verifyUrl}/v3`
}

/** @internal The SDK rejects a declined proposal with the wallet's reason ({code, message}), not an Error. */
export function isRejectionReason(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 5000 || code === 5001 || code === 5002 || code === 4001
}

export function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms))
}

function defaultMetadata() {
  const url = typeof window !== 'undefined' ? window.location.origin : 'http://localhost'
  return { name: 'Portico', description: 'Connect a wallet', url, icons: [] as string[] }
}

/**
 * @internal
 * Closes `client`'s relay connection and stops its timers. The SDK keeps one core per storage
 * prefix in a global; it is released too, so a later client (a remounted app, a test) starts fresh
 * from storage instead of inheriting a closed socket.
 *
 * @example
 * await closeSignClient(client, '@portico/')
 */
export async function closeSignClient(client: Client, storagePrefix: string): Promise<void> {
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => {})
  const key = `_walletConnectCore_${storagePrefix}`
  const globals = globalThis as Record<string, unknown>
  if (globals[key] === client.core) {
    delete globals[key]
    delete globals[`${key}_count`]
  }
}
