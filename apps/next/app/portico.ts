// The configuration, shared by the server (layout.tsx reads the cookies with it) and the client
// (providers.tsx). `@portico/headless/core` has no 'use client', so a server component can use it.
import { cookieStorage, eip155Network, getDefaultConfig, mainnet, solana } from '@portico/headless/core'

// NEXT_PUBLIC_* values are inlined at build time; set it while `portico-devnet` runs.
const devnetRpcUrl = process.env.NEXT_PUBLIC_PORTICO_DEVNET_RPC_URL
const devnet = devnetRpcUrl
  ? eip155Network({ id: 31337, name: 'Portico Devnet', rpcUrl: devnetRpcUrl, testnet: true })
  : undefined

export const portico = getDefaultConfig({
  appName: 'Portico on Next.js',
  projectId: process.env.NEXT_PUBLIC_PORTICO_PROJECT_ID,
  networks: devnet ? [devnet, mainnet, solana] : [mainnet, solana],
  // Cookies, so the server sees the connection; storage is read on the client only after hydration.
  ssr: true,
  storage: cookieStorage,
})
