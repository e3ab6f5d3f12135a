#!/usr/bin/env node
// `npm run demo`: installs the workspace, then starts the demo host site on devnet.
import { install, pnpm } from './lib.mjs'

await install()
await pnpm(['--filter', '@portico/demo', 'dev'])
