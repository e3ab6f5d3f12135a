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
      /** The devnet WalletConnect relay. */
      walletConnectRelayUrl: string
      /** The devnet on-ramp provider's checkout origin. */
      onrampUrl: string
      /** The devnet Uniswap V2 router (the spender swaps approve). */
      swapRouter: string
      /** The devnet's ERC-4337 bundler (Alto, started on its first request) and ERC-7677 paymaster service. */
      bundlerUrl: string
      paymasterUrl: string
      /** A loopback URL whose server drops every connection: a bundler that is down. */
      downBundlerUrl: string
    }
    /** The loopback image host of globalImageServer.ts. */
    imageServerUrl: string
    /** The embedded wallet's auth server, inbox, secure frame and clock control (globalAuth.ts). */
    embedded: {
      authUrl: string
      frameUrl: string
      /** The same frame on another origin: another device. */
      otherFrameUrl: string
      /** A frame in the default recovery mode (user-held: the recovery code is shown once). */
      userHeldFrameUrl: string
      inboxUrl: string
      clockUrl: string
      projectId: string
    }
  }
}

export {}
