import { gzipSync } from 'node:zlib'
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin'
import { build, type Metafile } from 'esbuild'
import { expect, test } from 'vitest'

/**
 * What a host loads at page start with `<PorticoUI>` and `<ConnectButton>`: the entry and the
 * chunks it imports statically. Dynamic imports (the modal, each view, balance readers) are
 * excluded, as a browser only fetches them on demand.
 */
function pageStartInputs(metafile: Metafile, entry: string): { inputs: Set<string>; files: string[] } {
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length) {
    const file = queue.shift() as string
    if (seen.has(file)) continue
    seen.add(file)
    for (const imported of metafile.outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path)
  }
  const inputs = new Set<string>()
  // esbuild lists modules it tree-shook to nothing; only code that ships counts.
  for (const file of seen)
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[file]?.inputs ?? {}))
      if (bytesInOutput > 0) inputs.add(input)
  return { inputs, files: [...seen] }
}

test('page start holds the provider and buttons only: no Radix, no virtualiser, no modal, no views', async () => {
  const result = await build({
    entryPoints: { entry: new URL('./index.ts', import.meta.url).pathname },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: '/tmp/portico-page-start',
    metafile: true,
    conditions: ['portico-source'],
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    plugins: [vanillaExtractPlugin({ outputCss: false, identifiers: 'short' })],
    logLevel: 'silent',
  })
  // Dynamically imported chunks carry an entryPoint too: pick the package entry itself.
  const entry = Object.keys(result.metafile.outputs).find((f) =>
    result.metafile.outputs[f]?.entryPoint?.endsWith('exports/index.ts'),
  ) as string
  expect(entry).toBeDefined()
  const { inputs, files } = pageStartInputs(result.metafile, entry)
  const offenders = [...inputs].filter((input) =>
    /node_modules\/(\.pnpm\/)?(radix-ui|@radix-ui|@tanstack\+react-virtual|@tanstack\/react-virtual|lean-qr|@walletconnect|@reown)|modal\/Modal\.tsx|modal\/views\/|walletconnect\/controller\.ts|@solana\+kit|@solana\/kit\//.test(
      input,
    ),
  )
  expect(offenders).toEqual([])
  // The lazily loaded parts do exist in the build, just not at page start.
  const all = Object.values(result.metafile.outputs).flatMap((o) => Object.keys(o.inputs))
  expect(all.some((input) => input.includes('modal/Modal.tsx'))).toBe(true)
  expect(all.some((input) => input.includes('radix-ui'))).toBe(true)
  // WalletConnect's SDK is loaded only when it is picked (or a saved session is restored).
  expect(all.some((input) => input.includes('@walletconnect+sign-client'))).toBe(true)
  expect(all.some((input) => input.includes('walletconnect/controller.ts'))).toBe(true)
  // The QR encoder is its own chunk, fetched only when a WalletConnect view draws a code.
  const qrChunks = Object.values(result.metafile.outputs).filter((o) =>
    Object.keys(o.inputs).some((input) => input.includes('lean-qr')),
  )
  expect(qrChunks.length).toBeGreaterThan(0)
  for (const chunk of qrChunks)
    expect(Object.keys(chunk.inputs).filter((input) => !input.includes('lean-qr'))).toEqual([])

  const gzip = files.reduce((sum, f) => {
    const out = result.outputFiles.find((o) => o.path.endsWith(f.replace(/^.*\//, '')))
    return sum + (out ? gzipSync(out.contents).length : 0)
  }, 0)
  console.info(
    `[page start] @portico/ui + @portico/headless without React: ${(gzip / 1024).toFixed(1)} KiB gzip in ${files.length} files`,
  )
  // Deterministic budget (same sources, same bundler, same options): a regression fails CI.
  expect(gzip / 1024).toBeLessThanOrEqual(pageStartBudgetKiB.kitOnly)
})

/** Page-start budgets in KiB gzip. Issue 6's target for a whole host page, React included, is 140. */
const pageStartBudgetKiB = { kitOnly: 45, hostPage: 140 }

test('a host page (React, react-dom, createPortico with both adapters, PorticoUI, ConnectButton) stays within budget at page start', async () => {
  const host = `
    import { createRoot } from 'react-dom/client'
    import { jsx } from 'react/jsx-runtime'
    import { createPortico, eip155Adapter, solanaAdapter, PorticoProvider, mainnet, solana } from '@portico/headless'
    import { PorticoUI, ConnectButton } from '@portico/ui'
    const portico = createPortico({ projectId: 'p', networks: [mainnet, solana], adapters: [eip155Adapter(), solanaAdapter()] })
    createRoot(document.getElementById('root')).render(
      jsx(PorticoProvider, { config: portico, children: jsx(PorticoUI, { children: jsx(ConnectButton, {}) }) }),
    )`
  const result = await build({
    stdin: { contents: host, resolveDir: new URL('../..', import.meta.url).pathname, loader: 'tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: '/tmp/portico-host-page',
    metafile: true,
    conditions: ['portico-source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [vanillaExtractPlugin({ outputCss: false, identifiers: 'short' })],
    logLevel: 'silent',
  })
  const entry = Object.keys(result.metafile.outputs).find(
    (f) => result.metafile.outputs[f]?.entryPoint === '<stdin>',
  ) as string
  const { files } = pageStartInputs(result.metafile, entry)
  const gzip = files.reduce((sum, f) => {
    const out = result.outputFiles.find((o) => o.path.endsWith(f.replace(/^.*\//, '')))
    return sum + (out ? gzipSync(out.contents).length : 0)
  }, 0)
  console.info(`[page start] host page with React: ${(gzip / 1024).toFixed(1)} KiB gzip in ${files.length} files`)
  expect(gzip / 1024).toBeLessThanOrEqual(pageStartBudgetKiB.hostPage)
})
