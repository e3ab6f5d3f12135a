import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin'
import { build } from 'esbuild'
import { expect, test } from 'vitest'
import { supportedLocales } from './locales.js'

// Locales load lazily: English only at page start. Bundled like a host would (the
// same options as exports/pageStart.test.ts), the entry and its static imports hold English and
// nothing else of i18n; each other language is a chunk of its own, holding only its catalogue.
test('English only at page start; every other language is its own lazily loaded chunk', async () => {
  const result = await build({
    entryPoints: { entry: new URL('../exports/index.ts', import.meta.url).pathname },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: '/tmp/portico-i18n-page-start',
    metafile: true,
    conditions: ['portico-source'],
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    plugins: [vanillaExtractPlugin({ outputCss: false, identifiers: 'short' })],
    logLevel: 'silent',
  })
  const { outputs } = result.metafile
  const entry = Object.keys(outputs).find((f) => outputs[f]?.entryPoint?.endsWith('exports/index.ts')) as string
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length) {
    const file = queue.shift() as string
    if (seen.has(file)) continue
    seen.add(file)
    for (const imported of outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement') queue.push(imported.path)
  }
  const pageStart = [...seen].flatMap((file) =>
    Object.entries(outputs[file]?.inputs ?? {})
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => input),
  )
  expect(pageStart.some((input) => input.endsWith('src/i18n/messages.ts'))).toBe(true)
  expect(pageStart.filter((input) => /src\/i18n\/(locales|operationLabel)/.test(input))).toEqual([])

  for (const locale of supportedLocales.filter((l) => l !== 'en')) {
    const chunks = Object.values(outputs).filter((o) =>
      Object.keys(o.inputs).some((input) => input.endsWith(`src/i18n/locales/${locale}.ts`)),
    )
    expect(chunks, locale).toHaveLength(1)
    // Only that language (and the operation-label helper its table uses) is in its chunk.
    const others = Object.keys(chunks[0]?.inputs ?? {}).filter(
      (input) => !input.endsWith(`/${locale}.ts`) && !input.endsWith('operationLabel.ts'),
    )
    expect(others, locale).toEqual([])
  }
})
