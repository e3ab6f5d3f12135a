import { type ReactNode, useEffect, useMemo, useState } from 'react'
import * as css from './qrCode.css.js'

// lean-qr is imported on demand: only the WalletConnect views draw QR codes, so the encoder stays
// out of page start and out of every other chunk.
type LeanQr = typeof import('lean-qr')
let leanQr: LeanQr | undefined
let leanQrPending: Promise<LeanQr> | undefined
/**
 * @internal
 * Starts loading the QR encoder (a small chunk of its own); safe to call often. The WalletConnect
 * views call it as their chunk loads, so the encoder arrives while the pairing is being made
 * instead of after the view has mounted (the bench's pointerdown -> QR code).
 */
export const preloadQrEncoder = (): Promise<LeanQr> => {
  leanQrPending ??= import('lean-qr').then(
    (module) => {
      leanQr = module
      return module
    },
    (error: unknown) => {
      // A chunk that failed to arrive is fetched again by the next code drawn.
      leanQrPending = undefined
      throw error
    },
  )
  return leanQrPending
}

/** Modules of light margin around the code (the QR standard's quiet zone). */
const quietZone = 4
/** Share of the code's width cleared for the logo: well under what correction level Q recovers. */
const logoShare = 0.22

type Matrix = { size: number; path: string; hole: number }

/** Printable ASCII, what pairing URIs are made of. */
const ascii = /^[\x20-\x7e]*$/

/** One SVG path of the dark modules, a horizontal run per rect, with the centre left clear for a logo. */
function toMatrix(qr: LeanQr, value: string, withLogo: boolean): Matrix | undefined {
  let code: ReturnType<LeanQr['generate']>
  try {
    // For ASCII text the encoder's automatic segmentation is limited to the modes such text can
    // use: its default set includes Shift JIS, whose lookup table it builds on first use, which
    // took longer than the rest of the code (~25 ms on a desktop CPU, ~100 on a throttled one).
    code = ascii.test(value)
      ? qr.generate(value, {
          minCorrectionLevel: qr.correction.Q,
          modes: [qr.mode.numeric, qr.mode.alphaNumeric, qr.mode.ascii],
        })
      : qr.generate(value, { minCorrectionLevel: qr.correction.Q })
  } catch {
    return undefined // Too long for any QR version: the caller shows no code rather than a wrong one.
  }
  const size = code.size
  let hole = withLogo ? Math.round(size * logoShare) : 0
  if (hole && hole % 2 !== size % 2) hole += 1 // Centred on whole modules.
  const from = (size - hole) / 2
  const inHole = (x: number, y: number) => hole > 0 && x >= from && x < from + hole && y >= from && y < from + hole
  let path = ''
  for (let y = 0; y < size; y++) {
    let x = 0
    while (x < size) {
      if (!code.get(x, y) || inHole(x, y)) {
        x++
        continue
      }
      const start = x
      while (x < size && code.get(x, y) && !inHole(x, y)) x++
      path += `M${start} ${y}h${x - start}v1h${start - x}z`
    }
  }
  return { size, path, hole }
}

/**
 * @internal
 * A QR code of `value` drawn as SVG in the theme's QR colours, with a quiet zone and an optional
 * logo in its centre. It is one image to assistive technology (`role="img"` and `label`), and
 * carries the encoded value in `data-uri` for end-to-end tests. Without a value (or until the
 * encoder has loaded) it is a skeleton of the same size.
 */
export function QrCode({
  value,
  label,
  loadingLabel,
  logo,
}: {
  value: string | undefined
  label: string
  loadingLabel: string
  logo?: ReactNode
}) {
  const [qr, setQr] = useState(leanQr)
  useEffect(() => {
    if (!qr) preloadQrEncoder().then(setQr, () => {})
  }, [qr])
  const withLogo = Boolean(logo)
  const matrix = useMemo(() => (qr && value ? toMatrix(qr, value, withLogo) : undefined), [qr, value, withLogo])

  if (!value || !matrix)
    return (
      <div
        className={css.root}
        role="img"
        aria-label={loadingLabel}
        aria-busy="true"
        data-slot="qr-code"
        data-state="loading"
      />
    )
  const box = matrix.size + quietZone * 2
  return (
    <div className={css.root} role="img" aria-label={label} data-slot="qr-code" data-state="ready" data-uri={value}>
      {/* A new key per value: a renewed URI fades in as a new code instead of morphing. */}
      <svg
        key={value}
        className={css.svg}
        viewBox={`${-quietZone} ${-quietZone} ${box} ${box}`}
        shapeRendering="crispEdges"
        aria-hidden="true"
      >
        <rect className={css.field} x={-quietZone} y={-quietZone} width={box} height={box} />
        <path className={css.modules} d={matrix.path} />
      </svg>
      {logo && matrix.hole ? (
        <span
          className={css.logo}
          data-slot="qr-code-logo"
          style={{ width: `${((matrix.hole - 1) / box) * 100}%`, height: `${((matrix.hole - 1) / box) * 100}%` }}
        >
          {logo}
        </span>
      ) : null}
    </div>
  )
}
