import { BaseError } from './base.js'

export type InvalidOptionsErrorType = InvalidOptionsError & { name: 'InvalidOptionsError' }
/** `createPortico` was given options that fail validation. `issues` lists each problem with its path. */
export class InvalidOptionsError extends BaseError {
  override name = 'InvalidOptionsError' as const
  readonly issues: readonly { path: string; message: string }[]
  constructor({ issues }: { issues: readonly { path: string; message: string }[] }) {
    super('Invalid Portico options', {
      metaMessages: issues.map((i) => `- ${i.path || '(root)'}: ${i.message}`),
      docsPath: '/api/createPortico#options',
    })
    this.issues = issues
  }
}

export type SiwxConflictErrorType = SiwxConflictError & { name: 'SiwxConflictError' }
/** Both a sign-in-with-Ethereum configuration and a `siwx` option were given. */
export class SiwxConflictError extends BaseError {
  override name = 'SiwxConflictError' as const
  constructor() {
    super('Cannot set both `siweConfig` and `siwx` options', {
      metaMessages: ['Pass only `siwx`; a SIWE configuration can be expressed as a `siwx` config.'],
      docsPath: '/api/createPortico#siwx',
    })
  }
}

export type ProviderNotFoundErrorType = ProviderNotFoundError & { name: 'ProviderNotFoundError' }
/** A React hook was used outside `<PorticoProvider>`. */
export class ProviderNotFoundError extends BaseError {
  override name = 'ProviderNotFoundError' as const
  constructor({ hook }: { hook: string }) {
    super(`\`${hook}\` must be used within \`<PorticoProvider>\`.`, { docsPath: '/api/PorticoProvider' })
  }
}
