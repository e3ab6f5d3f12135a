// `npm test` runs the consumer test and the publish checks beside Vitest (scripts/test-all.mjs): a
// failure of the foreground step must still let the steps beside it finish and report, and a failure
// beside it must fail the run after its output is printed. Each case runs a small script on
// scripts/lib.mjs in its own Node process, since the steps end the process on failure.
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'

const lib = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '../../scripts/lib.mjs')).href

/** Runs `body` as an ES module with lib.mjs's exports in scope; its exit status and whole output. */
function script(body: string) {
  const source = `import { beside, run, settle } from ${JSON.stringify(lib)}\n${body}`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

const node = (code: string, label: string) =>
  `{ command: process.execPath, args: ['-e', ${JSON.stringify(code)}], label: ${JSON.stringify(label)} }`

describe('npm test steps side by side (scripts/lib.mjs)', () => {
  test('a failing foreground step with keepGoing resolves its status; the step beside it still reports', () => {
    const { status, output } = script(`
      const lane = beside([${node("console.log('beside ran')", 'beside step')}])
      const tests = await run(process.execPath, ['-e', 'process.exit(3)'], { label: 'tests', keepGoing: true })
      console.log('tests status', tests)
      await settle(lane)
      process.exit(tests)
    `)
    expect(status).toBe(3)
    expect(output).toContain('✖ tests failed (exit 3)')
    expect(output).toContain('tests status 3')
    expect(output).toContain('beside ran')
    expect(output).toContain('✔ beside step')
  })

  test('a failing step beside the tests fails the run once the tests are done, with its output', () => {
    const { status, output } = script(`
      const lane = beside([${node("console.log('consumer said why'); process.exit(2)", 'consumer')}])
      const tests = await run(process.execPath, ['-e', ''], { label: 'tests', keepGoing: true })
      await settle(lane)
      console.log('not reached', tests)
    `)
    expect(status).toBe(1)
    expect(output).toContain('✔ tests')
    expect(output).toContain('consumer said why')
    expect(output).toContain('✖ consumer failed (exit 2)')
    expect(output).not.toContain('not reached')
  })

  test('without keepGoing a failing step ends the process at once', () => {
    const { status, output } = script(`
      await run(process.execPath, ['-e', 'process.exit(4)'], { label: 'build' })
      console.log('not reached')
    `)
    expect(status).toBe(4)
    expect(output).toContain('✖ build failed (exit 4)')
    expect(output).not.toContain('not reached')
  })
})
