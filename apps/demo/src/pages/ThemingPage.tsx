// `#/theming`: the theme mode, accent colour and corner radius, applied live to the Connect button
// and to the embedded modal.
import type { ThemeMode, ThemeOptions } from '@portico/themes'
import { darkTheme, lightTheme } from '@portico/themes'
import { ConnectButton, EmbeddedModal, PorticoUI } from '@portico/ui'
import { useMemo, useState } from 'react'

const accents = ['#0b63e5', '#7b61ff', '#ff5c00', '#00bb7f', '#e6007a'] as const
const radii = ['none', 'small', 'medium', 'large'] as const satisfies readonly NonNullable<
  ThemeOptions['borderRadius']
>[]
const modes = ['light', 'dark', 'auto'] as const satisfies readonly ThemeMode[]

export function ThemingPage() {
  const [themeMode, setThemeMode] = useState<ThemeMode>('auto')
  const [accentColor, setAccentColor] = useState<string>(accents[0])
  const [borderRadius, setBorderRadius] = useState<(typeof radii)[number]>('medium')
  const theme = useMemo(() => {
    const options: ThemeOptions = { accentColor, borderRadius }
    return { light: lightTheme(options), dark: darkTheme(options) }
  }, [accentColor, borderRadius])

  return (
    <>
      <header className="page-header">
        <div>
          <h1>Theming</h1>
          <p className="muted">@portico/themes: pick a mode, an accent and a radius; the kit restyles live.</p>
        </div>
      </header>
      <main className="page theming">
        <section className="card controls" aria-label="Theme controls">
          <fieldset>
            <legend>Mode</legend>
            {modes.map((mode) => (
              <label key={mode} className="choice">
                <input
                  type="radio"
                  name="mode"
                  value={mode}
                  checked={themeMode === mode}
                  onChange={() => setThemeMode(mode)}
                />
                {mode}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Accent colour</legend>
            <div className="swatches">
              {accents.map((color) => (
                <button
                  key={color}
                  type="button"
                  className="swatch"
                  style={{ background: color }}
                  aria-label={`Accent ${color}`}
                  aria-pressed={accentColor === color}
                  onClick={() => setAccentColor(color)}
                />
              ))}
              <input
                type="color"
                aria-label="Custom accent colour"
                value={accentColor}
                onChange={(event) => setAccentColor(event.target.value)}
              />
            </div>
          </fieldset>
          <fieldset>
            <legend>Radius</legend>
            <select
              aria-label="Radius"
              value={borderRadius}
              onChange={(event) => setBorderRadius(event.target.value as (typeof radii)[number])}
            >
              {radii.map((radius) => (
                <option key={radius} value={radius}>
                  {radius}
                </option>
              ))}
            </select>
          </fieldset>
          <pre className="snippet">
            {`<PorticoUI\n  themeMode="${themeMode}"\n  theme={{\n    light: lightTheme({ accentColor: '${accentColor}', borderRadius: '${borderRadius}' }),\n    dark: darkTheme({ accentColor: '${accentColor}', borderRadius: '${borderRadius}' }),\n  }}\n>`}
          </pre>
          <div className="preview" data-testid="theming-connect">
            <PorticoUI themeMode={themeMode} theme={theme}>
              <ConnectButton />
            </PorticoUI>
          </div>
        </section>
        <aside className="embedded" data-testid="theming-embedded">
          <PorticoUI themeMode={themeMode} theme={theme} embedded>
            <EmbeddedModal />
          </PorticoUI>
        </aside>
      </main>
    </>
  )
}
