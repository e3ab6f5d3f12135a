/**
 * @internal
 * Spec: relative-time labels are abbreviated (`45s`, `5m`, `3h`, `2d`, then a short date).
 * That is the English (default) form; any other `locale` gets the same steps through
 * `Intl.RelativeTimeFormat`'s narrow style (`5分前`, `hace 5 min`) and its own short date, in its
 * own words and digits (`1 sept.`, `١ سبتمبر`). A date of another year than `now`'s names its
 * year (`Sep 1, 2025`): a month and a day alone would read as this year's.
 */
export function relativeTime(iso: string, now = Date.now(), locale = 'en'): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000))
  if (!Number.isFinite(seconds)) return ''
  const english = locale === 'en' || locale === 'en-US'
  const step = (value: number, unit: Intl.RelativeTimeFormatUnit, suffix: string) =>
    english ? `${value}${suffix}` : narrowFormat(locale).format(-value, unit)
  if (seconds < 60) return step(seconds, 'second', 's')
  if (seconds < 3600) return step(Math.floor(seconds / 60), 'minute', 'm')
  if (seconds < 86_400) return step(Math.floor(seconds / 3600), 'hour', 'h')
  if (seconds < 30 * 86_400) return step(Math.floor(seconds / 86_400), 'day', 'd')
  const date = new Date(iso)
  const thisYear = date.getFullYear() === new Date(now).getFullYear()
  return date.toLocaleDateString(english ? 'en-US' : locale, {
    month: 'short',
    day: 'numeric',
    ...(thisYear ? {} : { year: 'numeric' }),
  })
}

const formats = new Map<string, Intl.RelativeTimeFormat>()
function narrowFormat(locale: string): Intl.RelativeTimeFormat {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { style: 'narrow', numeric: 'always' })
    formats.set(locale, format)
  }
  return format
}
