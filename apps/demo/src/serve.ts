// The demo host site arrives with the modal; until then `npm run demo` starts the devnet the demo
// will run on and prints what runs where, so a newcomer can point a wallet or a script at it.
import { startDevnet } from '@portico/devnet'

const devnet = await startDevnet({
  evm: { port: Number(process.env.PORTICO_EVM_PORT ?? 8545) },
  solana: { port: Number(process.env.PORTICO_SOLANA_PORT ?? 8899) },
})

const lines = [
  'Portico devnet is running (loopback only). Ctrl+C stops it.',
  '',
  `EVM (anvil)     ${devnet.evm.rpcUrl}   chain ${devnet.evm.caipNetworkId}`,
  ...devnet.evm.tokens.map((t) => `  ${t.symbol.padEnd(5)} ${t.address}  (${t.decimals} decimals)`),
  ...devnet.evm.accounts.map((a, i) => `  #${i} ${a.address}  key ${a.privateKey}`),
  '',
  `Solana (litesvm) ${devnet.solana.rpcUrl}   chain ${devnet.solana.caipNetworkId}`,
  ...devnet.solana.tokens.map((t) => `  ${t.symbol.padEnd(5)} mint ${t.mint}  (${t.decimals} decimals)`),
  ...devnet.solana.accounts.map((a, i) => `  #${i} ${a.address}  seed ${a.seed}`),
  '',
  'Coming next here: the demo site (prebuilt modal, custom UI on the headless hooks, theming).',
]
console.log(lines.join('\n'))

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    void devnet.stop().then(() => process.exit(0))
  })
