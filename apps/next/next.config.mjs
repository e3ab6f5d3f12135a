import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The workspace root: the @portico/* packages are symlinks into it.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..')

/** @type {import('next').NextConfig} */
export default {
  // `pnpm typecheck` checks this app (with the workspace); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  turbopack: { root },
  outputFileTracingRoot: root,
}
