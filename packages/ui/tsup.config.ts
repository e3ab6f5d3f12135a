import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin'
import { defineConfig } from 'tsup'

const external = [
  /^react/,
  /^@portico\//,
  /^radix-ui/,
  /^@radix-ui\//,
  /^@tanstack\//,
  /^@vanilla-extract\/recipes\/createRuntimeFn/,
]

// Two builds with the same class-name scheme: the JS (split, so the modal and each view are
// lazy chunks) without CSS, and one stylesheet for hosts to import.
export default defineConfig([
  {
    entry: { 'exports/index': 'src/exports/index.ts' },
    format: ['esm'],
    dts: true,
    splitting: true,
    // esbuild tree-shakes already; tsup's extra rollup pass would drop the 'use client' banner.
    treeshake: false,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    outDir: 'dist',
    external,
    esbuildPlugins: [vanillaExtractPlugin({ outputCss: false, identifiers: 'short' })],
    banner: { js: "'use client';" },
    // Lazily loaded chunks import the entry, so a host's bundler keeps page start in a few files
    // instead of one per combination of lazy chunks (scripts/join-page-start.mjs says why).
    async onSuccess() {
      const { joinPageStart } = await import('../../scripts/join-page-start.mjs')
      joinPageStart('dist', 'dist/exports/index.js', ['dist/exports/index.js'])
    },
  },
  {
    entry: { styles: 'src/styles.ts' },
    format: ['esm'],
    dts: false,
    target: 'es2022',
    outDir: 'dist',
    external,
    esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
    async onSuccess() {
      const { rm } = await import('node:fs/promises')
      // Only the CSS of this build is wanted.
      await rm('dist/styles.js', { force: true })
    },
  },
])
