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
