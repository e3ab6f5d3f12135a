import { defineConfig } from 'tsup'

export default defineConfig([
  {
    entry: ['src/index.ts', 'src/protocol.ts'],
    format: ['esm'],
    dts: true,
    target: 'node20',
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    external: ['esbuild', 'zod'],
  },
  {
    // The frame's own script, prebuilt so a published server needs no bundler at run time.
    entry: { frame: 'src/frame/main.ts' },
    format: ['esm'],
    platform: 'browser',
    target: 'es2022',
    outDir: 'dist',
    minify: true,
    noExternal: [/.*/],
    // One file: the server serves /frame.js only, so dynamic imports (viem's) must not become chunks.
    splitting: false,
  },
])
