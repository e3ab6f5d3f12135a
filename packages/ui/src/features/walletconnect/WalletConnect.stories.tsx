import type { DirectoryWallet } from '@portico/headless'
import { walletConnectLinks } from '@portico/headless/walletconnect'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { PorticoImage } from '../../components/PorticoImage.js'
import { ThemeRoot } from '../../components/ThemeRoot.js'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../test/storyHarness.js'
import { WalletConnectGlyph, WalletConnectPanel, type WalletConnectState } from './WalletConnectPanel.js'

// The two WalletConnect views as they look with a pairing URI: the panel both views render, fed a
// fixed sample URI (no relay needed), on the modal's surface. Switch light/dark with the toolbar.

/** A fixed pairing URI, shaped like the relay's (topic, version 2, relay protocol, key, expiry). */
const sampleUri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000300'

const sampleWallet: DirectoryWallet = {
  id: 'sample',
  name: 'Sample Wallet',
  mobile_link: 'samplewallet://',
  desktop_link: 'https://sample-wallet.example/desktop',
  webapp_link: 'https://app.sample-wallet.example',
}

const meta: Meta = {
  title: 'UI/WalletConnect',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'ConnectingWalletConnectBasic (any wallet scans the QR code) and ConnectingWalletConnect (one directory wallet: its icon in the code, its desktop and web app links, its mobile deep link first on touch devices).',
      },
    },
  },
}
export default meta

type Story = StoryObj

function panelStory({
  state = 'connecting',
  uri = sampleUri,
  wallet,
  mobile = false,
  phone = false,
}: {
  state?: WalletConnectState
  uri?: string | undefined
  wallet?: DirectoryWallet
  mobile?: boolean
  phone?: boolean
}): Story {
  return {
    loaders: [harnessLoader({})],
    render: (_args, { loaded, globals }) => (
      <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)}>
        <ThemeRoot>
          <div
            style={{
              width: 360,
              padding: 16,
              borderRadius: 24,
              background: 'var(--portico-colors-surface)',
              color: 'var(--portico-colors-foreground)',
            }}
          >
            <WalletConnectPanel
              slot={wallet ? 'connecting-walletconnect-view' : 'connecting-walletconnect-basic-view'}
              state={state}
              uri={uri}
              walletName={wallet?.name}
              logo={wallet ? <PorticoImage name={wallet.name} /> : <WalletConnectGlyph />}
              links={wallet && uri ? walletConnectLinks(wallet, uri) : {}}
              mobile={mobile}
              phone={phone}
              onChooseWallet={() => {}}
              onRetry={() => {}}
            />
          </div>
        </ThemeRoot>
      </Stage>
    ),
  }
}

const light = { theme: 'light' }
const dark = { theme: 'dark' }

/** The generic entry with a pairing URI. */
export const Basic: Story = panelStory({})
export const BasicLight: Story = { ...Basic, name: 'Basic (light)', globals: light }
export const BasicDark: Story = { ...Basic, name: 'Basic (dark)', globals: dark }
/** Before the relay has produced a URI: skeleton and spinner. */
export const BasicLoading: Story = panelStory({ state: 'loading', uri: undefined })
/** The wallet declined: Try again. */
export const BasicRejected: Story = panelStory({ state: 'rejected', uri: undefined })

/** One directory wallet, on a desktop. */
export const Wallet: Story = panelStory({ wallet: sampleWallet })
export const WalletLight: Story = { ...Wallet, name: 'Wallet (light)', globals: light }
export const WalletDark: Story = { ...Wallet, name: 'Wallet (dark)', globals: dark }
/** The same wallet on a phone: no QR code (its screen cannot scan it), Open and Copy link. */
export const WalletPhone: Story = panelStory({ wallet: sampleWallet, mobile: true, phone: true })
/** The generic entry on a phone: Open wallet app, Choose your wallet, Copy link. */
export const BasicPhone: Story = panelStory({ mobile: true, phone: true })
/** The same wallet on a touch device (a tablet): the mobile deep link first, then the QR code. */
export const WalletMobile: Story = panelStory({ wallet: sampleWallet, mobile: true })
export const WalletError: Story = panelStory({ wallet: sampleWallet, state: 'error', uri: undefined })
