import { defineConfig } from 'vitest/config'

// One root config: the `portico-source` condition makes workspace packages resolve to their
// TypeScript sources, so tests never need a prior build.
export default defineConfig({
  resolve: { conditions: ['portico-source'] },
  ssr: { resolve: { conditions: ['portico-source'] } },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['./packages/headless/src/test/globalDevnet.ts'],
    // Devnet-backed tests start real processes; give them room on a 2-core CI box.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
