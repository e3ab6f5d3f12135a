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
  // Declarations for the public entries only (the paths package.json's `types` name).
  dts: {
    entry: {
      'exports/index': 'src/exports/index.ts',
      'exports/core': 'src/exports/core.ts',
      'exports/testing': 'src/exports/testing.ts',
      'exports/internal': 'src/exports/internal.ts',
      'exports/onramp': 'src/exports/onramp.ts',
      'exports/siwx': 'src/exports/siwx.ts',
      'exports/siwxVerify': 'src/exports/siwxVerify.ts',
      'exports/siwxConfig': 'src/exports/siwxConfig.ts',
      'exports/embedded': 'src/exports/embedded.ts',
      'exports/swap': 'src/exports/swap.ts',
      'exports/calls': 'src/exports/calls.ts',
      'exports/names': 'src/exports/names.ts',
      'exports/permissions': 'src/exports/permissions.ts',
      'exports/wallets': 'src/exports/wallets.ts',
      'exports/react/onramp': 'src/exports/react/onramp.ts',
      'exports/react/siwx': 'src/exports/react/siwx.ts',
      'exports/react/embedded': 'src/exports/react/embedded.ts',
      'exports/react/swap': 'src/exports/react/swap.ts',
      'exports/react/calls': 'src/exports/react/calls.ts',
      'exports/react/names': 'src/exports/react/names.ts',
      'exports/react/permissions': 'src/exports/react/permissions.ts',
      'exports/react/wallets': 'src/exports/react/wallets.ts',
      'exports/activity': 'src/exports/activity.ts',
      'exports/identity': 'src/exports/identity.ts',
      'exports/send': 'src/exports/send.ts',
      'exports/walletconnect': 'src/exports/walletconnect.ts',
      'exports/react/activity': 'src/exports/react/activity.ts',
      'exports/react/identity': 'src/exports/react/identity.ts',
      'exports/react/send': 'src/exports/react/send.ts',
      'exports/react/walletconnect': 'src/exports/react/walletconnect.ts',
      'exports/nfts': 'src/exports/nfts.ts',
      'exports/react/nfts': 'src/exports/react/nfts.ts',
    },
  },
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
