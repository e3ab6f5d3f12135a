/**
 * The key-value storage the WalletConnect SDK keeps sessions, pairings and keys in
 * (`IKeyValueStorage`). Default: IndexedDB in a browser. Node hosts and tests pass their own.
 */
export type WalletConnectStorage = {
  getKeys(): Promise<string[]>
  getEntries<value = unknown>(): Promise<[string, value][]>
  getItem<value = unknown>(key: string): Promise<value | undefined>
  setItem<value = unknown>(key: string, value: value): Promise<void>
  removeItem(key: string): Promise<void>
}

/** Options of the WalletConnect connector (`createPortico({ walletConnect })`). */
export type WalletConnectOptions = {
  /** The relay's websocket URL. Default: the hosted relay, `wss://relay.walletconnect.org`. */
  relayUrl?: string | undefined
  /**
   * Base URL of the Verify service the dapp registers attestations with (its `/v3` API), or
   * `false` for none. Default: `https://verify.walletconnect.org`.
   */
  verifyUrl?: string | false | undefined
  /** Where the SDK persists sessions. Default: the SDK's (IndexedDB in a browser). */
  storage?: WalletConnectStorage | undefined
  /** How long a pairing URI is offered before a fresh one replaces it. Default 240 s (spec: 4 min). */
  pairingExpirySeconds?: number | undefined
  /** Send the SDK's own telemetry to its hosted analytics. Default `false`. */
  telemetry?: boolean | undefined
  /**
   * Ready WalletConnect ahead of the pick, so its QR code shows sooner. Nothing of it loads when
   * the prebuilt modal opens. The modal loads the SDK's code (not started: no socket, storage or
   * keys; `prepareWalletConnect` with `start: false`, ~0.8 MB in memory from then on) when the user reaches for "All
   * Wallets", and the code, the client and one pairing URI when the user reaches for a row that
   * leads to WalletConnect: the pointer moving over or pressing, or focus on, its row, a recent,
   * featured or recommended WalletConnect wallet or a directory wallet (`prepareWalletConnect`,
   * ~1 MB more). `false` loads all of it on the pick instead. Default `true`.
   */
  prepare?: boolean | undefined
  /**
   * What WalletConnect's log records (and prints): `'error'` (the default, spec), down to
   * `'trace'` when chasing a problem, or `'silent'`. Keys and tokens are never recorded; read the
   * log with `getWalletConnectLogs`.
   */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | undefined
}

/** @internal WalletConnect options with every default filled in. */
export type ResolvedWalletConnectOptions = {
  relayUrl: string
  verifyUrl: string | false
  storage: WalletConnectStorage | undefined
  storagePrefix: string
  pairingExpiryMs: number
  pairingRetryMs: number
  pairingAttempts: number
  telemetry: boolean
  prepare: boolean
  logLevel: NonNullable<WalletConnectOptions['logLevel']>
}

/** Connector id of WalletConnect in every namespace. */
export const walletConnectConnectorId = 'walletConnect'

/** Spec: pairing expiry 4 min, retry after 1 s; default relay a secure websocket. */
export const walletConnectDefaults = {
  relayUrl: 'wss://relay.walletconnect.org',
  verifyUrl: 'https://verify.walletconnect.org',
  pairingExpiryMs: 240_000,
  pairingRetryMs: 1_000,
  pairingAttempts: 3,
  storagePrefix: '@portico/',
} as const

/** @internal */
export function resolveWalletConnectOptions(options: WalletConnectOptions = {}): ResolvedWalletConnectOptions {
  return {
    relayUrl: options.relayUrl ?? walletConnectDefaults.relayUrl,
    verifyUrl:
      options.verifyUrl === false ? false : (options.verifyUrl ?? walletConnectDefaults.verifyUrl).replace(/\/+$/, ''),
    storage: options.storage,
    storagePrefix: walletConnectDefaults.storagePrefix,
    pairingExpiryMs:
      options.pairingExpirySeconds === undefined
        ? walletConnectDefaults.pairingExpiryMs
        : options.pairingExpirySeconds * 1000,
    pairingRetryMs: walletConnectDefaults.pairingRetryMs,
    pairingAttempts: walletConnectDefaults.pairingAttempts,
    telemetry: options.telemetry ?? false,
    prepare: options.prepare ?? true,
    logLevel: options.logLevel ?? 'error',
  }
}

/**
 * An in-memory {@link WalletConnectStorage}, for Node hosts and tests: pass the same object to a
 * new Portico instance to simulate a page reload.
 *
 * @example
 * const storage = createMemoryWalletConnectStorage()
 * createPortico({ …, walletConnect: { relayUrl, storage } })
 */
export function createMemoryWalletConnectStorage(): WalletConnectStorage {
  const entries = new Map<string, unknown>()
  // Values are cloned like a real store would, so no caller keeps a live reference to stored state.
  const clone = <value>(value: value): value => (value === undefined ? value : JSON.parse(JSON.stringify(value)))
  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async <value>() => [...entries.entries()].map(([k, v]) => [k, clone(v)] as [string, value]),
    getItem: async <value>(key: string) => clone(entries.get(key)) as value | undefined,
    setItem: async (key, value) => {
      entries.set(key, clone(value))
    },
    removeItem: async (key) => {
      entries.delete(key)
    },
  }
}
