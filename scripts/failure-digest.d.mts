/** See failure-digest.mjs: where the digest of a failed run is written. */
export const digestFile: string
/** See failure-digest.mjs: notes one failed module request for the digest. */
export function noteServerFault(line: string): void
/** See failure-digest.mjs: a Vite plugin noting the requests its server answered with an error. */
export function serverFaultWatch(): import('vite').Plugin
