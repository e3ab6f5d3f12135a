// Setup for the `browser` Vitest project (packages/*/src/**/*.browser.test.tsx, real Chromium).
// `vitest-browser-react` unmounts what `render` mounted after each test on its own.
import 'vitest-browser-react'
import { inject } from 'vitest'
import { chainless } from './src/test/chainless.js'

// A page language, so axe scans of `document` judge components, not the bare test page.
document.documentElement.lang = 'en'
document.title = 'Portico UI browser tests'

// No chain answers the harness's default endpoints here: a failed read fails at once.
chainless.rpcUrl = `${inject('imageServerUrl')}/no-chain`
chainless.failingRpcUrl = chainless.rpcUrl
