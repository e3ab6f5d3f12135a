#!/usr/bin/env node
/**
 * portico-devnet: starts the local EVM (anvil) and Solana (litesvm) chains, the emulator of the
 * hosted services, a local WalletConnect relay, the auth server, the social-login providers,
 * Sign In With Farcaster, and the ERC-4337 bundler and paymaster, and keeps them running until
 * SIGINT/SIGTERM.
 *
 * Works without a build: it loads `../dist/index.js` when the package has been built (the
 * published case) and otherwise the TypeScript sources through tsx's API (the workspace case).
 * Set PORTICO_DEVNET_FROM_SOURCE=1 to prefer the sources even when a (possibly stale) dist exists.
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'

const USAGE = `Usage: portico-devnet [--evm-port N] [--solana-port N] [--api-port N | --no-api] [--wc-port N | --no-wc]
                      [--auth-port N] [--frame-port N] [--inbox-port N] [--smtp-port N] [--no-auth] [--no-auth-warmup] [--onramp-port N]
                      [--social-port N | --no-social] [--farcaster-port N | --no-farcaster]
                      [--bundler-port N] [--paymaster-port N] [--no-aa] [--no-bundler-warmup] [--host H] [--json]

Starts the Portico devnet on loopback and prints its URLs, accounts and tokens.

  --evm-port N      anvil JSON-RPC port (default 8545; 0 picks a free port)
  --solana-port N   Solana JSON-RPC port (default 8899; 0 picks a free port)
  --api-port N      hosted-services emulator port (default 8787; 0 picks a free port)
  --no-api          do not start the hosted-services emulator
  --wc-port N       WalletConnect relay + Verify port (default 8788; 0 picks a free port)
  --no-wc           do not start the WalletConnect relay
  --auth-port N     embedded-wallet auth server port (default 8790; 0 picks a free port)
  --frame-port N    embedded wallet's secure frame port, its own origin (default 8793; 0 picks a free port)
  --inbox-port N    mail inbox HTTP port (default 8791; 0 picks a free port)
  --smtp-port N     mail inbox SMTP port (default 2525; 0 picks a free port)
  --no-auth         do not start the auth server and the mail inbox
  --no-auth-warmup  open the auth database on the first login instead of at start
  --onramp-port N   on-ramp provider checkout port (default 8792; 0 picks a free port)
  --social-port N   first social-login provider port: google N, github N+1, apple N+2, facebook N+3,
                    x N+4, discord N+5 (default 8800; 0 picks free ports)
  --no-social       do not start the social-login providers
  --farcaster-port N  Farcaster auth relay port, the Farcaster app on N+1 (default 8806; 0 picks free ports)
  --no-farcaster    do not start the Farcaster relay and app
  --bundler-port N  ERC-4337 bundler (Alto) port (default 4337; 0 picks a free port)
  --paymaster-port N  paymaster service port (default 4338; 0 picks a free port)
  --no-aa           do not start the bundler and the paymaster
  --no-bundler-warmup  start the bundler on its first request instead of at start
  --host H          loopback address to bind (default 127.0.0.1)
  --json            print one line of JSON instead of the summary (for scripts)
  -h, --help        show this help`

async function loadDevnet() {
  const dist = new URL('../dist/index.js', import.meta.url)
  if (existsSync(dist) && process.env.PORTICO_DEVNET_FROM_SOURCE !== '1') return import(dist.href)
  let tsImport
  try {
    ;({ tsImport } = await import('tsx/esm/api'))
  } catch {
    throw new Error('@portico/devnet is not built and tsx is not installed: run `pnpm --filter @portico/devnet build`')
  }
  // Workspace packages (e.g. @portico/auth) resolve to their sources too, as in the tests.
  const { register } = await import('node:module')
  register(
    'data:text/javascript,export function resolve(s, c, next) { return next(s, { ...c, conditions: [...c.conditions, "portico-source"] }) }',
  )
  return tsImport('../src/index.ts', import.meta.url)
}

function parsePort(value, flag) {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${flag} expects a port number (0-65535), got "${value}"`)
  return port
}

const socialNames = ['google', 'github', 'apple', 'facebook', 'x', 'discord']

/** Ports from `first` on, one per service (0: a free port each); the whole range must be valid. */
function portRange(first, count, flag) {
  if (first !== 0 && first + count - 1 > 65535)
    throw new Error(`${flag} ${first} needs ports up to ${first + count - 1}; pick one at most ${65536 - count}`)
  return Array.from({ length: count }, (_, i) => (first === 0 ? 0 : first + i))
}

function socialPorts(first) {
  const ports = portRange(first, socialNames.length, '--social-port')
  return Object.fromEntries(socialNames.map((name, i) => [name, ports[i]]))
}

function summary(devnet, startupMs) {
  const { evm, solana, api, walletConnect, onramp, social, farcaster } = devnet
  const lines = [
    `Portico devnet is running (started in ${startupMs} ms). Keys below are public test keys: local use only.`,
    '',
    'EVM (anvil)',
    `  RPC URL       ${evm.rpcUrl}`,
    `  Chain id      ${evm.chainId} (${evm.caipNetworkId})`,
    '  Tokens',
    ...evm.tokens.map((t) => `    ${t.symbol.padEnd(5)} ${t.address}  ${t.name}, ${t.decimals} decimals`),
    `  Uniswap V2    Router02 ${evm.dex.router}  factory ${evm.dex.factory}  WETH ${evm.dex.weth}`,
    `  Pools         ${Object.keys(evm.dex.pairs).join(', ')}`,
    '  Accounts (10,000 ETH each)',
    ...evm.accounts.map((a, i) => `    #${i} ${a.address}  private key ${a.privateKey}`),
    '',
    'Solana (litesvm)',
    `  RPC URL       ${solana.rpcUrl}`,
    `  Network       ${solana.caipNetworkId}`,
    `  Genesis hash  ${solana.genesisHash}`,
    '  Tokens (SPL Token program)',
    ...solana.tokens.map((t) => `    ${t.symbol.padEnd(5)} ${t.mint}  ${t.name}, ${t.decimals} decimals`),
    '  Accounts (1,000 SOL each; seed = 32-byte ed25519 secret, hex)',
    ...solana.accounts.map((a, i) => `    #${i} ${a.address.padEnd(44)}  seed ${a.seed}`),
    '',
    ...(api
      ? [
          'Hosted-services emulator',
          `  URL           ${api.url}  (directory, analytics, blockchain API and hosted RPC)`,
          `  Switches      POST ${api.url}/__devnet/switches  ·  analytics: GET ${api.url}/__devnet/analytics`,
          '',
        ]
      : []),
    ...(devnet.auth
      ? [
          'Embedded-wallet auth (PGlite in a temp folder)',
          `  Auth URL      ${devnet.auth.url}  (projects: ${devnet.auth.projectIds.join(', ')})`,
          `  Secure frame  ${devnet.auth.frameUrl}/?projectId=portico-demo&chainId=31337`,
          `  Mail inbox    ${devnet.auth.inboxUrl}/  (open it after an email login: each code up front)`,
          `                ${devnet.auth.inboxUrl}/messages/latest?to=EMAIL  (JSON, code and link extracted; SMTP port ${devnet.auth.inbox.smtpPort})`,
          '',
        ]
      : []),
    ...(walletConnect
      ? [
          'WalletConnect',
          `  Relay URL     ${walletConnect.relayUrl}  (SDK relayUrl; irn JSON-RPC with a mailbox)`,
          `  Verify URL    ${walletConnect.verifyUrl}  (Verify API: /v3/public-key, /v3/attestation)`,
          `  Web wallet    ${walletConnect.walletUrl}  (paste a pairing URI, approve with the devnet keys)`,
          '',
        ]
      : []),
    'On-ramp provider',
    `  Checkout      ${onramp.url}/checkout  (test card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined)`,
    '',
    ...(social
      ? [
          'Social login (OpenID Connect / OAuth 2, code + PKCE; discovery at ISSUER/.well-known/openid-configuration)',
          ...Object.values(social.providers).map(
            (p) =>
              `  ${p.name.padEnd(9)} ${p.issuer}  client ${p.clientId} / ${p.clientSecret}  users ${p.users.map((u) => u.username).join(', ')}`,
          ),
          `  Try this      open ${social.providers.google.tryUrl} (any provider's /devnet/try): log in, see the username read`,
          '  Password      devnet-password for every test user',
          '',
        ]
      : []),
    ...(farcaster
      ? [
          'Sign In With Farcaster',
          `  Auth relay    ${farcaster.relayUrl}  (createAppClient({ relay }); verify with viemConnector({ rpcUrl: ${farcaster.rpcUrl} }))`,
          `  Farcaster app ${farcaster.appUrl}  (channel links /~/siwf?channelToken=…; IdRegistry ${farcaster.idRegistry})`,
          `  Try this      open ${farcaster.appUrl}/try: approve as ${farcaster.users.map((u) => `@${u.username} (fid ${u.fid})`).join(' or ')}`,
          '',
        ]
      : []),
    ...(devnet.aa
      ? [
          'Account abstraction (ERC-4337, EntryPoint v0.8)',
          `  Bundler       ${devnet.aa.bundlerUrl}  (Alto; eth_sendUserOperation, eth_getUserOperationReceipt, ...)`,
          `  Paymaster     ${devnet.aa.paymasterUrl}  (ERC-7677 pm_getPaymasterStubData / pm_getPaymasterData; sponsors everything)`,
          `  Switches      GET/POST ${devnet.aa.paymasterUrl}/__devnet/switches`,
          `  EntryPoint    ${devnet.aa.entryPoint}`,
          `  Accounts      SimpleAccountFactory ${devnet.aa.simpleAccountFactory}  Simple7702Account ${devnet.aa.simple7702Account}`,
          `                PorticoAccountFactory ${devnet.aa.porticoAccountFactory}  (the embedded wallet's smart accounts)`,
          `  Paymaster     PorticoPaymaster ${devnet.aa.paymaster}`,
          '',
        ]
      : []),
    'Press Ctrl+C to stop.',
  ]
  return lines.join('\n')
}

async function main() {
  const { values } = parseArgs({
    options: {
      'evm-port': { type: 'string' },
      'solana-port': { type: 'string' },
      'api-port': { type: 'string' },
      'no-api': { type: 'boolean', default: false },
      'wc-port': { type: 'string' },
      'no-wc': { type: 'boolean', default: false },
      'auth-port': { type: 'string' },
      'frame-port': { type: 'string' },
      'inbox-port': { type: 'string' },
      'smtp-port': { type: 'string' },
      'no-auth': { type: 'boolean', default: false },
      'no-auth-warmup': { type: 'boolean', default: false },
      'onramp-port': { type: 'string' },
      'social-port': { type: 'string' },
      'no-social': { type: 'boolean', default: false },
      'farcaster-port': { type: 'string' },
      'no-farcaster': { type: 'boolean', default: false },
      'bundler-port': { type: 'string' },
      'paymaster-port': { type: 'string' },
      'no-aa': { type: 'boolean', default: false },
      'no-bundler-warmup': { type: 'boolean', default: false },
      host: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    console.log(USAGE)
    return
  }

  const options = {
    host: values.host,
    evm: { port: parsePort(values['evm-port'] ?? '8545', '--evm-port') },
    solana: { port: parsePort(values['solana-port'] ?? '8899', '--solana-port') },
    api: values['no-api'] ? false : { port: parsePort(values['api-port'] ?? '8787', '--api-port') },
    walletConnect: values['no-wc'] ? false : { port: parsePort(values['wc-port'] ?? '8788', '--wc-port') },
    auth: values['no-auth']
      ? false
      : {
          port: parsePort(values['auth-port'] ?? '8790', '--auth-port'),
          framePort: parsePort(values['frame-port'] ?? '8793', '--frame-port'),
          inboxPort: parsePort(values['inbox-port'] ?? '8791', '--inbox-port'),
          smtpPort: parsePort(values['smtp-port'] ?? '2525', '--smtp-port'),
        },
    onramp: { port: parsePort(values['onramp-port'] ?? '8792', '--onramp-port') },
    social: values['no-social']
      ? false
      : { ports: socialPorts(parsePort(values['social-port'] ?? '8800', '--social-port')) },
    farcaster: values['no-farcaster']
      ? false
      : (() => {
          const [relayPort, appPort] = portRange(
            parsePort(values['farcaster-port'] ?? '8806', '--farcaster-port'),
            2,
            '--farcaster-port',
          )
          return { relayPort, appPort }
        })(),
    aa: values['no-aa']
      ? false
      : {
          bundlerPort: parsePort(values['bundler-port'] ?? '4337', '--bundler-port'),
          paymasterPort: parsePort(values['paymaster-port'] ?? '4338', '--paymaster-port'),
        },
  }
  const { startDevnet } = await loadDevnet()
  const started = performance.now()
  const devnet = await startDevnet(options)
  const startupMs = Math.round(performance.now() - started)

  let stopping = false
  const shutdown = async (signal) => {
    // A second Ctrl+C while stopping means "now".
    if (stopping) process.exit(1)
    stopping = true
    if (!values.json) console.error(`\n${signal}: stopping devnet...`)
    await devnet.stop()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  if (values.json) {
    // One line, so a parent process can read the first line and parse it.
    const { evm, solana, api, walletConnect, onramp, social, farcaster } = devnet
    console.log(
      JSON.stringify({
        evm,
        solana,
        ...(api ? { api: { url: api.url } } : {}),
        ...(devnet.auth
          ? {
              auth: {
                url: devnet.auth.url,
                inboxUrl: devnet.auth.inboxUrl,
                frameUrl: devnet.auth.frameUrl,
                smtpPort: devnet.auth.inbox.smtpPort,
                projectIds: devnet.auth.projectIds,
              },
            }
          : {}),
        ...(walletConnect
          ? {
              walletConnect: {
                relayUrl: walletConnect.relayUrl,
                verifyUrl: walletConnect.verifyUrl,
                walletUrl: walletConnect.walletUrl,
              },
            }
          : {}),
        onramp: { url: onramp.url },
        ...(social
          ? {
              social: Object.fromEntries(
                Object.values(social.providers).map((p) => [
                  p.name,
                  { issuer: p.issuer, clientId: p.clientId, clientSecret: p.clientSecret, tryUrl: p.tryUrl },
                ]),
              ),
            }
          : {}),
        ...(farcaster
          ? {
              farcaster: {
                relayUrl: farcaster.relayUrl,
                appUrl: farcaster.appUrl,
                rpcUrl: farcaster.rpcUrl,
                idRegistry: farcaster.idRegistry,
              },
            }
          : {}),
        ...(devnet.aa
          ? {
              aa: {
                bundlerUrl: devnet.aa.bundlerUrl,
                paymasterUrl: devnet.aa.paymasterUrl,
                entryPoint: devnet.aa.entryPoint,
                simpleAccountFactory: devnet.aa.simpleAccountFactory,
                simple7702Account: devnet.aa.simple7702Account,
                porticoAccountFactory: devnet.aa.porticoAccountFactory,
                paymaster: devnet.aa.paymaster,
              },
            }
          : {}),
        startupMs,
      }),
    )
  } else {
    console.log(summary(devnet, startupMs))
  }
  // A new PGlite database runs initdb (seconds): do it now rather than during the first login.
  if (devnet.auth && !values['no-auth-warmup']) {
    const warming = performance.now()
    devnet.auth.ready().then(
      () => {
        if (!values.json) console.log(`Auth database ready (${Math.round(performance.now() - warming)} ms).`)
      },
      (error) => console.error(`portico-devnet: the auth database failed to open: ${error?.message ?? error}`),
    )
  }
  // Alto loads for seconds: start it now rather than on the first user operation.
  if (devnet.aa && !values['no-bundler-warmup']) {
    const warming = performance.now()
    devnet.aa.bundler.ready().then(
      () => {
        if (!values.json) console.log(`Bundler ready (${Math.round(performance.now() - warming)} ms).`)
      },
      (error) => console.error(`portico-devnet: the bundler failed to start: ${error?.message ?? error}`),
    )
  }
}

main().catch((error) => {
  console.error(`portico-devnet: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
