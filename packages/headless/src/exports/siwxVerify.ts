// @portico/headless/siwx/verify: the sign-in signature check (EOA, ERC-1271 / ERC-6492 on chain,
// ed25519), for servers and for hosts that check a signature themselves. Its own entry, not part of
// '/siwx': a host's config imports '/siwx' at page start (`localSiwx()`), and a bundler that splits
// code (esbuild) keeps a chunk import for every module a barrel re-exports, used or not. With the
// checker in '/siwx', viem's public client and noble's curves were at the README page's start
// (262.4 KiB gzip; 159.5 without). Explicit named exports only.

export {
  type VerifySiwxSignatureOptions,
  type VerifySiwxSignatureParameters,
  type VerifySiwxSignatureReturnType,
  verifySiwxSignature,
} from '../features/siwx/verifySiwxSignature.js'
