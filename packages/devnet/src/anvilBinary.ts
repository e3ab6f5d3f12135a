import { accessSync, constants, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * The npm package that ships anvil for a platform, in Foundry's own naming
 * (`@foundry-rs/anvil-<os>-<arch>`), or `undefined` where Foundry publishes none.
 *
 * @example
 * ```ts
 * anvilPackageFor('linux', 'x64') // '@foundry-rs/anvil-linux-amd64'
 * ```
 */
export function anvilPackageFor(platform: NodeJS.Platform, arch: string): string | undefined {
  const os = ({ linux: 'linux', darwin: 'darwin', win32: 'win32' } as Partial<Record<NodeJS.Platform, string>>)[
    platform
  ]
  const cpu = ({ x64: 'amd64', arm64: 'arm64' } as Record<string, string>)[arch]
  return os && cpu ? `@foundry-rs/anvil-${os}-${cpu}` : undefined
}

/**
 * Thrown by `startAnvil` / `startDevnet` when no anvil executable exists for this machine. The
 * message names what to install; `platform`, `arch` and `packageName` say what was looked for.
 *
 * @example
 * ```ts
 * try {
 *   await startDevnet()
 * } catch (error) {
 *   if (error instanceof AnvilNotFoundError) console.error(error.message)
 * }
 * ```
 */
export class AnvilNotFoundError extends Error {
  override name = 'AnvilNotFoundError' as const
  readonly platform: string
  readonly arch: string
  /** The platform package that would provide anvil here, if Foundry publishes one. */
  readonly packageName: string | undefined
  constructor({ platform, arch, packageName }: { platform: string; arch: string; packageName: string | undefined }) {
    const install = packageName
      ? `Install ${packageName} (npm i -D ${packageName}) or Foundry's anvil`
      : `Foundry publishes no anvil package for ${platform}-${arch}; install Foundry's anvil`
    super(
      `No anvil binary for ${platform}-${arch}. ${install}, or set PORTICO_ANVIL_BIN (or the \`binary\` option) to an anvil executable.`,
    )
    this.platform = platform
    this.arch = arch
    this.packageName = packageName
  }
}

/** @internal What {@link resolveAnvilBinary} looks at; tests pass a foreign platform. */
export type ResolveAnvilBinaryEnvironment = {
  platform?: NodeJS.Platform | undefined
  arch?: string | undefined
  env?: Record<string, string | undefined> | undefined
}

/**
 * @internal
 * Finds the anvil executable: `explicit`, then `$PORTICO_ANVIL_BIN`, then the platform package
 * (an optional dependency, so installs never fail where it does not exist), then `anvil` on the
 * PATH (a Foundry install). Throws {@link AnvilNotFoundError} when none exists.
 */
export function resolveAnvilBinary(explicit?: string, environment: ResolveAnvilBinaryEnvironment = {}): string {
  const { platform = process.platform, arch = process.arch, env = process.env } = environment
  const candidate = explicit ?? env.PORTICO_ANVIL_BIN
  if (candidate) {
    // Paths are checked up front: behind setpriv a missing binary would only show as an exit code.
    if (candidate.includes(path.sep) && !existsSync(candidate)) {
      throw new Error(`could not start anvil: ${candidate} does not exist`)
    }
    return candidate
  }
  const packageName = anvilPackageFor(platform, arch)
  if (packageName) {
    try {
      const require = createRequire(import.meta.url)
      const binary = path.join(path.dirname(require.resolve(`${packageName}/package.json`)), 'bin', 'anvil')
      if (existsSync(binary)) return binary
    } catch {
      // Not installed (another platform, or optional dependencies skipped): try the PATH.
    }
  }
  const onPath = findOnPath(platform === 'win32' ? 'anvil.exe' : 'anvil', env.PATH)
  if (onPath) return onPath
  throw new AnvilNotFoundError({ platform, arch, packageName })
}

function findOnPath(name: string, searchPath: string | undefined): string | undefined {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue
    const file = path.join(dir, name)
    try {
      accessSync(file, constants.X_OK)
      return file
    } catch {
      // not here
    }
  }
  return undefined
}
