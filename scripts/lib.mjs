// Shared by the README's two commands. Only Node built-ins: these run before anything is installed.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Runs a command in the repo root with inherited output; exits the process on failure, unless
 * `keepGoing` is set: then it resolves with the exit status, so the steps beside it can still report
 * before the process ends. Leaves the event loop free meanwhile, so steps started with `beside` go on.
 */
export async function run(command, args, { label = `${command} ${args.join(' ')}`, env = {}, keepGoing = false } = {}) {
  const started = Date.now()
  console.log(`\n▶ ${label}`)
  const status = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('error', (error) => {
      console.error(error.message)
      resolve(1)
    })
    child.on('close', (code, signal) => resolve(code ?? signal))
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (status !== 0) {
    console.error(`✖ ${label} failed (exit ${status}) after ${seconds}s`)
    if (keepGoing) return status
    process.exit(typeof status === 'number' ? status : 1)
  }
  console.log(`✔ ${label} (${seconds}s)`)
  return 0
}

/** Runs an in-process step with the same framing as `run`; exits the process when it throws. */
export function step(label, fn) {
  const started = Date.now()
  console.log(`\n▶ ${label}`)
  try {
    fn()
  } catch (error) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.error(`✖ ${label} failed after ${seconds}s: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)}s)`)
}

/** pnpm through npx, as the README promises: no corepack, no global install. */
export function pnpm(args, options) {
  return run('npx', ['-y', 'pnpm@9', ...args], { label: `pnpm ${args.join(' ')}`, ...options })
}

const backgroundChildren = new Set()
// A failing foreground step exits the process: nothing started beside it may outlive it.
process.on('exit', () => {
  for (const child of backgroundChildren) child.kill('SIGTERM')
})

/**
 * Starts commands one after another beside the foreground steps (for steps that need nothing the
 * foreground is still making). Their output is kept and printed by `settle`, so the log reads as
 * if each had run alone, with its own duration.
 * @param {{ command: string, args: string[], label: string, env?: Record<string, string> }[]} steps
 */
export function beside(steps) {
  console.log(`\n▷ started beside the next steps: ${steps.map((s) => s.label).join(', then ')}`)
  return (async () => {
    const results = []
    for (const { command, args, label, env = {} } of steps) {
      const started = Date.now()
      const result = await new Promise((resolve) => {
        const child = spawn(command, args, {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, ...env },
        })
        backgroundChildren.add(child)
        const output = []
        child.stdout.on('data', (chunk) => output.push(chunk))
        child.stderr.on('data', (chunk) => output.push(chunk))
        child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
        child.on('close', (code, signal) => {
          backgroundChildren.delete(child)
          resolve({ label, code: code ?? signal, output: Buffer.concat(output).toString('utf8'), started })
        })
      })
      results.push({ ...result, seconds: ((Date.now() - started) / 1000).toFixed(1) })
      if (result.code !== 0) break // the next steps of this lane would only repeat the failure
    }
    return results
  })()
}

/** Waits for `beside` lanes, prints each step's output and outcome; exits the process on a failure. */
export async function settle(...lanes) {
  let failed = false
  for (const results of await Promise.all(lanes)) {
    for (const { label, code, output, seconds } of results) {
      console.log(`\n▶ ${label} (ran beside the steps above)`)
      process.stdout.write(output)
      if (code === 0) console.log(`✔ ${label} (${seconds}s)`)
      else {
        console.error(`✖ ${label} failed (exit ${code}) after ${seconds}s`)
        failed = true
      }
    }
  }
  if (failed) process.exit(1)
}

/** Installs the workspace exactly as locked. */
export function install() {
  return pnpm(['install', '--frozen-lockfile', '--prefer-offline'])
}
