// Browser commands (run in Node, beside Playwright) for tests that must read inside a frame of
// another origin, which the page itself cannot: the secure frame's own document. Registered in
// vitest.config.ts's browser project; typed for the tests below.
// The Playwright provider's context (page, frame) on the command's first argument.
import type {} from '@vitest/browser-playwright'
import type { BrowserCommand } from 'vitest/node'

/** The root element's computed `color-scheme` and the given custom properties of the first frame whose address starts with `origin`. */
type FrameRootStyle = (origin: string, properties: string[]) => Promise<Record<string, string> | null>

const frameRootStyle: BrowserCommand<Parameters<FrameRootStyle>> = async (context, origin, properties) => {
  const tester = await context.frame()
  const frame = tester.childFrames().find((child) => child.url().startsWith(origin))
  if (!frame) return null
  return frame.evaluate((names) => {
    const style = getComputedStyle(document.documentElement)
    const read: Record<string, string> = { colorScheme: style.colorScheme }
    for (const name of names) read[name] = style.getPropertyValue(name).trim()
    return read
  }, properties)
}

/** The commands, for `browser.commands` in vitest.config.ts. */
export const frameCommands = { frameRootStyle }

declare module 'vitest/browser' {
  interface BrowserCommands {
    frameRootStyle: FrameRootStyle
  }
}
