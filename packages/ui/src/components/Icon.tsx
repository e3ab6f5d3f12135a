import type { SVGProps } from 'react'

// A handful of 20px stroke icons drawn for Portico; inline so they cost no request.
const paths = {
  close: 'M5 5l10 10M15 5L5 15',
  back: 'M12.5 4.5L7 10l5.5 5.5',
  chevron: 'M7.5 4.5L13 10l-5.5 5.5',
  copy: 'M7 7V4.5A1.5 1.5 0 018.5 3h7A1.5 1.5 0 0117 4.5v7a1.5 1.5 0 01-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0113 8.5v7a1.5 1.5 0 01-1.5 1.5h-7A1.5 1.5 0 013 15.5v-7A1.5 1.5 0 014.5 7z',
  external: 'M11 3h6v6M17 3l-8 8M8 4H4.5A1.5 1.5 0 003 5.5v10A1.5 1.5 0 004.5 17h10a1.5 1.5 0 001.5-1.5V12',
  check: 'M4 10.5l4 4 8-9',
  search: 'M9 15.5a6.5 6.5 0 100-13 6.5 6.5 0 000 13zM17.5 17.5L14 14',
  warning: 'M10 3l8 14H2L10 3zM10 8.5v3.5M10 14.5v.5',
  disconnect: 'M8 17H4.5A1.5 1.5 0 013 15.5v-11A1.5 1.5 0 014.5 3H8M13 14l4-4-4-4M17 10H8',
  wallet:
    'M3 6.5A2.5 2.5 0 015.5 4h9A1.5 1.5 0 0116 5.5V7M3 6.5v8A2.5 2.5 0 005.5 17h10a1.5 1.5 0 001.5-1.5v-7A1.5 1.5 0 0015.5 7H5.5A2.5 2.5 0 013 6.5zM13.5 12h.5',
  globe:
    'M10 17.5a7.5 7.5 0 100-15 7.5 7.5 0 000 15zM2.5 10h15M10 2.5c2 2 3 4.5 3 7.5s-1 5.5-3 7.5c-2-2-3-4.5-3-7.5s1-5.5 3-7.5z',
} as const

export type IconName = keyof typeof paths

/** @internal Decorative by default (`aria-hidden`); pass `title` to make it meaningful. */
export function Icon({
  name,
  size = 20,
  title,
  ...props
}: { name: IconName; size?: number; title?: string } & SVGProps<SVGSVGElement>) {
  const common = {
    width: size,
    height: size,
    viewBox: '0 0 20 20',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.6,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    // Lets styles pick icons out, e.g. to mirror the arrows right to left (base.css.ts).
    'data-icon': name,
    ...props,
  } as const
  if (title)
    return (
      <svg role="img" {...common}>
        <title>{title}</title>
        <path d={paths[name]} />
      </svg>
    )
  return (
    <svg aria-hidden="true" {...common}>
      <path d={paths[name]} />
    </svg>
  )
}
