import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  treeshake: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  outDir: 'dist',
})
