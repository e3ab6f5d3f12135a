import { globalStyle, style } from '@vanilla-extract/css'

// The modal's scroll lock, as static CSS keyed off an attribute on <html>: it works under a strict
// Content-Security-Policy (`style-src 'self'`), where the injected <style> of Radix's lock
// (react-remove-scroll) is blocked and the page scrolled under the open modal. The one rule
// outside `[data-portico]`, on purpose: only the root element's overflow stops the page scrolling.
globalStyle('html[data-portico-scroll-lock]', {
  overflow: 'hidden',
  overscrollBehavior: 'none',
})

// A page that had a scrollbar keeps its gutter, so hiding the bar does not shift the layout.
globalStyle('html[data-portico-scroll-lock="gutter"]', {
  scrollbarGutter: 'stable',
})

/** @internal The overlay takes pointer events even while a host's own modal disables them on <body>. */
export const overlayPointer = style({ pointerEvents: 'auto' })
