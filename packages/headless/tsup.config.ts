import { readFile, writeFile } from 'node:fs/promises'
import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    'exports/index': 'src/exports/index.ts',
    'exports/core': 'src/exports/core.ts',
    'exports/testing': 'src/exports/testing.ts',
    'exports/internal': 'src/exports/internal.ts',
    'exports/siwxServer': 'src/exports/siwxServer.ts',
  },
  format: ['esm'],
  dts: true,
  // Shared chunks (e.g. the lazily loaded balance readers) stay separate files so hosts fetch them on demand.
  splitting: true,
  treeshake: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  outDir: 'dist',
  // esbuild drops module-level directives when bundling. The React entry must keep 'use client'
  // for server-component frameworks; adding it afterwards keeps one build, so the core and React
  // entries share chunks (one set of atoms) instead of each bundling its own.
  async onSuccess() {
    const file = 'dist/exports/index.js'
    const code = await readFile(file, 'utf8')
    if (!code.startsWith("'use client'")) await writeFile(file, `'use client';\n${code}`)
  },
  external: [/^react/, /^@tanstack\//, /^jotai/, /^viem/, /^@solana\//, /^@wallet-standard\//, 'mipd', 'zod'],
})
