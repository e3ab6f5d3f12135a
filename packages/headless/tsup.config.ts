import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    'exports/index': 'src/exports/index.ts',
    'exports/core': 'src/exports/core.ts',
    'exports/testing': 'src/exports/testing.ts',
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
  external: [/^react/, /^@tanstack\//, /^jotai/, /^viem/, /^@solana\//, /^@wallet-standard\//, 'mipd', 'zod'],
})
