// `import '@portico/ui/styles.css'` in a host's TypeScript app: TypeScript 6 and later check
// side-effect imports by default, and fail one they cannot resolve to a declaration.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..')

test('the stylesheet resolves to a declaration of an empty module, for a host app as for the Next.js app', () => {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
  }
  const { resolvedModule } = ts.resolveModuleName(
    '@portico/ui/styles.css',
    join(root, 'apps/next/app/layout.tsx'),
    options,
    ts.sys,
  )
  expect(resolvedModule?.extension).toBe(ts.Extension.Dts)
  expect(resolvedModule?.resolvedFileName).toMatch(/packages\/ui\/styles\.css\.d\.ts$/)
  const declaration = readFileSync(resolvedModule?.resolvedFileName ?? '', 'utf8')
  // A module (so the import is typed) that declares nothing (a stylesheet has no exports).
  expect(declaration.replace(/\/\/.*$/gm, '').trim()).toBe('export {}')
})
