/**
 * The test wallets' icon: a white portico (pediment, three columns, base) on an indigo-to-teal
 * square with a yellow "dev" dot. Inlined as base64 because the Wallet Standard requires
 * `data:image/svg+xml;base64,…` and decoding at runtime would need `btoa` at import time.
 *
 * Source (96×96):
 * ```svg
 * <svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#0d9488"/></linearGradient></defs><rect width="96" height="96" rx="22" fill="url(#g)"/><path d="M22 40 48 22l26 18z" fill="#fff"/><rect x="26" y="44" width="8" height="28" rx="2" fill="#fff"/><rect x="44" y="44" width="8" height="28" rx="2" fill="#fff"/><rect x="62" y="44" width="8" height="28" rx="2" fill="#fff"/><rect x="20" y="74" width="56" height="6" rx="3" fill="#fff"/><circle cx="74" cy="24" r="9" fill="#facc15" stroke="#fff" stroke-width="3"/></svg>
 * ```
 *
 * @example
 * import { devnetWalletIcon } from '@portico/headless/testing'
 * const img = document.createElement('img')
 * img.src = devnetWalletIcon
 */
export const devnetWalletIcon =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI5NiIgaGVpZ2h0PSI5NiIgdmlld0JveD0iMCAwIDk2IDk2Ij48ZGVmcz48bGluZWFyR3JhZGllbnQgaWQ9ImciIHgxPSIwIiB5MT0iMCIgeDI9IjEiIHkyPSIxIj48c3RvcCBvZmZzZXQ9IjAiIHN0b3AtY29sb3I9IiM0ZjQ2ZTUiLz48c3RvcCBvZmZzZXQ9IjEiIHN0b3AtY29sb3I9IiMwZDk0ODgiLz48L2xpbmVhckdyYWRpZW50PjwvZGVmcz48cmVjdCB3aWR0aD0iOTYiIGhlaWdodD0iOTYiIHJ4PSIyMiIgZmlsbD0idXJsKCNnKSIvPjxwYXRoIGQ9Ik0yMiA0MCA0OCAyMmwyNiAxOHoiIGZpbGw9IiNmZmYiLz48cmVjdCB4PSIyNiIgeT0iNDQiIHdpZHRoPSI4IiBoZWlnaHQ9IjI4IiByeD0iMiIgZmlsbD0iI2ZmZiIvPjxyZWN0IHg9IjQ0IiB5PSI0NCIgd2lkdGg9IjgiIGhlaWdodD0iMjgiIHJ4PSIyIiBmaWxsPSIjZmZmIi8+PHJlY3QgeD0iNjIiIHk9IjQ0IiB3aWR0aD0iOCIgaGVpZ2h0PSIyOCIgcng9IjIiIGZpbGw9IiNmZmYiLz48cmVjdCB4PSIyMCIgeT0iNzQiIHdpZHRoPSI1NiIgaGVpZ2h0PSI2IiByeD0iMyIgZmlsbD0iI2ZmZiIvPjxjaXJjbGUgY3g9Ijc0IiBjeT0iMjQiIHI9IjkiIGZpbGw9IiNmYWNjMTUiIHN0cm9rZT0iI2ZmZiIgc3Ryb2tlLXdpZHRoPSIzIi8+PC9zdmc+' as const
