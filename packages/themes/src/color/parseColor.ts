import { namedColorHex } from './namedColors.js'

/**
 * A colour in gamma-encoded sRGB, each channel and `alpha` in 0..1.
 *
 * @internal
 * @example
 * const red: Rgba = { r: 1, g: 0, b: 0, alpha: 1 }
 */
export type Rgba = { r: number; g: number; b: number; alpha: number }

const number = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`
const componentPattern = /* @__PURE__ */ new RegExp(`^(${number})(%|deg|grad|rad|turn)?$`, 'i')
const functionPattern = /^(rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(([^()]*)\)$/i

type Component = { value: number; unit: string }

/**
 * Reads a CSS colour into sRGB so contrast and mixing can be computed in plain JS (themes ships no
 * CSS runtime). Handles hex, named colours, `transparent` and the rgb/hsl/hwb/lab/lch/oklab/oklch
 * functions (legacy comma and modern space syntax). Colours only the browser can resolve
 * (`var()`, `color-mix()`, `currentColor`, relative colour syntax) return `undefined`.
 * Wide-gamut colours are clipped to sRGB, which is what the contrast maths needs.
 *
 * @internal
 * @example
 * parseColor('#3396ff') // { r: 0.2, g: 0.588…, b: 1, alpha: 1 }
 * parseColor('oklch(62.8% 0.2577 29.23)') // ≈ red
 * parseColor('var(--x)') // undefined
 */
export function parseColor(input: string): Rgba | undefined {
  const value = input.trim().toLowerCase()
  if (value === 'transparent') return { r: 0, g: 0, b: 0, alpha: 0 }
  if (value.startsWith('#')) return parseHex(value.slice(1))
  const named = namedColorHex(value)
  if (named) return parseHex(named)
  const match = functionPattern.exec(value)
  if (!match) return undefined
  const name = match[1]!.replace(/^(rgb|hsl)a$/, '$1')
  const parts = splitArguments(match[2]!)
  if (!parts) return undefined
  const [c1, c2, c3] = parts.channels
  const alpha = parts.alpha ? alphaOf(parts.alpha) : 1
  switch (name) {
    case 'rgb':
      return withAlpha([rgbChannel(c1), rgbChannel(c2), rgbChannel(c3)], alpha)
    case 'hsl':
      return withAlpha(hslToRgb(hue(c1), percent(c2), percent(c3)), alpha)
    case 'hwb':
      return withAlpha(hwbToRgb(hue(c1), percent(c2), percent(c3)), alpha)
    case 'lab':
      return withAlpha(labToRgb(scaled(c1, 100), scaled(c2, 125), scaled(c3, 125)), alpha)
    case 'lch':
      return withAlpha(labToRgb(...polar(scaled(c1, 100), scaled(c2, 150), hue(c3))), alpha)
    case 'oklab':
      return withAlpha(oklabToRgb(scaled(c1, 1), scaled(c2, 0.4), scaled(c3, 0.4)), alpha)
    default:
      return withAlpha(oklabToRgb(...polar(scaled(c1, 1), scaled(c2, 0.4), hue(c3))), alpha)
  }
}

function parseHex(hex: string): Rgba | undefined {
  if (!/^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(hex)) return undefined
  const long = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex
  const channel = (index: number) => Number.parseInt(long.slice(index * 2, index * 2 + 2), 16) / 255
  return { r: channel(0), g: channel(1), b: channel(2), alpha: long.length === 8 ? channel(3) : 1 }
}

// `rgb(1, 2, 3)`, `rgb(1 2 3 / 50%)`, `hsla(1, 2%, 3%, .5)`; `none` counts as zero (CSS Color 4).
function splitArguments(text: string): { channels: Component[]; alpha: Component | undefined } | undefined {
  const legacy = text.includes(',')
  const [main = '', alphaText, extra] = legacy ? [text] : text.split('/')
  if (extra !== undefined) return undefined
  const tokens = (legacy ? main.split(',') : main.trim().split(/\s+/)).map((token) => token.trim())
  if (legacy && (tokens.length < 3 || tokens.length > 4)) return undefined
  if (!legacy && tokens.length !== 3) return undefined
  const components = [...tokens, ...(alphaText === undefined ? [] : [alphaText.trim()])].map(component)
  if (components.some((entry) => entry === undefined)) return undefined
  const [c1, c2, c3, alpha] = components as Component[]
  return { channels: [c1!, c2!, c3!], alpha }
}

function component(token: string): Component | undefined {
  if (token === 'none') return { value: 0, unit: '' }
  const match = componentPattern.exec(token)
  if (!match) return undefined
  const value = Number(match[1])
  return Number.isFinite(value) ? { value, unit: (match[2] ?? '').toLowerCase() } : undefined
}

const clamp = (value: number) => Math.min(1, Math.max(0, value))

const rgbChannel = (c: Component | undefined) => (c ? (c.unit === '%' ? c.value / 100 : c.value / 255) : 0)

const alphaOf = (c: Component) => clamp(c.unit === '%' ? c.value / 100 : c.value)

// hsl() saturation and lightness: `50%`, or a bare number on the same 0..100 scale (CSS Color 4).
const percent = (c: Component | undefined) => (c ? c.value / 100 : 0)

// A percentage maps to `reference` at 100% (e.g. lab's a/b: 100% = 125).
const scaled = (c: Component | undefined, reference: number) =>
  c ? (c.unit === '%' ? (c.value / 100) * reference : c.value) : 0

const turns: Record<string, number> = { '': 1, deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 }

function hue(c: Component | undefined): number {
  if (!c) return 0
  const degrees = c.value * (turns[c.unit] ?? 1)
  return ((degrees % 360) + 360) % 360
}

function polar(lightness: number, chroma: number, hueDegrees: number): [number, number, number] {
  const radians = (hueDegrees * Math.PI) / 180
  return [lightness, chroma * Math.cos(radians), chroma * Math.sin(radians)]
}

function withAlpha([r, g, b]: [number, number, number], alpha: number): Rgba {
  return { r: clamp(r), g: clamp(g), b: clamp(b), alpha }
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const saturation = clamp(s)
  const lightness = clamp(l)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    const a = saturation * Math.min(lightness, 1 - lightness)
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
  }
  return [f(0), f(8), f(4)]
}

function hwbToRgb(h: number, white: number, black: number): [number, number, number] {
  const w = clamp(white)
  const b = clamp(black)
  // Whiteness and blackness that add up past 100% give a grey (CSS Color 4).
  if (w + b >= 1) {
    const grey = w / (w + b)
    return [grey, grey, grey]
  }
  const base = hslToRgb(h, 1, 0.5)
  return base.map((channel) => channel * (1 - w - b) + w) as [number, number, number]
}

const gamma = (linear: number) => {
  const c = clamp(linear)
  return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055
}

// Matrices from CSS Color 4, section 18 (sample code for colour conversions).
function labToRgb(lightness: number, a: number, b: number): [number, number, number] {
  const kappa = 24389 / 27
  const epsilon = 216 / 24389
  const f1 = (lightness + 16) / 116
  const f0 = a / 500 + f1
  const f2 = f1 - b / 200
  const x = (f0 ** 3 > epsilon ? f0 ** 3 : (116 * f0 - 16) / kappa) * (0.3457 / 0.3585)
  const y = lightness > kappa * epsilon ? f1 ** 3 : lightness / kappa
  const z = (f2 ** 3 > epsilon ? f2 ** 3 : (116 * f2 - 16) / kappa) * ((1 - 0.3457 - 0.3585) / 0.3585)
  // Bradford adaptation D50 → D65, then XYZ → linear sRGB.
  const X = 0.955473421488075 * x - 0.02309845494876471 * y + 0.06325924320057072 * z
  const Y = -0.0283697093338637 * x + 1.0099953980813041 * y + 0.021041441191917323 * z
  const Z = 0.012314014864481998 * x - 0.020507649298898964 * y + 1.330365926242124 * z
  return [
    gamma(3.2409699419045226 * X - 1.537383177570094 * Y - 0.4986107602930034 * Z),
    gamma(-0.9692436362808796 * X + 1.8759675015077202 * Y + 0.04155505740717559 * Z),
    gamma(0.05563007969699366 * X - 0.20397695888897652 * Y + 1.0569715142428786 * Z),
  ]
}

// Björn Ottosson's OKLab → linear sRGB.
function oklabToRgb(lightness: number, a: number, b: number): [number, number, number] {
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3
  return [
    gamma(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    gamma(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    gamma(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ]
}
