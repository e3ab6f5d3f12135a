// What the e2e host pages share: errors cross page.evaluate as plain objects, so a test can
// assert their names, texts and codes.

/** A promise's outcome as plain data: `{ ok: true, value }` or the error's name, text and code. */
export const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: { name?: string; shortMessage?: string; message?: string; code?: unknown; reason?: unknown }) => ({
      ok: false as const,
      name: error?.name,
      message: error?.shortMessage ?? error?.message,
      code: error?.code,
      // A reverted user operation's decoded reason.
      ...(error?.reason === undefined ? {} : { reason: error.reason }),
    }),
  )
