import { darkTheme, lightTheme, type ThemeOptions, type ThemeVariables } from '@portico/themes'
import { ConnectButton, EmbeddedModal, PorticoUI, type PorticoUIProps, useModal } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type CSSProperties, useMemo } from 'react'
import { type Harness, harnessLoader, useHarnessHost } from '../../packages/ui/src/test/storyHarness.js'

// ---------------------------------------------------------------------------------------------
// Harness plumbing (same scheme as the @portico/ui stories): Storybook re-runs loaders on every
// control change, so the harness is kept while the story stays mounted and only the theme props
// change: edits restyle the modal live, and whatever view you navigated to stays open. Toggling
// "connected" builds a new harness.
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// The playground
// ---------------------------------------------------------------------------------------------

/** One harness per story and "connected" value: toggling it builds a new one; other controls restyle live. */
const loadHarness = ({ id, args }: { id: string; args: PlaygroundArgs }) =>
  // The blockchain API on, as by default: connected, the Account view shows its Swap button and
  // its NFTs and Activity tabs (off, it offers neither).
  harnessLoader({ connected: args.connected, blockchainApi: true, extraWallets: 8 })({
    id: `${id}:${args.connected ? 'connected' : 'disconnected'}`,
  })

type PlaygroundArgs = {
  /** `toolbar` follows the Theme toolbar; the others are passed to `<PorticoUI themeMode>` as they are. */
  themeMode: 'toolbar' | 'light' | 'dark' | 'auto'
  accentColor?: string | undefined
  borderRadius: NonNullable<ThemeOptions['borderRadius']>
  fontStack: 'system' | 'rounded' | 'mono'
  overlayBlur: NonNullable<ThemeOptions['overlayBlur']>
  w3mAccent?: string | undefined
  w3mColorMix?: string | undefined
  w3mColorMixStrength?: number | undefined
  w3mFontSizeMaster?: string | undefined
  w3mBorderRadiusMaster?: string | undefined
  /** Start with the Devnet Wallet connected (the embedded modal then shows Account). */
  connected: boolean
}

type ThemeProps = Required<Pick<PorticoUIProps, 'themeMode' | 'theme' | 'themeVariables'>>

/** Builds the `<PorticoUI>` theme props from the controls; unset controls are left out. */
function useThemeProps(args: PlaygroundArgs, toolbarTheme: 'light' | 'dark') {
  const { accentColor, borderRadius, fontStack, overlayBlur } = args
  const { w3mAccent, w3mColorMix, w3mColorMixStrength, w3mFontSizeMaster, w3mBorderRadiusMaster } = args
  const options = useMemo<ThemeOptions>(
    () => ({ ...(accentColor ? { accentColor } : {}), borderRadius, fontStack, overlayBlur }),
    [accentColor, borderRadius, fontStack, overlayBlur],
  )
  const theme = useMemo(() => ({ light: lightTheme(options), dark: darkTheme(options) }), [options])
  const themeVariables = useMemo<ThemeVariables>(() => {
    const variables: ThemeVariables = {}
    if (w3mAccent) variables['--w3m-accent'] = w3mAccent
    if (w3mColorMix) variables['--w3m-color-mix'] = w3mColorMix
    if (w3mColorMixStrength !== undefined) variables['--w3m-color-mix-strength'] = w3mColorMixStrength
    if (w3mFontSizeMaster) variables['--w3m-font-size-master'] = w3mFontSizeMaster
    if (w3mBorderRadiusMaster) variables['--w3m-border-radius-master'] = w3mBorderRadiusMaster
    return variables
  }, [w3mAccent, w3mColorMix, w3mColorMixStrength, w3mFontSizeMaster, w3mBorderRadiusMaster])
  const themeMode = args.themeMode === 'toolbar' ? toolbarTheme : args.themeMode
  const props: ThemeProps = { themeMode, theme, themeVariables }
  return { props, options }
}

/** The code to paste into an app for the current controls. */
function snippet({ themeMode, themeVariables }: ThemeProps, options: ThemeOptions) {
  const json = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')
  const lines = [
    `import { darkTheme, lightTheme } from '@portico/themes'`,
    '',
    `const options = ${JSON.stringify(options, null, 2)}`,
    '',
    '<PorticoUI',
    `  themeMode="${themeMode}"`,
    '  theme={{ light: lightTheme(options), dark: darkTheme(options) }}',
  ]
  if (Object.keys(themeVariables).length > 0) lines.push(`  themeVariables={${json(themeVariables)}}`)
  lines.push('>', '  <ConnectButton />', '</PorticoUI>')
  return lines.join('\n')
}

const font = 'system-ui, sans-serif'
const caption: CSSProperties = { font: `600 12px/1.4 ${font}`, opacity: 0.6, margin: 0 }
const hostButton: CSSProperties = {
  font: `500 13px/1 ${font}`,
  padding: '8px 12px',
  borderRadius: 6,
  border: '1px solid currentColor',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
}

/** Opens the dialog (with its overlay, so `overlayBlur` shows) on a given view. */
function DialogOpeners() {
  const { open } = useModal()
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <button type="button" style={hostButton} onClick={() => open({ view: 'AllWallets' })}>
        Dialog: All Wallets
      </button>
      <button type="button" style={hostButton} onClick={() => open({ view: 'Networks' })}>
        Dialog: Networks
      </button>
    </div>
  )
}

function ThemingPlayground({
  harness,
  args,
  toolbarTheme,
}: {
  harness: Harness
  args: PlaygroundArgs
  toolbarTheme: 'light' | 'dark'
}) {
  useHarnessHost(harness)
  const { props, options } = useThemeProps(args, toolbarTheme)
  const { Wrapper } = harness
  return (
    <Wrapper>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 40, alignItems: 'flex-start', fontFamily: font }}>
        <section style={{ flex: '1 1 320px', maxWidth: 520, display: 'grid', gap: 20 }}>
          <div style={{ lineHeight: 1.5 }}>
            <h1 style={{ margin: '0 0 8px', fontSize: 24 }}>Theming playground</h1>
            <p style={{ margin: 0 }}>
              Change the controls below the canvas: the embedded modal and the buttons restyle live. The Connect button
              opens the dialog, with its overlay, so <code>overlayBlur</code> shows there.
            </p>
          </div>
          {/* The dialog flavour: buttons open a real modal over this page. */}
          <PorticoUI {...props}>
            <div style={{ display: 'grid', gap: 12 }}>
              <p style={caption}>ConnectButton</p>
              <div>
                <ConnectButton />
              </div>
              <DialogOpeners />
            </div>
          </PorticoUI>
          <div style={{ display: 'grid', gap: 8 }}>
            <p style={caption}>Your config</p>
            <pre
              data-slot="playground-snippet"
              style={{
                margin: 0,
                padding: 12,
                borderRadius: 8,
                overflow: 'auto',
                font: '12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace',
                background: 'rgba(127, 127, 127, 0.12)',
              }}
            >
              {snippet(props, options)}
            </pre>
          </div>
        </section>
        <aside style={{ flex: '1 1 360px', maxWidth: 400, display: 'grid', gap: 12 }}>
          <p style={caption}>EmbeddedModal</p>
          {/* The embedded flavour: inline, never closes, so every edit is visible at once. */}
          <PorticoUI {...props} embedded>
            <EmbeddedModal />
          </PorticoUI>
        </aside>
      </div>
    </Wrapper>
  )
}

const presetColors = ['#0b63e5', '#3396ff', '#7b61ff', '#ff5c00', '#00bb7f', '#e6007a', '#141414']

const meta: Meta<PlaygroundArgs> = {
  title: 'Theming/Playground',
  args: {
    themeMode: 'toolbar',
    borderRadius: 'medium',
    fontStack: 'system',
    overlayBlur: 'small',
    connected: false,
  },
  argTypes: {
    themeMode: {
      description: '`<PorticoUI themeMode>`; "toolbar" follows the Theme toolbar',
      control: 'inline-radio',
      options: ['toolbar', 'light', 'dark', 'auto'],
      table: { category: 'PorticoUI' },
    },
    accentColor: {
      description: 'Accent (buttons, focus ring); its foreground is picked for contrast',
      control: { type: 'color', presetColors },
      table: { category: 'lightTheme() / darkTheme() options' },
    },
    borderRadius: {
      control: 'inline-radio',
      options: ['none', 'small', 'medium', 'large'],
      table: { category: 'lightTheme() / darkTheme() options' },
    },
    fontStack: {
      control: 'inline-radio',
      options: ['system', 'rounded', 'mono'],
      table: { category: 'lightTheme() / darkTheme() options' },
    },
    overlayBlur: {
      description: 'Blur behind the dialog (open it with the Connect button)',
      control: 'inline-radio',
      options: ['none', 'small', 'large'],
      table: { category: 'lightTheme() / darkTheme() options' },
    },
    w3mAccent: {
      name: '--w3m-accent',
      description: 'AppKit accent; applied on top of the theme',
      control: { type: 'color', presetColors },
      table: { category: 'themeVariables (AppKit)' },
    },
    w3mColorMix: {
      name: '--w3m-color-mix',
      description: 'Colour blended into surfaces and borders',
      control: { type: 'color', presetColors },
      table: { category: 'themeVariables (AppKit)' },
    },
    w3mColorMixStrength: {
      name: '--w3m-color-mix-strength',
      description: 'How much of --w3m-color-mix, 0–100',
      control: { type: 'range', min: 0, max: 100, step: 1 },
      table: { category: 'themeVariables (AppKit)' },
    },
    w3mFontSizeMaster: {
      name: '--w3m-font-size-master',
      description: 'px or rem; 10px keeps the default sizes',
      control: 'select',
      options: ['8px', '9px', '10px', '11px', '12px', '13px'],
      table: { category: 'themeVariables (AppKit)' },
    },
    w3mBorderRadiusMaster: {
      name: '--w3m-border-radius-master',
      description: "px or rem; 4px keeps the theme's radii",
      control: 'select',
      options: ['0px', '1px', '2px', '4px', '6px', '8px', '10px'],
      table: { category: 'themeVariables (AppKit)' },
    },
    connected: {
      description: 'Start with the Devnet Wallet connected (builds a new test wallet)',
      control: 'boolean',
      table: { category: 'Harness' },
    },
  },
  loaders: [loadHarness],
  render: (args, { loaded, globals }) => (
    <ThemingPlayground
      harness={loaded.harness as Harness}
      args={args}
      toolbarTheme={globals.theme === 'dark' ? 'dark' : 'light'}
    />
  ),
  parameters: {
    docs: {
      description: {
        component:
          'A designer’s playground for @portico/themes: theme options, AppKit theme variables and the theme mode, applied live to the embedded modal and the Connect button.',
      },
    },
  },
}

export default meta

type Story = StoryObj<PlaygroundArgs>

/** Start here: every control at its default. */
export const Playground: Story = {}

/** A branded starting point: purple accent, large radii, rounded font, a hint of colour in the surfaces. */
export const Branded: Story = {
  args: {
    accentColor: '#7b61ff',
    borderRadius: 'large',
    fontStack: 'rounded',
    w3mColorMix: '#7b61ff',
    w3mColorMixStrength: 12,
  },
}

/** An AppKit config pasted as is: only `themeVariables`, over the default theme. */
export const AppKitVariables: Story = {
  name: 'AppKit variables',
  args: {
    w3mAccent: '#00bb7f',
    w3mColorMix: '#00bb7f',
    w3mColorMixStrength: 20,
    w3mFontSizeMaster: '11px',
    w3mBorderRadiusMaster: '2px',
  },
}

/** Square corners and a monospace font, connected. */
export const ConnectedMono: Story = {
  name: 'Connected, mono',
  args: { borderRadius: 'none', fontStack: 'mono', connected: true },
}
