// The devnet the root vitest globalSetup starts for browser tests (see
// packages/headless/src/test/globalDevnet.ts, which provides it).
declare module 'vitest' {
  export interface ProvidedContext {
    devnet: {
      evmRpcUrl: string
      solanaRpcUrl: string
      solanaGenesisHash: string
      evmPrivateKeys: string[]
      evmTokens: { address: string; symbol: string; decimals: number }[]
      apiUrl: string
    }
    /** The loopback image host of globalImageServer.ts. */
    imageServerUrl: string
    /** A loopback WalletConnect relay (the devnet's relay, started by globalImageServer.ts). */
    walletConnectRelayUrl: string
  }
}

export {}
