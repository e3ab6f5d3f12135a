import { ConnectButton } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../packages/ui/src/test/storyHarness.js'

// One story per language of `<PorticoUI locale>`: the dialog opens on Connect, or on Account with
// the "connected" control. Arabic is right to left: the whole modal mirrors (close button on the
// left, back arrow pointing right). Each language's messages load on demand, so the first frame
// may be English for an instant.

type LanguageArgs = {
  /** Start with the Devnet Wallet connected: the dialog then shows Account. */
  connected: boolean
}

/** One harness per story and "connected" value (the same scheme as the theming playground). */
const loadHarness = ({ id, args }: { id: string; args: LanguageArgs }) =>
  // The blockchain API on, as by default: connected, the Account view shows its Swap button and
  // its NFTs and Activity tabs (off, it offers neither).
  harnessLoader({ connected: args.connected, blockchainApi: true, extraWallets: 3 })({
    id: `${id}:${args.connected ? 'connected' : 'disconnected'}`,
  })

const meta: Meta<LanguageArgs> = {
  title: 'UI/Languages',
  args: { connected: false },
  argTypes: { connected: { description: 'Connected: the dialog opens on Account', control: 'boolean' } },
  loaders: [loadHarness],
  parameters: {
    docs: {
      description: {
        component:
          'The modal in each shipped language via `<PorticoUI locale="…">`. Without the prop it follows the page’s `<html lang>`, then the browser’s languages, then English.',
      },
    },
  },
}

export default meta

type Story = StoryObj<LanguageArgs>

function languageStory(locale: string, name: string): Story {
  return {
    name,
    render: (args, { loaded, globals }) => (
      <div style={{ minHeight: 640 }}>
        <Stage
          harness={loaded.harness as Harness}
          themeMode={themeModeOf(globals)}
          view={args.connected ? 'Account' : 'Connect'}
          ui={{ locale }}
        >
          <ConnectButton />
        </Stage>
      </div>
    ),
  }
}

export const English: Story = languageStory('en', 'English (en)')
export const Spanish: Story = languageStory('es', 'Español (es)')
export const French: Story = languageStory('fr', 'Français (fr)')
export const German: Story = languageStory('de', 'Deutsch (de)')
export const BrazilianPortuguese: Story = languageStory('pt-BR', 'Português do Brasil (pt-BR)')
export const SimplifiedChinese: Story = languageStory('zh-CN', '简体中文 (zh-CN)')
export const Japanese: Story = languageStory('ja', '日本語 (ja)')
export const Korean: Story = languageStory('ko', '한국어 (ko)')
export const Arabic: Story = languageStory('ar', 'العربية (ar, right to left)')
