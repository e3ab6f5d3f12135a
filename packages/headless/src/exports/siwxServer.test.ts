import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import * as siwxServer from './siwxServer.js'

test('siwx-server entry', () => {
  expect(Object.keys(siwxServer).sort()).toMatchInlineSnapshot(`
    [
      "SiwxMessageParseError",
      "SiwxVerificationError",
      "createMemoryNonceStore",
      "createMemorySessionStore",
      "createSiwxHandlers",
      "formatSiwxMessage",
      "generateSiwxNonce",
      "parseSiwxMessage",
      "toNodeListener",
      "verifySiwxMessage",
      "verifySiwxSignature",
    ]
  `)
})

/** Every module the entry reaches through relative imports, and the packages they import. */
function importGraph(entry: string) {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    const source = readFileSync(file, 'utf8')
    for (const [, specifier = ''] of source.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^']+)'/g)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
      else packages.add(specifier)
    }
  }
  visit(entry)
  return { files: [...files], packages: [...packages].sort() }
}

test('behavior: the entry is Node-safe: no React, no jotai, no Portico state, no DOM globals', () => {
  const { files, packages } = importGraph(fileURLToPath(new URL('./siwxServer.ts', import.meta.url)))
  expect(packages).toMatchInlineSnapshot(`
    [
      "@noble/curves/ed25519.js",
      "@noble/hashes/sha3.js",
      "@noble/hashes/utils.js",
      "@scure/base",
      "@solana/kit",
      "node:http",
      "viem",
    ]
  `)
  for (const file of files) {
    expect(file).not.toMatch(/\/(react|state|actions|adapters|walletconnect)\//)
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    expect(code, file).not.toMatch(/\b(window|document|localStorage|navigator)\./)
  }
})
