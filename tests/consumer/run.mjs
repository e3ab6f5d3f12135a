#!/usr/bin/env node
// The consumer test: what a stranger gets from npm. Packs the four packages, installs the
// tarballs into a fresh Vite + React 19 app and a fresh Next.js App Router app in os.tmpdir()
// (outside the workspace, offline from the local pnpm store), type-checks both strictly
// (`noUncheckedIndexedAccess`; in the Vite app also every declaration file of ours, as
// `skipLibCheck: false` would: tests/consumer/typecheck.mjs), builds them, serves them on
// 127.0.0.1 and drives them in Chromium with every non-loopback request blocked: the button
// renders, the modal lists the test wallet, connecting works, a reload restores the session, and
// the console shows no hydration warning and no error.
// In the Vite app the README's feature examples are then driven against the installed devnet: sign in with Ethereum, send 0.01 ETH (its receipt read from the chain), quote and swap,
// open the on-ramp checkout and pay with the test card, resolve a name, send EIP-5792 calls and
// read their status, then log in by email (the code read from the devnet's inbox) and, as that
// embedded user, see the smart account the hosted bundler gives by default, switch to the plain
// account, grant a permission, list and revoke it, and upgrade the account with EIP-7702 and undo
// it (each approved in the secure frame, each checked on anvil), then log in with GitHub on the
// devnet's provider in the window the click opened. The apps' sources are the README's code blocks tagged
// ```tsx title="src/App.tsx"```, so the README cannot drift from what works.
// The devnet (anvil) is started from the packed @portico/devnet's `portico-devnet` bin.
// Run after the build: `node tests/consumer/run.mjs` (PORTICO_CONSUMER_KEEP=1 keeps the temp dir).
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, extname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { build as esbuild } from 'esbuild'
import { chromium } from 'playwright-core'
import { chromiumArgs, headlessShellPath, headlessShellPermissions } from '../../scripts/ensure-chromium.mjs'
import { freePort } from '../../scripts/free-port.mjs'
import { offlineArgs, watchOffLoopback } from '../../scripts/offline-browser.mjs'
import { packPortico } from '../../scripts/pack-portico.mjs'
import { pnpmCommand } from '../../scripts/pnpm-bin.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const started = Date.now()
const work = mkdtempSync(join(tmpdir(), 'portico-consumer-'))
const cleanups = []
const log = (message) => console.log(`[consumer ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`)

/** Runs a command; resolves to its output, or prints the output and rejects on failure. */
function sh(command, args, { cwd, env = {}, label = `${command} ${args.join(' ')}` } = {}) {
  const t = Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '0', ...env } })
    const stdout = []
    const stderr = []
    child.stdout.on('data', (chunk) => stdout.push(chunk))
    child.stderr.on('data', (chunk) => stderr.push(chunk))
    child.on('error', reject)
    child.on('close', (code, signal) => {
      const out = Buffer.concat(stdout).toString('utf8')
      const err = Buffer.concat(stderr).toString('utf8')
      if (code !== 0) {
        console.error(out, err)
        reject(new Error(`${label} failed (exit ${code ?? signal})`))
        return
      }
      log(`${label} (${((Date.now() - t) / 1000).toFixed(1)}s)`)
      resolve(out)
    })
  })
}
const pnpm = (args, options) =>
  sh(pnpmCommand[0], [...pnpmCommand[1], ...args], { label: `pnpm ${args.join(' ')}`, ...options })

/** The version the workspace has installed (so it is in the pnpm store). */
function installedVersion(name, from = root) {
  return JSON.parse(readFileSync(join(from, 'node_modules', name, 'package.json'), 'utf8')).version
}

/** README code blocks tagged with a file name: ```tsx title="src/App.tsx"``` → { 'src/App.tsx': code }. */
function readmeFiles() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const files = {}
  for (const match of readme.matchAll(/^```\w+ title="([^"]+)"\n([\s\S]*?)^```$/gm)) files[match[1]] = match[2]
  return files
}

function writeFiles(dir, files) {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`)
  }
}

/**
 * Packages a user may install that ask for a newer Node than ours (>=20.19.0), each with why it
 * stays: commander 15 (Node 22.12) comes only with @solana/errors, for its command-line tool that
 * nothing of Portico runs, and every @solana/kit from 7.0 on pins it exactly.
 */
const knownNewerEngines = [/^commander@15\./]
const ourMinimumNode = [20, 19, 0]

/** Whether a semver range of the simple forms engines use (>=, >, <, <=, ^, ~, x, ||) admits `version`. */
function admits(range, version) {
  const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
  const parse = (text) =>
    text
      .replace(/^v/, '')
      .split('.')
      .map((part) => (/^\d+$/.test(part) ? Number(part) : 0))
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/([<>=^~]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        const [, op = '', text = ''] = comparator.match(/^([<>=^~]*)(.*)$/) ?? []
        if (text === '*' || text === 'x' || text === '') return true
        const v = [...parse(text), 0, 0].slice(0, 3)
        const c = cmp(version, v)
        if (op === '>=') return c >= 0
        if (op === '>') return c > 0
        if (op === '<=') return c <= 0
        if (op === '<') return c < 0
        if (op === '^') return c >= 0 && version[0] === v[0]
        if (op === '~') return c >= 0 && version[0] === v[0] && version[1] === v[1]
        return text.split('.').length < 3 ? version[0] === v[0] : c === 0
      }),
  )
}

/** Every installed package (pnpm's virtual store) whose `engines.node` refuses our minimum Node. */
function newerEngines(app) {
  const store = join(app, 'node_modules/.pnpm')
  const found = []
  for (const entry of readdirSync(store)) {
    const modules = join(store, entry, 'node_modules')
    let names
    try {
      names = readdirSync(modules).flatMap((n) =>
        n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n],
      )
    } catch {
      continue
    }
    for (const name of names) {
      let manifest
      try {
        manifest = JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8'))
      } catch {
        continue
      }
      if (manifest.name !== name || typeof manifest.engines?.node !== 'string') continue
      if (!admits(manifest.engines.node, ourMinimumNode))
        found.push(`${name}@${manifest.version} (node ${manifest.engines.node})`)
    }
  }
  return [...new Set(found)]
}

/** Installs from the local store only; falls back to --prefer-offline (metadata refresh) if the cache lacks something. */
async function install(dir) {
  try {
    await pnpm(['install', '--offline', '--config.auto-install-peers=true'], { cwd: dir })
  } catch {
    log('offline install failed; retrying with --prefer-offline')
    await pnpm(['install', '--prefer-offline', '--config.auto-install-peers=true'], { cwd: dir })
  }
}

const strictCompilerOptions = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  module: 'ESNext',
  moduleResolution: 'bundler',
  jsx: 'react-jsx',
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: false,
  isolatedModules: true,
  noEmit: true,
}

async function main() {
  const readme = readmeFiles()
  const pick = (prefix) => Object.fromEntries(Object.entries(readme).filter(([path]) => path.startsWith(prefix)))
  const viteSources = pick('src/')
  const nextSources = pick('app/')
  const wallet = readme['e2e/devnetWallet.ts']
  for (const [name, files] of [
    ['Vite', viteSources],
    ['Next.js', nextSources],
  ])
    if (Object.keys(files).length === 0) throw new Error(`README.md has no ${name} code blocks tagged with a title`)
  if (!wallet) throw new Error('README.md has no e2e/devnetWallet.ts block')

  // 1. Pack what would be published.
  const tarballs = packPortico(join(work, 'tarballs'), ['headless', 'ui', 'themes', 'devnet', 'auth', 'secure'])
  const packed = Object.fromEntries(Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]))
  log('packed the packages')

  const versions = {
    react: installedVersion('react'),
    'react-dom': installedVersion('react-dom'),
    '@tanstack/react-query': installedVersion('@tanstack/react-query', join(root, 'packages/headless')),
    typescript: installedVersion('typescript'),
    '@types/react': installedVersion('@types/react'),
    '@types/react-dom': installedVersion('@types/react-dom'),
    '@types/node': installedVersion('@types/node'),
    vite: installedVersion('vite'),
    '@vitejs/plugin-react': installedVersion('@vitejs/plugin-react'),
    next: installedVersion('next', join(root, 'tests')),
  }
  const pin = (...names) => Object.fromEntries(names.map((n) => [n, versions[n]]))
  // Packages not on the registry yet: their dependencies on each other resolve to the tarballs.
  const pnpmOverrides = {
    pnpm: { overrides: { '@portico/auth': packed['@portico/auth'], '@portico/secure': packed['@portico/secure'] } },
  }
  const runtime = {
    '@portico/headless': packed['@portico/headless'],
    '@portico/ui': packed['@portico/ui'],
    '@portico/themes': packed['@portico/themes'],
    ...pin('@tanstack/react-query', 'react', 'react-dom'),
  }

  // 2. The Vite app (it also hosts the devnet: `npm i -D @portico/devnet`, then its bin).
  const viteApp = join(work, 'vite-app')
  writeFiles(viteApp, {
    ...viteSources,
    'e2e/devnetWallet.ts': wallet,
    'package.json': {
      name: 'consumer-vite',
      private: true,
      ...pnpmOverrides,
      type: 'module',
      dependencies: runtime,
      devDependencies: {
        '@portico/devnet': packed['@portico/devnet'],
        // @types/node as in Vite's own TypeScript template (@solana/kit's types reference Node's).
        ...pin('typescript', '@types/react', '@types/react-dom', '@types/node', 'vite', '@vitejs/plugin-react'),
      },
    },
    'tsconfig.json': {
      compilerOptions: { ...strictCompilerOptions, types: ['vite/client'] },
      include: ['src', 'e2e'],
    },
    'vite.config.ts':
      "import react from '@vitejs/plugin-react'\nimport { defineConfig } from 'vite'\n\nexport default defineConfig({ plugins: [react()] })\n",
    'index.html':
      '<!doctype html>\n<html lang="en">\n  <head><meta charset="UTF-8" /><title>Consumer (Vite)</title></head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n',
  })

  // 3. The Next.js app.
  const nextApp = join(work, 'next-app')
  writeFiles(nextApp, {
    ...nextSources,
    'e2e/devnetWallet.ts': wallet,
    'package.json': {
      name: 'consumer-next',
      private: true,
      ...pnpmOverrides,
      dependencies: { ...runtime, ...pin('next') },
      devDependencies: pin('typescript', '@types/react', '@types/react-dom', '@types/node'),
    },
    'tsconfig.json': {
      compilerOptions: {
        ...strictCompilerOptions,
        // Our packages' declarations are checked once, in the Vite app (`skipLibCheck: false`).
        // Here that would only re-check them and check Next's own declarations, which use globals
        // (URLPattern) that TypeScript 5.9's libs lack: 18 CPU-s against 6 for the app's code.
        skipLibCheck: true,
        lib: ['DOM', 'DOM.Iterable', 'ESNext'],
        allowJs: false,
        esModuleInterop: true,
        resolveJsonModule: true,
        incremental: false,
        plugins: [{ name: 'next' }],
      },
      include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts'],
      exclude: ['node_modules'],
    },
    // tsc runs below with the strict options; Next's own check would repeat it.
    'next.config.mjs': 'export default { typescript: { ignoreBuildErrors: true } }\n',
  })

  // Two apps, one store: pnpm's store takes concurrent installs.
  await Promise.all([install(viteApp), install(nextApp)])
  // What `npm i` on Node 20 would warn about (EBADENGINE): the Next.js app holds only what a
  // user's production install has (the packages, React, React Query, Next).
  const newer = newerEngines(nextApp)
  const unknownNewer = newer.filter((pkg) => !knownNewerEngines.some((known) => known.test(pkg)))
  if (newer.length) log(`packages asking for a newer Node than 20.19 (known, explained): ${newer.join(', ')}`)
  if (unknownNewer.length) throw new Error(`installed packages refuse Node 20.19: ${unknownNewer.join(', ')}`)

  // 5a. The Vite app's strict type-check needs no devnet: it runs beside the devnet's start and the
  // builds (a type-check is one core's work; a build spreads over both). Awaited below; a failure
  // is held until then, so the builds' own errors are not hidden by it.
  // Our declarations and the app's code, not the rest of node_modules' (typecheck.mjs says why).
  const viteTypeChecked = sh(process.execPath, [join(root, 'tests/consumer/typecheck.mjs'), viteApp], {
    cwd: viteApp,
    label: 'vite app: tsc (strict, our declarations included)',
  })
  viteTypeChecked.catch(() => {})

  // 4. The devnet from the installed package, as the README tells a host to run it.
  const devnet = await startDevnet(viteApp)
  const privateKeys = devnet.evm.accounts.map((a) => a.privateKey)
  const account0 = devnet.evm.accounts[0].address
  log(`devnet up: ${devnet.evm.rpcUrl}`)

  // 5b. Both builds, then the Next.js app's type-check (it reads the route types `next build` writes).
  await sh(join(viteApp, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: viteApp,
    env: {
      VITE_PORTICO_DEVNET_RPC_URL: devnet.evm.rpcUrl,
      VITE_PORTICO_DEVNET_API_URL: devnet.api.url,
      VITE_PORTICO_DEVNET_RELAY_URL: devnet.walletConnect.relayUrl,
      VITE_PORTICO_FRAME_URL: devnet.auth.frameUrl,
      VITE_PORTICO_DEVNET_PAYMASTER_URL: devnet.aa.paymasterUrl,
      // The README's devnet project id (the devnet's auth server knows it).
      VITE_PORTICO_PROJECT_ID: 'devnet',
    },
    label: 'vite app: vite build',
  })
  const nextEnv = {
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_PUBLIC_PORTICO_DEVNET_RPC_URL: devnet.evm.rpcUrl,
    NEXT_PUBLIC_PORTICO_DEVNET_API_URL: devnet.api.url,
    NEXT_PUBLIC_PORTICO_DEVNET_RELAY_URL: devnet.walletConnect.relayUrl,
    NEXT_PUBLIC_PORTICO_PROJECT_ID: 'consumer-test',
  }
  await sh(join(nextApp, 'node_modules/.bin/next'), ['build'], {
    cwd: nextApp,
    env: nextEnv,
    label: 'next app: next build',
  })
  await sh(join(nextApp, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], {
    cwd: nextApp,
    label: 'next app: tsc (strict)',
  })
  await viteTypeChecked

  // 6. Serve both on loopback.
  const viteUrl = await serveStatic(join(viteApp, 'dist'))
  const nextUrl = await startNext(nextApp, nextEnv)

  // 7. Drive both in Chromium with the test wallet from @portico/headless/testing.
  const walletBundle = await esbuild({
    entryPoints: [join(viteApp, 'e2e/devnetWallet.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  })
  const walletScript = walletBundle.outputFiles.map((file) => file.text).join('\n')
  const devnetConfig = { rpcUrl: devnet.evm.rpcUrl, chainId: devnet.evm.chainId, privateKeys }

  const serverHtml = await (await fetch(nextUrl)).text()
  if (!serverHtml.includes('Connect Wallet')) throw new Error('Next.js: the server-rendered page has no Connect Wallet')

  const browser = await chromium.launch({ executablePath: headlessShellPath, args: [...chromiumArgs, ...offlineArgs] })
  cleanups.push(() => browser.close())
  await drive(browser, 'vite', viteUrl, { devnetConfig, walletScript, account0, headless: true, devnet })
  await drive(browser, 'next', nextUrl, { devnetConfig, walletScript, account0, headless: false })
  log(`passed: both apps install, type-check, build, connect and restore without hydration warnings`)
}

async function drive(browser, name, url, { devnetConfig, walletScript, account0, headless, devnet }) {
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'UTC',
    permissions: headlessShellPermissions,
  })
  context.setDefaultTimeout(20_000)
  // The browser resolves only loopback (offlineArgs); what a page asked of other hosts is listed.
  const blocked = watchOffLoopback(context)
  await context.addInitScript(`window.porticoDevnet = ${JSON.stringify(devnetConfig)}`)
  await context.addInitScript(walletScript)
  const page = await context.newPage()
  const problems = []
  const warnings = []
  page.on('console', (message) => {
    const text = `${message.type()}: ${message.text()}`
    if (message.type() === 'error') problems.push(text)
    else if (message.type() === 'warning') {
      warnings.push(text)
      if (/hydrat|did not match|server rendered/i.test(text)) problems.push(text)
    }
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  // PORTICO_CONSUMER_DEBUG=1: every console line of the pages, as it comes (to see why a step hangs).
  if (process.env.PORTICO_CONSUMER_DEBUG) page.on('console', (m) => log(`${name} console ${m.type()}: ${m.text()}`))

  await page.goto(url)
  const connectButton = page.locator('[data-slot="connect-button"]')
  await connectButton.filter({ hasText: 'Connect Wallet' }).waitFor()
  if (headless) {
    // The README's headless example: each wallet once, the test wallet among them.
    const list = page.getByRole('list', { name: 'Wallets' })
    await list.getByRole('button', { name: 'Devnet Wallet' }).waitFor()
    const names = await list.getByRole('button').allTextContents()
    if (new Set(names).size !== names.length) throw new Error(`${name}: the headless list repeats a wallet: ${names}`)
  }
  await connectButton.click()
  const walletRow = page.getByRole('dialog').getByRole('button').filter({ hasText: 'Devnet Wallet' }).first()
  await walletRow.waitFor()
  log(`${name}: the modal lists Devnet Wallet`)
  // The README's rule for clicking in the modal from a test: no part of the view still on its way.
  await page.waitForFunction(() => !document.querySelector('[role="dialog"] [data-pending]'))
  await walletRow.click()
  await page.locator('[data-slot="account-button"]').waitFor()
  if (headless) {
    await page.getByTestId('headless-address').filter({ hasText: account0 }).waitFor()
    // The token balances come from the devnet's blockchain API (apiUrls + projectId, as the README says).
    await page.getByTestId('headless-balances').filter({ hasText: 'USDC' }).waitFor()
  }
  log(`${name}: connected`)
  if (headless) await driveSignIn(page, account0)

  await page.reload()
  await page.locator('[data-slot="account-button"]').waitFor()
  if (headless) {
    await page.getByTestId('headless-address').filter({ hasText: account0 }).waitFor()
    // The session signed before the reload is still there: no sign-in asked again.
    await textMatching(page.getByTestId('siwx-status'), new RegExp(`^Signed in as ${account0}$`, 'i'), 'siwx: reload')
  }
  // Late hydration reports arrive by the end of hydration's commit: wait until React owns the
  // account button (its fiber is attached while hydrating; a client render attaches it too) and the
  // page's main thread has gone idle after that, so the commit that would report a mismatch has run.
  await page.waitForFunction(() => {
    const button = document.querySelector('[data-slot="account-button"]')
    return button !== null && Object.keys(button).some((key) => key.startsWith('__reactFiber$'))
  })
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined))))
  log(`${name}: the reload restored the session`)
  if (headless) await driveFeatures(page, devnet)
  if (headless) {
    await driveEmailLogin(page, devnet)
    await drivePermissionsAndUpgrade(page, devnet)
    await driveSocialLogin(page)
    // A sign-in the frame signed at the login that the kit then refused is a fault, not noise.
    for (const warning of warnings.filter((w) => w.includes('signed at the social login was not accepted')))
      problems.push(warning)
  }
  await context.close()
  if (warnings.length) log(`${name}: console warnings (allowed):\n  ${warnings.join('\n  ')}`)
  if (blocked.length) log(`${name}: blocked non-loopback requests:\n  ${blocked.join('\n  ')}`)
  if (problems.length) throw new Error(`${name}: console errors or hydration warnings:\n  ${problems.join('\n  ')}`)
}

/**
 * The README's email login (src/EmailLogin.tsx): disconnected, the form mails a code to a new
 * address through the installed devnet's auth server and secure frame; the code is read from the
 * devnet's inbox as the README says, and the embedded wallet it makes is connected.
 */
async function driveEmailLogin(page, devnet) {
  const account0 = devnet.evm.accounts[0].address
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  const form = page.getByRole('form', { name: 'Email login' })
  const email = `consumer-${Date.now()}@example.com`
  await form.getByRole('textbox', { name: 'Email' }).fill(email)
  await form.getByRole('button', { name: 'Email me a code' }).click()
  await form.getByRole('button', { name: 'Verify' }).waitFor()
  const mail = await fetch(`${devnet.auth.inboxUrl}/messages/latest?to=${encodeURIComponent(email)}&wait=30000`)
  const { code } = await mail.json()
  if (!/^\d{6}$/.test(code ?? '')) throw new Error(`email login: the inbox has no code for ${email}`)
  await form.getByRole('textbox', { name: `Code sent to ${email}` }).fill(code)
  await form.getByRole('button', { name: 'Verify' }).click()
  const address = await textMatching(
    page.getByTestId('headless-address'),
    /^0x[0-9a-fA-F]{40}$/,
    'email login: the address',
  )
  if (address.toLowerCase() === account0.toLowerCase())
    throw new Error('email login: connected the test wallet, not an embedded wallet')
  log(`vite: the EmailLogin example logged in by email (embedded wallet ${address})`)
  await cancelSignIn(page)
  // The README sets no bundlerMap: the smart account comes from the hosted bundler call, which the
  // devnet's emulator serves for its chain. It is the connected address, not deployed yet.
  const account = page.getByRole('region', { name: 'Smart account' })
  await textMatching(
    account.getByTestId('account-type'),
    new RegExp(`^Smart account ${address} \\(deployed by its first operation\\)$`, 'i'),
    'smart account: the default',
  )
  if ((await evmRpc(devnet, 'eth_getCode', [address, 'latest'])) !== '0x')
    throw new Error(`smart account: ${address} has code before its first operation`)
  log('vite: the SmartAccount example shows the smart account of the hosted bundler (counterfactual)')
}

/** Closes the modal's sign-in step (the README's `siwx` option asks each newly connected account). */
async function cancelSignIn(page) {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
  await dialog.waitFor({ state: 'hidden' })
}

/** Approves the secure frame's prompt (laid in the modal) once it counts clicks, and waits for the modal to close. */
async function approveInFrame(page) {
  const frame = page.frameLocator('iframe[data-portico-secure-frame]')
  await frame.locator('[role="dialog"][data-state="armed"]').waitFor({ timeout: 60_000 })
  await frame.getByRole('button', { name: 'Approve', exact: true }).click()
  await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 60_000 })
}

/**
 * The README's src/Permissions.tsx and src/SmartAccount.tsx as the email user: the switch to the
 * plain account, a permission granted (approved in the frame), listed and revoked, then the EIP-7702
 * upgrade (the paymaster paying) and its undo (the account paying), each read on anvil.
 */
async function drivePermissionsAndUpgrade(page, devnet) {
  const account = page.getByRole('region', { name: 'Smart account' })
  const type = account.getByTestId('account-type')
  await account.getByRole('button', { name: 'Use the plain account' }).click()
  // Another address is connected: the sign-in step asks again (its modal hides the page from roles).
  await cancelSignIn(page)
  const eoa = (await textMatching(type, /^Plain account 0x[0-9a-fA-F]{40}$/, 'smart account: the switch')).slice(14)
  await textMatching(page.getByTestId('headless-address'), new RegExp(`^${eoa}$`, 'i'), 'smart account: the connection')
  log(`vite: the SmartAccount example switched to the plain account ${eoa}`)

  const permissions = page.getByRole('region', { name: 'Permissions' })
  const granted = permissions.getByRole('list', { name: 'Granted permissions' }).getByRole('listitem')
  await permissions.getByRole('button', { name: 'Allow 0.001 ETH a day' }).click()
  await approveInFrame(page)
  await granted.filter({ hasText: /^native-token-recurring-allowance until / }).waitFor()
  if ((await granted.count()) !== 1) throw new Error(`permissions: ${await granted.count()} grants listed, not 1`)
  await granted.getByRole('button', { name: 'Revoke' }).click()
  await granted.waitFor({ state: 'detached' })
  log('vite: the Permissions example granted a permission (approved in the frame), listed it and revoked it')

  // The undo is paid by the account itself; the upgrade by the devnet's paymaster.
  await evmRpc(devnet, 'anvil_setBalance', [eoa, '0xde0b6b3a7640000'])
  await account.getByRole('button', { name: 'Upgrade in place (EIP-7702)' }).click()
  await approveInFrame(page)
  await textMatching(
    type,
    new RegExp(`^Plain account ${eoa} \\(upgraded with EIP-7702\\)$`, 'i'),
    'upgrade: the status',
  )
  const delegation = `0xef0100${devnet.aa.simple7702Account.slice(2).toLowerCase()}`
  const code = await evmRpc(devnet, 'eth_getCode', [eoa, 'latest'])
  if (code !== delegation) throw new Error(`upgrade: the code of ${eoa} is ${code}, not ${delegation}`)
  if (BigInt(await evmRpc(devnet, 'eth_getBalance', [eoa, 'latest'])) !== 10n ** 18n)
    throw new Error('upgrade: the account paid gas the paymaster should have paid')
  log('vite: the SmartAccount example upgraded the account with EIP-7702 (its code delegates to Simple7702Account)')

  await account.getByRole('button', { name: 'Undo the upgrade' }).click()
  await approveInFrame(page)
  await textMatching(type, new RegExp(`^Plain account ${eoa}$`, 'i'), 'undo: the status')
  const after = await evmRpc(devnet, 'eth_getCode', [eoa, 'latest'])
  if (after !== '0x') throw new Error(`undo: ${eoa} still has code ${after}`)
  log('vite: the SmartAccount example undid the upgrade (no code on the account)')
}

/**
 * The README's social login (src/SocialLogin.tsx): disconnected, "Continue with GitHub" opens the
 * login window in the click, the visitor picks the devnet GitHub's first test user on its own login
 * page, and the embedded wallet of that user is connected (another wallet than the email user's).
 */
async function driveSocialLogin(page) {
  const before = await page.getByTestId('headless-address').textContent()
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  const social = page.getByRole('region', { name: 'Social login' })
  const opened = page.context().waitForEvent('page')
  await social.getByRole('button', { name: 'Continue with GitHub' }).click()
  const popup = await opened
  await popup.getByRole('heading', { name: 'Sign in with GitHub' }).waitFor({ timeout: 60_000 })
  await popup
    .getByRole('button', { name: /^Continue as / })
    .first()
    .click()
  const address = await textMatching(
    page.getByTestId('headless-address'),
    /^0x[0-9a-fA-F]{40}$/,
    'social login: the address',
  )
  if (address.toLowerCase() === before?.toLowerCase())
    throw new Error('social login: the email user is connected again, not the GitHub user')
  log(`vite: the SocialLogin example logged in with GitHub (embedded wallet ${address})`)
  // The README's `siwx` option: the login's click signed in too (the frame signs the sign-in at
  // the login), as the account connected, the GitHub user's smart account; no sign step opens.
  const account = page.getByRole('region', { name: 'Smart account' })
  await textMatching(account.getByTestId('account-type'), new RegExp(`^Smart account ${address} `, 'i'), 'social: type')
  await textMatching(page.getByTestId('siwx-status'), new RegExp(`^Signed in as ${address}$`, 'i'), 'social: signed in')
  if (await page.locator('[data-slot="siwx-view"]').count())
    throw new Error('social login: the sign step opened after a login that signed in')
  log('vite: the social login signed in as its smart account in the same click (SignIn shows the session)')
}

/** One JSON-RPC call to the devnet's chain (to read what a page says it did from the chain itself). */
async function evmRpc(devnet, method, params) {
  const response = await fetch(devnet.evm.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const { result, error } = await response.json()
  if (error) throw new Error(`${method}: ${error.message}`)
  return result
}

/** Waits until the element's text matches `pattern`; returns that text. */
async function textMatching(locator, pattern, what) {
  try {
    await locator.filter({ hasText: pattern }).waitFor({ timeout: 60_000 })
  } catch (error) {
    const alerts = await locator.page().getByRole('alert').allTextContents()
    // Read at once: an element that is not there must not hide this error behind a second timeout.
    const shown = await locator.textContent({ timeout: 1_000 }).catch(() => '(no such element)')
    throw new Error(`${what}: never showed ${pattern} (shows "${shown}"; alerts: ${alerts})`, {
      cause: error,
    })
  }
  return (await locator.textContent()) ?? ''
}

/**
 * The README's sign-in: connecting with the `siwx` option opens the modal's sign step; cancelled
 * there, the README's src/SignIn.tsx signs in with the connected account (SIWE).
 */
async function driveSignIn(page, account0) {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
  await dialog.waitFor({ state: 'hidden' })
  const signIn = page.getByRole('region', { name: 'Sign in' })
  await textMatching(signIn.getByTestId('siwx-status'), /^Not signed in$/, 'siwx: before')
  await signIn.getByRole('button', { name: 'Sign in with Ethereum' }).click()
  await textMatching(signIn.getByTestId('siwx-status'), new RegExp(`^Signed in as ${account0}$`, 'i'), 'siwx: sign in')
  log('vite: the SignIn example signed in with Ethereum')
}

/**
 * The README's feature examples (src/Send.tsx, Swap, Buy, ResolveName, Calls) driven against the
 * installed devnet with the connected test wallet, each asserted on what the page shows and,
 * where it reports a transaction, on the chain itself.
 */
async function driveFeatures(page, devnet) {
  const account0 = devnet.evm.accounts[0].address
  const account1 = devnet.evm.accounts[1].address

  // Send: the fee is quoted, then 0.01 ETH goes to account #1 and the page shows the hash of a mined transfer.
  const send = page.getByRole('form', { name: 'Send' })
  await send.getByRole('textbox', { name: 'Receiver' }).fill(account1)
  await textMatching(send.getByTestId('send-fee'), /^Fee 0\.\d+ ETH$/, 'send: the fee')
  await send.getByRole('button', { name: 'Send 0.01 ETH' }).click()
  const hash = await textMatching(send.getByTestId('send-hash'), /^0x[0-9a-f]{64}$/, 'send: the hash')
  const receipt = await evmRpc(devnet, 'eth_getTransactionReceipt', [hash])
  const transaction = await evmRpc(devnet, 'eth_getTransactionByHash', [hash])
  if (receipt?.status !== '0x1' || receipt.to?.toLowerCase() !== account1.toLowerCase())
    throw new Error(`send: the receipt of ${hash} is not a successful transfer to #1: ${JSON.stringify(receipt)}`)
  if (BigInt(transaction.value) !== 10n ** 16n)
    throw new Error(`send: ${hash} moved ${transaction.value} wei, not 0.01 ETH`)
  log('vite: the Send example sent 0.01 ETH (receipt status 1)')

  // Swap: a quote from the devnet's DEX, then the swap, with what the receipt says arrived.
  const swap = page.getByRole('region', { name: 'Swap' })
  await textMatching(swap.getByTestId('swap-quote'), /^0\.01 ETH → at least [\d,.]+ USDC$/, 'swap: the quote')
  await swap.getByRole('button', { name: 'Swap', exact: true }).click()
  const received = await textMatching(swap.getByTestId('swap-received'), /^Received [\d,.]+ USDC$/, 'swap: the result')
  if (!(Number(received.replace(/[^\d.]/g, '')) > 0)) throw new Error(`swap: nothing arrived (${received})`)
  log(`vite: the Swap example quoted and swapped (${received})`)

  // Buy: the checkout link is the devnet provider's, for the connected wallet; paying there works.
  const buy = page.getByRole('region', { name: 'Buy' })
  await buy.getByRole('button', { name: 'Buy USDC' }).click()
  const link = buy.getByRole('link', { name: 'Open the checkout' })
  await link.waitFor()
  const checkout = new URL((await link.getAttribute('href')) ?? '')
  if (checkout.origin !== new URL(devnet.onramp.url).origin || checkout.searchParams.get('walletAddress') !== account0)
    throw new Error(`buy: the checkout link ${checkout} is not the devnet provider's for ${account0}`)
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()])
  await popup.getByRole('heading', { name: 'Devnet Pay' }).waitFor()
  await popup.getByLabel('Card number').fill('4242 4242 4242 4242')
  await popup.getByLabel('Expiry (MM/YY)').fill('12/40')
  await popup.getByLabel('CVC').fill('123')
  await popup.getByRole('button', { name: 'Pay' }).click()
  await textMatching(popup.getByRole('status'), /^Payment complete: [\d.]+ USDC/, 'buy: the checkout')
  await popup.close()
  log('vite: the Buy example opened the checkout and the test card paid')

  // Names: bob.reown.id resolves to devnet account #1.
  const names = page.getByRole('region', { name: 'Names' })
  await names.getByRole('textbox', { name: 'Name' }).fill('bob.reown.id')
  await textMatching(names.getByTestId('name-address'), new RegExp(`^${account1}$`, 'i'), 'names: bob.reown.id')
  log('vite: the ResolveName example resolved bob.reown.id')

  // Calls: one EIP-5792 batch of two transfers, read back as a success with both receipts.
  const calls = page.getByRole('region', { name: 'Calls' })
  await calls.getByRole('button', { name: 'Send two calls' }).click()
  await textMatching(calls.getByTestId('calls-status'), /^success: 2 receipts$/, 'calls: the status')
  log('vite: the Calls example sent a batch and read its status')
}

/** `portico-devnet --json` from the installed package; resolves with its one line of JSON. */
function startDevnet(app) {
  const child = spawn(
    join(app, 'node_modules/.bin/portico-devnet'),
    [
      '--json',
      '--evm-port',
      '0',
      '--solana-port',
      '0',
      '--api-port',
      '0',
      '--wc-port',
      '0',
      '--auth-port',
      '0',
      '--frame-port',
      '0',
      '--inbox-port',
      '0',
      '--smtp-port',
      '0',
      '--onramp-port',
      '0',
      '--social-port',
      '0',
      '--farcaster-port',
      '0',
      '--bundler-port',
      '0',
      '--paymaster-port',
      '0',
    ],
    { cwd: app, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  cleanups.push(() => stopChild(child))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`portico-devnet exited (${code}) before it was ready`)))
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)))
  })
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  return new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
  })
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' }

/** A static server for the Vite build (index.html for every unknown path). */
function serveStatic(dir) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    let file = join(dir, path)
    if (!file.startsWith(dir) || path.endsWith('/')) file = join(dir, 'index.html')
    let body
    try {
      body = readFileSync(file)
    } catch {
      file = join(dir, 'index.html')
      body = readFileSync(file)
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
    res.end(body)
  })
  cleanups.push(() => new Promise((resolve) => server.close(resolve)))
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}/`)),
  )
}

async function startNext(app, env) {
  const port = await freePort()
  const child = spawn(join(app, 'node_modules/.bin/next'), ['start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: app,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  cleanups.push(() => stopChild(child))
  const url = `http://127.0.0.1:${port}/`
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode})`)
    try {
      if ((await fetch(url)).ok) return url
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('next start did not answer within 30 s')
}

let failed = false
try {
  await main()
} catch (error) {
  failed = true
  console.error(`consumer test failed: ${error instanceof Error ? error.message : error}`)
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {})
  if (process.env.PORTICO_CONSUMER_KEEP === '1') log(`kept ${work}`)
  else rmSync(work, { recursive: true, force: true })
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)}s`)
}
process.exit(failed ? 1 : 0)
