/** See browser-module-cache.mjs: the Cache-Control a module answer gets in a run. */
export const moduleCacheControl: string
/** See browser-module-cache.mjs: a Vite plugin letting Chromium keep the test server's modules for a run. */
export function browserModuleCache(options?: { watch?: boolean }): import('vite').Plugin
