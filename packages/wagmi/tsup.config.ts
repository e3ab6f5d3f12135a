import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/**/*.ts', '!src/**/*.test.ts', '!src/test/**'],
  bundle: false,
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'es2022',
  outDir: 'dist',
})
