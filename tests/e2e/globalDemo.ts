// Runs once before the e2e files. Each file starts its own demo, and two files run at once: on a
// fresh clone both would prebundle the demo's dependencies into the same Vite cache at the same
// moment, one renaming the folder the other serves from. Starting the demo once here, and loading
// one prebundled module, leaves the cache complete before any file starts (the files then reuse it).
import { startDemo } from '../../apps/demo/src/server.js'

export async function setup() {
  const demo = await startDemo({ port: 0 })
  try {
    const entry = await fetch(new URL('src/main.tsx', demo.url)).then((response) => response.text())
    // The entry's imports point at the prebundled files; the first answers once the bundle is written.
    const prebundled = entry.match(/["'](\/node_modules\/\.vite\/deps\/[^"']+)["']/)?.[1]
    if (!prebundled) throw new Error('tests/e2e/globalDemo.ts: the demo entry imports no prebundled dependency')
    const response = await fetch(new URL(prebundled, demo.url))
    if (!response.ok) throw new Error(`tests/e2e/globalDemo.ts: ${prebundled} answered ${response.status}`)
  } finally {
    await demo.stop()
  }
}
