// The Biome rule that keeps features off page start: the kernel and the main entries never import
// a feature (biome.json's noRestrictedImports overrides). Each case writes a small module into the
// folder it stands for, lints it with the repository's own config, and removes it.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..')
const biome = path.join(root, 'node_modules/.bin/biome')
const boundaryMessage = 'Page start by construction'

type Diagnostic = { category: string; message: string }

async function lintModule(folder: string, code: string): Promise<Diagnostic[]> {
  const file = path.join(root, 'packages/headless/src', folder, `boundaryFixture${randomUUID().slice(0, 8)}.ts`)
  await writeFile(file, code)
  try {
    // Biome exits non-zero when it finds an error; the JSON report is on stdout either way.
    const { stdout } = await promisify(execFile)(biome, ['lint', '--reporter=json', path.relative(root, file)], {
      cwd: root,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }))
    return (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics
  } finally {
    await rm(file, { force: true })
  }
}

const featureImport = "import { sendToken } from '../features/send/sendToken.js'\nexport const verb = sendToken\n"

test('a kernel module that imports a feature fails the lint', { timeout: 60_000 }, async () => {
  const diagnostics = await lintModule('kernel', featureImport)
  expect(
    diagnostics.some((d) => d.category === 'lint/style/noRestrictedImports' && d.message.includes(boundaryMessage)),
  ).toBe(true)
})

test('a kernel React module that imports a feature fails the lint', { timeout: 60_000 }, async () => {
  const code = "import { useSiwx } from '../../features/siwx/react/useSiwx.js'\nexport const hook = useSiwx\n"
  const diagnostics = await lintModule('kernel/react', code)
  expect(diagnostics.some((d) => d.message.includes(boundaryMessage))).toBe(true)
})

test('a main entry that re-exports a feature fails the lint', { timeout: 60_000 }, async () => {
  // exports/index.ts and exports/core.ts are linted by name; test/lint/ shares their override.
  const code = "export { swap } from '../../features/swap/swap.js'\n"
  const diagnostics = await lintModule('test/lint', code)
  expect(diagnostics.some((d) => d.message.includes(boundaryMessage))).toBe(true)
})

test('the kernel core still may not import React, and a kernel module importing the kernel passes', {
  timeout: 60_000,
}, async () => {
  const react = await lintModule('kernel', "import { useState } from 'react'\nexport const hook = useState\n")
  expect(react.some((d) => d.message.includes('framework-free'))).toBe(true)
  const clean = await lintModule(
    'kernel',
    "import { defaultSocials } from './defaults.js'\nexport const value = defaultSocials\n",
  )
  expect(clean.filter((d) => d.category === 'lint/style/noRestrictedImports')).toEqual([])
})

test('a feature module may import the kernel', { timeout: 60_000 }, async () => {
  const code = "import { connect } from '../../kernel/actions/connect.js'\nexport const verb = connect\n"
  const diagnostics = await lintModule('features/send', code)
  expect(diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports')).toEqual([])
})
