/** See join-page-start.mjs: lazily loaded dist modules import the package's page-start entry. */
export function joinPageStart(distDir: string, hub: string, entries: string[]): string[]
