import { defineConfig } from 'tsup'

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm'],
    target: 'node20',
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    external: ['esbuild', 'zod'],
  },
  {
    // The kit's side of the protocol, with its own copy of zod: a host page's bundler would otherwise
    // merge it with the zod the kit's page start uses, and every schema feature the protocol needs
    // would land at page start (measured +1.9 KiB gzip and one more file on the prebuilt page).
    // The origin matcher shares this build: browser code with no dependency, imported by the kit
    // and the auth server alike, and so do the grants' rules (the devnet's web wallet, in a page) and
    // the timings the frame and the auth server share (authProtocol: constants, no dependency).
    entry: {
      protocol: 'src/protocol.ts',
      origins: 'src/origins.ts',
      permissions: 'src/frame/permissions.ts',
      authProtocol: 'src/authProtocol.ts',
    },
    format: ['esm'],
    target: 'es2022',
    outDir: 'dist',
    sourcemap: true,
    noExternal: ['zod'],
  },
  // The frame's own script (dist/frame.js) is written by `portico-frame-hash --write` after this:
  // one esbuild call with fixed options (buildFrameScript), the same the server runs from sources,
  // so a published package serves the very bytes a reproducible build gives.
])
