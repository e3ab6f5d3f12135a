// `pnpm --filter @portico/demo dev` (and `npm run demo`): the devnet plus the demo site, until Ctrl+C.
import { startDemo } from './server.js'

const port = process.env.PORTICO_DEMO_PORT ? Number(process.env.PORTICO_DEMO_PORT) : 5173
const demo = await startDemo({
  port,
  evmPort: Number(process.env.PORTICO_EVM_PORT ?? 8545),
  solanaPort: Number(process.env.PORTICO_SOLANA_PORT ?? 8899),
})
const { devnet } = demo

const lines = [
  `Portico demo: ${demo.url}`,
  'The page installs a "Devnet Wallet" (EIP-6963 + Wallet Standard) holding the devnet accounts below.',
  '',
  'Pages (try this):',
  `  ${demo.url}#/          prebuilt modal: Connect Wallet > Devnet Wallet, then Send, Swap ETH > USDC, Buy`,
  `  ${demo.url}#/custom    the same on the @portico/headless hooks only: connect, balances, sign, send`,
  `  ${demo.url}#/theming   theming playground: change the accent, radius and mode, watch the modal follow`,
  `  ${demo.url}#/sign-in   Sign in with X: connect, sign the message, the site's backend names who signed in`,
  `  ${demo.url}inbox       mail inbox: Connect Wallet > Email, enter any address; its code shows here`,
  `  ${demo.url}faucet      faucet: paste the new email wallet's address, get 10 ETH for its first transaction`,
  `  ${devnet.onramp.url}/checkout   on-ramp checkout: opened by Buy; card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined`,
  '',
  'Services:',
  `  Hosted-services emulator ${devnet.api.url}   (wallet directory, balances, activity, swap quotes, names; apiUrls in your app)`,
  `  Auth server              ${devnet.auth.url}   secure frame ${devnet.auth.frameUrl}   inbox ${devnet.auth.inboxUrl}`,
  '',
  `EVM (anvil)      ${devnet.evm.rpcUrl}   chain ${devnet.evm.caipNetworkId} (also shown as "Devnet 2", eip155:31338)`,
  ...devnet.evm.tokens.map((t) => `  ${t.symbol.padEnd(5)} ${t.address}  (${t.decimals} decimals)`),
  ...devnet.evm.accounts.map((a, i) => `  #${i} ${a.address}  key ${a.privateKey}`),
  '',
  `Solana (litesvm) ${devnet.solana.rpcUrl}   chain ${devnet.solana.caipNetworkId}`,
  ...devnet.solana.tokens.map((t) => `  ${t.symbol.padEnd(5)} mint ${t.mint}  (${t.decimals} decimals)`),
  ...devnet.solana.accounts.map((a, i) => `  #${i} ${a.address}  seed ${a.seed}`),
  '',
  `WalletConnect    relay ${devnet.walletConnect.relayUrl}   Verify ${devnet.walletConnect.verifyUrl}`,
  `  Web wallet     ${devnet.walletConnect.walletUrl}`,
  '  Pick WalletConnect in the modal, press "Copy link", paste it into the web wallet and approve:',
  '  one session for eip155, solana, polkadot, bip122 and cosmos with the devnet keys.',
  '',
  "Social login providers (OpenID Connect / OAuth 2, code + PKCE; every test user's password: devnet-password)",
  ...Object.values(devnet.social.providers).map(
    (p) => `  ${p.name.padEnd(9)} ${p.issuer}   users ${p.users.map((u) => u.username).join(', ')}`,
  ),
  `  Try this: open ${devnet.social.providers.github.tryUrl} (or any provider's /devnet/try), pick a user: the page names who logged in.`,
  '',
  `Farcaster        relay ${devnet.farcaster.relayUrl}   app ${devnet.farcaster.appUrl}   IdRegistry ${devnet.farcaster.idRegistry} on anvil`,
  `  Try this: open ${devnet.farcaster.appUrl}/try, press Approve, then "See what the app receives" (verified against the IdRegistry).`,
  '',
  `ERC-4337         bundler ${devnet.aa.bundlerUrl}   paymaster ${devnet.aa.paymasterUrl}   EntryPoint v0.8 ${devnet.aa.entryPoint}`,
  '',
  'Everything listens on loopback only. Ctrl+C stops the site, the chains and the relay.',
]
console.log(lines.join('\n'))

// The bundler (Alto) loads for seconds: warm it now, not on the first user operation.
const warming = performance.now()
devnet.aa.bundler.ready().then(
  () => console.log(`Bundler ready (${Math.round(performance.now() - warming)} ms).`),
  (error: Error) => console.error(`The bundler failed to start: ${error.message}`),
)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    void demo.stop().then(() => process.exit(0))
  })
