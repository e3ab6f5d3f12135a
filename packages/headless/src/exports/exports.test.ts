import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import * as core from './core.js'
import * as embedded from './embedded.js'
import * as index from './index.js'
import * as internal from './internal.js'
import * as onramp from './onramp.js'
import * as siwx from './siwx.js'

// Snapshots of the public surface: an added or removed export shows up in review.
test('core entry', () => {
  expect(Object.keys(core).sort()).toMatchSnapshot()
})

test('react entry is the core entry plus the hooks', () => {
  const extra = Object.keys(index).filter((key) => !(key in core))
  expect(extra.sort()).toMatchInlineSnapshot(`
    [
      "PorticoProvider",
      "useAlerts",
      "useBalance",
      "useConnect",
      "useConnection",
      "useConnectors",
      "useDisconnect",
      "useFeatures",
      "useNetwork",
      "usePortico",
      "useRecentWallets",
      "useRequest",
      "useSendTransaction",
      "useSignMessage",
      "useSignTypedData",
      "useSwitchNetwork",
      "useWalletDirectory",
    ]
  `)
  for (const key of Object.keys(core)) expect(index).toHaveProperty(key)
})

test('internal entry: what only sibling packages use, never also public', () => {
  expect(Object.keys(internal).sort()).toMatchSnapshot()
  for (const key of Object.keys(internal)) expect(core).not.toHaveProperty(key)
})

/** The repository, and this package in it. */
const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..')
const headless = path.join(root, 'packages', 'headless')

/** Source files under `dir`, without installed or built folders. */
function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sourceFiles(full))
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name)) out.push(full)
  }
  return out
}

test('internal entry holds exactly the names sibling packages, apps and repository tests import from it', () => {
  const imported = new Set<string>()
  const files = ['packages', 'apps', 'tests'].flatMap((top) => sourceFiles(path.join(root, top)))
  for (const file of files.filter((file) => !file.startsWith(headless + path.sep))) {
    const code = readFileSync(file, 'utf8')
    for (const match of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@portico\/headless\/internal'/g)) {
      for (const name of (match[1] ?? '').split(',')) {
        const local = name
          .replace(/\btype\b/, '')
          .split(' as ')[0]
          ?.trim()
        if (local) imported.add(local)
      }
    }
  }
  expect(Object.keys(internal).sort()).toEqual([...imported].sort())
})

// Each feature has a core entry (no React: a server route or a plain script can import it, and
// the build gives it no 'use client' banner) and a React entry holding only its hooks.
const features = [
  'activity',
  'calls',
  'embedded',
  'identity',
  'names',
  'nfts',
  'onramp',
  'permissions',
  'send',
  'siwx',
  'swap',
  'walletconnect',
  'wallets',
] as const

// Errors are public as types, told apart by `name` (see BaseError). A class is a runtime export
// only where code outside @portico/headless throws it for Portico to treat as its own; every
// class the kit throws has its `…ErrorType` in an entry.
test('error classes are runtime exports only where code outside headless throws them', async () => {
  const runtime = new Set<string>()
  for (const entry of ['index', 'core', 'siwxConfig', 'siwxVerify', ...features])
    for (const key of Object.keys(await import(`./${entry}.ts`))) if (/Error$/.test(key)) runtime.add(key)
  const thrownOutside = new Set<string>()
  const production = ['packages', 'apps']
    .flatMap((top) => sourceFiles(path.join(root, top)))
    .filter((file) => !file.startsWith(headless + path.sep) && !/\.(test|stories)\.tsx?$|[/\\]test[/\\]/.test(file))
  for (const file of production)
    for (const match of readFileSync(file, 'utf8').matchAll(/new (\w+Error)\(/g))
      if (runtime.has(match[1] as string)) thrownOutside.add(match[1] as string)
  expect([...runtime].sort()).toEqual([...new Set(['BaseError', ...thrownOutside])].sort())
  expect([...runtime].sort()).toMatchInlineSnapshot(`
    [
      "BaseError",
      "InvalidAddressError",
      "InvalidTokenError",
      "NotConnectedError",
      "SendParametersRequiredError",
      "SiwxVerificationError",
      "TokenRequiredError",
    ]
  `)
})

test('every error class the kit throws has its type in a public entry', () => {
  const src = path.join(headless, 'src')
  const entries = readdirSync(path.join(src, 'exports'))
    .filter((file) => /\.ts$/.test(file) && !/test|internal|testing/.test(file))
    .map((file) => readFileSync(path.join(src, 'exports', file), 'utf8'))
    .join('\n')
  const classes = sourceFiles(src)
    .filter((file) => !/\.test\.tsx?$|[/\\](test|testing)[/\\]/.test(file))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/export class (\w+Error) extends \w+/g)])
    .map((match) => match[1] as string)
    .filter((name) => name !== 'CheckError') // a cause inside the kit's own errors, never thrown alone
  expect(classes.length).toBeGreaterThan(90)
  expect(classes.filter((name) => !new RegExp(`\\b${name}Type\\b`).test(entries))).toEqual([])
})

test('core entry has no React', () => {
  expect(Object.keys(core).some((key) => /^use[A-Z]|Provider$/.test(key))).toBe(false)
})

test('embedded entry', () => {
  expect(Object.keys(embedded).sort()).toMatchSnapshot()
})

test('onramp entry: the on-ramp client and hooks, kept out of the main entry (page start)', () => {
  expect(Object.keys(onramp).sort()).toMatchSnapshot()
  expect(Object.keys(onramp).filter((key) => key in index)).toEqual([])
})

test('swap entry: the swap API and hooks, none of it in the main entries (they would pull it into page start)', async () => {
  const swap = await import('./swap.js')
  expect(Object.keys(swap).sort()).toMatchSnapshot()
  for (const key of Object.keys(swap)) expect(index).not.toHaveProperty(key)
})

test('siwx entry: sign-in in the browser, apart from the main barrel (page start)', () => {
  expect(Object.keys(siwx).sort()).toMatchSnapshot()
  for (const key of Object.keys(siwx)) expect(core).not.toHaveProperty(key)
})

test("siwx/config entry: the siwx option's factories alone (a config imports them at page start)", async () => {
  const config = await import('./siwxConfig.js')
  expect(Object.keys(config).sort()).toEqual(['generateSiwxNonce', 'localSiwx', 'serverSiwx'])
  // In '/siwx' too, they would bring the barrel's flow back to a page importing them from there.
  for (const key of Object.keys(config)) expect(siwx).not.toHaveProperty(key)
})

test('siwx/verify entry: the signature check, apart from /siwx (a config imports /siwx at page start)', async () => {
  const verify = await import('./siwxVerify.js')
  expect(Object.keys(verify)).toEqual(['verifySiwxSignature'])
  expect(siwx).not.toHaveProperty('verifySiwxSignature')
})

test('calls entry: EIP-5792 and wallet assets, none of it in the main entries (they would pull it into page start)', async () => {
  const calls = await import('./calls.js')
  expect(Object.keys(calls).sort()).toMatchSnapshot()
  for (const key of Object.keys(calls)) expect(index).not.toHaveProperty(key)
})

test('names entry: name to address, none of it in the main entries (they would pull it into page start)', async () => {
  const names = await import('./names.js')
  expect(Object.keys(names).sort()).toMatchSnapshot()
  for (const key of Object.keys(names)) expect(index).not.toHaveProperty(key)
  expect(Object.keys(names)).toEqual(expect.arrayContaining(['resolveName', 'isName']))
})

// Send, activity, identity and WalletConnect were re-exported by the main entries until they got
// entries of their own; a name of theirs back in '.' or '/core' would bring the feature back onto
// every page's start.
test.each(['activity', 'identity', 'nfts', 'permissions', 'send', 'walletconnect', 'wallets'] as const)(
  '%s entry: none of it in the main entries or /internal (page start)',
  async (feature) => {
    const names = [
      ...Object.keys(await import(`./${feature}.ts`)),
      ...Object.keys(await import(`./react/${feature}.ts`)),
    ]
    expect(names.length).toBeGreaterThan(0)
    for (const key of names) {
      expect(index).not.toHaveProperty(key)
      expect(internal).not.toHaveProperty(key)
    }
    expect(Object.keys(await import(`./${feature}.ts`)).sort()).toMatchSnapshot()
  },
)

test.each(features)('%s: the core entry has no React, the React entry only hooks', async (feature) => {
  const core = await import(`./${feature}.ts`)
  const react = await import(`./react/${feature}.ts`)
  expect(Object.keys(core).filter((key) => /^use[A-Z]|Provider$/.test(key))).toEqual([])
  expect(Object.keys(react).length).toBeGreaterThan(0)
  expect(Object.keys(react).filter((key) => !/^use[A-Z]/.test(key))).toEqual([])
  expect(Object.keys(react).sort()).toMatchSnapshot()
})
