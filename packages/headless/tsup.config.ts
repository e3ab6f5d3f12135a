import { readFile, writeFile } from 'node:fs/promises'
import { defineConfig } from 'tsup'

export default defineConfig({
  // One output file per source module (no bundling): hosts' bundlers then see the same module graph
  // as from the sources, so `sideEffects: false` lets them drop every module a page does not use.
  // Bundled with splitting, modules reachable from the same entries were merged into shared chunks,
  // and a page importing one atom also kept the top-level schemas next to it and what those pull in
  // (@solana/kit's error catalogue via isAddress, @noble/hashes' sha512): +15 KiB gzip at page start.
  entry: [
    'src/**/*.ts',
    'src/**/*.tsx',
    '!src/**/*.test.ts',
    '!src/**/*.test.tsx',
    '!src/**/*.test-d.ts',
    '!src/test/**',
    '!src/**/__snapshots__/**',
  ],
  bundle: false,
  format: ['esm'],
  // No declarations here: every package's come from `tsgo -p tsconfig.build.json` (the build
  // script's second step), one `.d.ts` beside each module (README, "Two TypeScripts").
  sourcemap: true,
  clean: true,
  target: 'es2022',
  outDir: 'dist',
  // esbuild drops module-level directives when transforming. The React entries (the main one and each
  // feature's /react) must keep 'use client' for server-component frameworks; the core entries must
  // not have it, or a server route calling a core function (generateSiwxNonce) gets a client reference.
  async onSuccess() {
    for (const file of [
      'dist/exports/index.js',
      'dist/exports/react/onramp.js',
      'dist/exports/react/siwx.js',
      'dist/exports/react/embedded.js',
      'dist/exports/react/swap.js',
      'dist/exports/react/calls.js',
      'dist/exports/react/names.js',
      'dist/exports/react/permissions.js',
      'dist/exports/react/wallets.js',
      'dist/exports/react/activity.js',
      'dist/exports/react/identity.js',
      'dist/exports/react/send.js',
      'dist/exports/react/walletconnect.js',
      'dist/exports/react/nfts.js',
    ]) {
      const code = await readFile(file, 'utf8')
      if (!code.startsWith("'use client'")) await writeFile(file, `'use client';\n${code}`)
    }
    // Lazily loaded modules import the core entry, so a host's bundler keeps page start in a few
    // files instead of one per combination of lazy chunks (scripts/join-page-start.mjs says why).
    const { joinPageStart } = await import('../../scripts/join-page-start.mjs')
    joinPageStart('dist', 'dist/exports/core.js', ['dist/exports/core.js'])
  },
})
