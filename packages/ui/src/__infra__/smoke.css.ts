import { style } from '@vanilla-extract/css'

// Values chosen to be unmistakable in computed styles: proves vanilla-extract CSS reached Chromium.
export const smokeButton = style({
  padding: '12px 20px',
  borderRadius: 8,
  border: 'none',
  backgroundColor: 'rgb(20, 60, 140)',
  color: 'rgb(255, 255, 255)',
  fontSize: 16,
  ':focus-visible': {
    outline: '3px solid rgb(255, 170, 0)',
    outlineOffset: 2,
  },
})
