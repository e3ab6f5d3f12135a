import { BaseError } from './base.js'

export type InvalidPsbtErrorType = InvalidPsbtError & { name: 'InvalidPsbtError' }
/**
 * A PSBT that is not one: not base64, or without the BIP-174 magic (`psbt` 0xff). Raised before a
 * request reaches the wallet, and for what a wallet answers instead of a signed PSBT.
 */
export class InvalidPsbtError extends BaseError {
  override name = 'InvalidPsbtError' as const
  constructor({ source, reason }: { source: 'request' | 'wallet'; reason: string }) {
    super(source === 'request' ? 'Invalid PSBT' : 'The wallet returned an invalid PSBT', {
      details: `${reason}.`,
      metaMessages: source === 'request' ? ['Pass the PSBT as base64 of its BIP-174 serialization.'] : undefined,
    })
  }
}
