import { BaseError } from '../../kernel/errors/base.js'

export type NoAuthConnectorErrorType = NoAuthConnectorError & { name: 'NoAuthConnectorError' }
/** Update email needs the embedded wallet's AUTH connector; the host did not configure one. */
export class NoAuthConnectorError extends BaseError {
  override name = 'NoAuthConnectorError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('No auth connector found', {
      details: 'Configure embeddedWallet (frameUrl, projectId) to use email login.',
      cause,
    })
  }
}

export type NotConnectedToEmailErrorType = NotConnectedToEmailError & { name: 'NotConnectedToEmailError' }
/** Update email only applies to a session opened through email or social login. */
export class NotConnectedToEmailError extends BaseError {
  override name = 'NotConnectedToEmailError' as const
  constructor() {
    super('Not connected to email or social', { details: 'The active connection is not the AUTH connector.' })
  }
}
