// Runs once before the e2e files: builds the demo page for production, which every file's demo
// then serves (`startDemo({ built: true })` in browser.ts). A page load on the build fetches a
// handful of chunks; on the dev server it fetched hundreds of source modules, each transformed on
// first request, which made most of the e2e project's time on a 2-core machine. The build holds no
// devnet: each file's server writes its own devnet's config into the page.
import { buildDemo } from '../../apps/demo/src/server.js'

export async function setup() {
  await buildDemo()
}
