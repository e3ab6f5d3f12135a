import { resolve } from 'node:path'
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin'
import type { Plugin } from 'esbuild'
import { defineConfig } from 'tsup'

const external = [
  // `react` itself is external through `oneReactImport`.
  /^react\//,
  /^react-dom/,
  /^@portico\//,
  /^radix-ui/,
  /^@radix-ui\//,
  /^@tanstack\//,
  /^@vanilla-extract\/recipes\/createRuntimeFn/,
]

/**
 * Points the package's `import … from 'react'` at `src/react.ts`, which alone imports React (see
 * why there). `prerender.ts` reads React's namespace for what some versions lack, so it keeps its own.
 */
const oneReactImport: Plugin = {
  name: 'one-react-import',
  setup(build) {
    const shim = resolve('src/react.ts')
    const own = new Set([shim, resolve('src/modal/prerender.ts')])
    build.onResolve({ filter: /^react$/ }, ({ importer }) =>
      own.has(importer) ? { path: 'react', external: true } : { path: shim },
    )
  },
}

// Two builds with the same class-name scheme: the JS (split, so the modal and each view are
// lazy chunks) without CSS, and one stylesheet for hosts to import.
export default defineConfig([
  {
    entry: { 'exports/index': 'src/exports/index.ts' },
    format: ['esm'],
    splitting: true,
    // esbuild tree-shakes already; tsup's extra rollup pass would drop the 'use client' banner.
    treeshake: false,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    outDir: 'dist',
    external,
    // tsup makes peer dependencies external before any plugin runs; `oneReactImport` decides for react.
    noExternal: [/^react$/],
    esbuildPlugins: [vanillaExtractPlugin({ outputCss: false, identifiers: 'short' }), oneReactImport],
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
    target: 'es2022',
    outDir: 'dist',
    external: [...external, /^react$/],
    esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
    async onSuccess() {
      const { rm } = await import('node:fs/promises')
      // Only the CSS of this build is wanted.
      await rm('dist/styles.js', { force: true })
    },
  },
])
