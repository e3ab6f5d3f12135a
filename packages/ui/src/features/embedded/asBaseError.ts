import { BaseError } from '@portico/headless'

/**
 * @internal
 * A login's failure as the kit's typed error, so its view always has a `shortMessage` to show: the
 * headless errors pass as they are; anything else (a thrown string, a browser error) reads
 * 'Something went wrong', with the original kept as its cause.
 *
 * @example
 * set({ error: asBaseError(error) })
 */
export const asBaseError = (error: unknown): BaseError =>
  error instanceof BaseError ? error : new BaseError('Something went wrong', { cause: error })
