// @portico/headless/siwx/config: what the `siwx` option of `createPortico` is made with (the
// factories and the nonce a config or a sign-in server makes), and nothing else. A host's config
// module imports it at page start. Not '/siwx' for that: a bundler that splits code (esbuild)
// keeps, at page start, every module of a barrel the page imports that a lazy view uses, so
// `localSiwx` from '/siwx' brought the sign-in flow, its watcher and its formatter along (README
// quick-start page: 147.0 -> 140.1 KiB gzip, 15 -> 8 files, with `localSiwx` loading its session
// checks on first use). Explicit named exports only.

export { type LocalSiwxOptions, localSiwx } from '../features/siwx/localSiwx.js'
export type { SiwxMessage } from '../features/siwx/message.js'
export { generateSiwxNonce } from '../features/siwx/nonce.js'
export { type ServerSiwxOptions, serverSiwx } from '../features/siwx/serverSiwx.js'
export type { VerifySiwxSignatureOptions } from '../features/siwx/verifySiwxSignature.js'
export type { SiwxConfig, SiwxCreateMessageInput, SiwxSession, SiwxSessionContext } from '../kernel/siwxConfig.js'
