// The pnpm 9 that `npx -y pnpm@9` has already fetched, run with node directly: scripts that call
// pnpm many times save npx's start-up (seconds each on a busy machine). Falls back to npx.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'

function cachedPnpm() {
  const npx = join(process.env.npm_config_cache ?? join(homedir(), '.npm'), '_npx')
  if (!existsSync(npx)) return undefined
  for (const entry of readdirSync(npx)) {
    const dir = join(npx, entry, 'node_modules', 'pnpm')
    try {
      const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
      if (version.startsWith('9.') && existsSync(join(dir, 'bin', 'pnpm.cjs'))) return join(dir, 'bin', 'pnpm.cjs')
    } catch {
      // not a pnpm install
    }
  }
  return undefined
}

const cached = cachedPnpm()

/** `[command, argsPrefix]` that runs pnpm 9: `spawnSync(command, [...argsPrefix, 'install'])`. */
export const pnpmCommand = cached ? [process.execPath, [cached]] : ['npx', ['-y', 'pnpm@9']]

/**
 * `process.env` with that pnpm first on the PATH, for tools that spawn `pnpm` themselves
 * (publint's `--pack pnpm`).
 */
export const pnpmEnv = cached
  ? { ...process.env, PATH: `${join(dirname(dirname(dirname(cached))), '.bin')}${delimiter}${process.env.PATH ?? ''}` }
  : process.env
