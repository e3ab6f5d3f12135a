// What packages/headless/src/test/globalDevnet.ts provides to test files (the unit project's
// global setup), typed here so this folder typechecks without importing that file's devnet sources.
import 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    devnet: {
      evmRpcUrl: string
      solanaRpcUrl: string
      solanaGenesisHash: string
      evmPrivateKeys: string[]
      evmTokens: { address: string; symbol: string; decimals: number }[]
      apiUrl: string
      walletConnectRelayUrl: string
    }
  }
}
