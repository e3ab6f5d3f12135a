import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { AnvilNotFoundError, anvilPackageFor, resolveAnvilBinary } from './anvilBinary.js'

test('default: the linux-x64 package (the optional dependency) provides the binary here', () => {
  const binary = resolveAnvilBinary(undefined, { platform: 'linux', arch: 'x64', env: {} })
  expect(binary).toMatch(/@foundry-rs[/\\]anvil-linux-amd64[/\\]bin[/\\]anvil$/)
})

test('parameters: platform names follow Foundry packages', () => {
  expect(anvilPackageFor('linux', 'x64')).toBe('@foundry-rs/anvil-linux-amd64')
  expect(anvilPackageFor('darwin', 'arm64')).toBe('@foundry-rs/anvil-darwin-arm64')
  expect(anvilPackageFor('win32', 'x64')).toBe('@foundry-rs/anvil-win32-amd64')
  expect(anvilPackageFor('freebsd', 'x64')).toBeUndefined()
  expect(anvilPackageFor('linux', 'ia32')).toBeUndefined()
})

test('behavior: a platform without its package names the package to install', () => {
  const error = (() => {
    try {
      resolveAnvilBinary(undefined, { platform: 'darwin', arch: 'arm64', env: { PATH: '' } })
    } catch (e) {
      return e
    }
  })()
  expect(error).toBeInstanceOf(AnvilNotFoundError)
  expect((error as AnvilNotFoundError).packageName).toBe('@foundry-rs/anvil-darwin-arm64')
  expect((error as Error).message).toMatchInlineSnapshot(
    `"No anvil binary for darwin-arm64. Install @foundry-rs/anvil-darwin-arm64 (npm i -D @foundry-rs/anvil-darwin-arm64) or Foundry's anvil, or set PORTICO_ANVIL_BIN (or the \`binary\` option) to an anvil executable."`,
  )
})

test('behavior: a platform Foundry does not publish for says so', () => {
  expect(() => resolveAnvilBinary(undefined, { platform: 'freebsd', arch: 'x64', env: { PATH: '' } })).toThrowError(
    /Foundry publishes no anvil package for freebsd-x64/,
  )
})

test('behavior: anvil on the PATH (a Foundry install) is used when the package is missing', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-anvil-path-'))
  writeFileSync(path.join(dir, 'anvil'), '#!/bin/sh\n', { mode: 0o755 })
  try {
    expect(resolveAnvilBinary(undefined, { platform: 'darwin', arch: 'arm64', env: { PATH: dir } })).toBe(
      path.join(dir, 'anvil'),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('parameters: PORTICO_ANVIL_BIN wins', () => {
  expect(resolveAnvilBinary(undefined, { env: { PORTICO_ANVIL_BIN: 'anvil-custom' } })).toBe('anvil-custom')
  expect(() => resolveAnvilBinary('/nonexistent/anvil')).toThrowError('/nonexistent/anvil does not exist')
})
