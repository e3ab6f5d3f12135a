#!/usr/bin/env node
// Prints the SHA-256 of the secure frame's script built from this package's sources: compare it
// with the `integrity` of the frame page your frame origin serves, and with the `build` the frame
// reports in its ready message (SECURITY.md, "Checking the frame"). `--write` also writes the build
// to dist/frame.js (the package's build step).
import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'

const { buildFrameScript } = await import('../dist/index.js')
const script = await buildFrameScript()
if (process.argv.includes('--write')) await writeFile(new URL('../dist/frame.js', import.meta.url), script)
console.log(`sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`)
