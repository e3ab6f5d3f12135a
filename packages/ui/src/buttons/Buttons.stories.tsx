import type { Meta, StoryObj } from '@storybook/react-vite'
import type { CSSProperties, ReactNode } from 'react'
import type { HarnessOptions } from '../test/harness.js'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../test/storyHarness.js'
import { AccountButton } from './AccountButton.js'
import { ConnectButton } from './ConnectButton.js'
import { NetworkButton } from './NetworkButton.js'

// ---------------------------------------------------------------------------------------------
// Stories
// ---------------------------------------------------------------------------------------------

const meta: Meta<typeof ConnectButton> = {
  title: 'UI/Buttons',
  component: ConnectButton,
  args: { label: undefined, showNetwork: true },
  argTypes: {
    label: { control: 'text', description: 'Label while disconnected (default: "Connect Wallet")' },
    showNetwork: { control: 'boolean', description: 'When connected, also show the network button' },
  },
}

export default meta

type Story = StoryObj<typeof ConnectButton>

function buttonStory(options: HarnessOptions, content?: ReactNode): Story {
  return {
    loaders: [harnessLoader(options)],
    render: (args, { loaded, globals }) => (
      <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)}>
        {content ?? <ConnectButton {...args} />}
      </Stage>
    ),
  }
}

const light = { theme: 'light' }
const dark = { theme: 'dark' }

/** "Connect Wallet": opens the modal on Connect. */
export const Disconnected: Story = buttonStory({ extraWallets: 3 })
export const DisconnectedLight: Story = { ...Disconnected, name: 'Disconnected (light)', globals: light }
export const DisconnectedDark: Story = { ...Disconnected, name: 'Disconnected (dark)', globals: dark }

/** Connected: `ConnectButton` becomes `NetworkButton` + `AccountButton` (avatar, balance, address). */
export const Connected: Story = buttonStory({ connected: true })
export const ConnectedLight: Story = { ...Connected, name: 'Connected (light)', globals: light }
export const ConnectedDark: Story = { ...Connected, name: 'Connected (dark)', globals: dark }

const row: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }
const caption: CSSProperties = { font: '13px/1.4 system-ui, sans-serif', opacity: 0.7, margin: '0 0 8px' }

/** `NetworkButton` and `AccountButton` placed on their own, and the account without its balance. */
export const NetworkAndAccountButtons: Story = {
  ...buttonStory(
    { connected: true },
    <div style={{ display: 'grid', gap: 20 }}>
      <div>
        <p style={caption}>{'<NetworkButton /> <AccountButton />'}</p>
        <div style={row}>
          <NetworkButton />
          <AccountButton />
        </div>
      </div>
      <div>
        <p style={caption}>{'<AccountButton showBalance={false} />'}</p>
        <AccountButton showBalance={false} />
      </div>
    </div>,
  ),
  parameters: { controls: { disable: true } },
}

/** The wallet is on chain 5, which the app does not configure: "Wrong network"; both open Switch Network. */
export const WrongNetwork: Story = buttonStory({ connected: true, walletChainId: 5 })

// Custom ------------------------------------------------------------------------------------------

const hostButton: CSSProperties = {
  font: '600 14px/1 system-ui, sans-serif',
  padding: '10px 14px',
  borderRadius: 6,
  border: '2px solid currentColor',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
}

/** The host's own buttons, rendered from the state and openers the `.Custom` render props hand over. */
function CustomButtons() {
  return (
    <div style={{ display: 'grid', gap: 20 }}>
      <div>
        <p style={caption}>ConnectButton.Custom</p>
        <ConnectButton.Custom>
          {({ status, isConnected, address, openConnect, openAccount, openNetworks }) => (
            <div style={row}>
              <button type="button" style={hostButton} onClick={isConnected ? openAccount : openConnect}>
                {isConnected
                  ? `Signed in as ${address?.slice(0, 6)}…${address?.slice(-4)}`
                  : status === 'connecting'
                    ? 'Waiting for the wallet…'
                    : 'Sign in with a wallet'}
              </button>
              {isConnected ? (
                <button type="button" style={hostButton} onClick={openNetworks}>
                  Networks
                </button>
              ) : null}
              <code style={{ fontSize: 12 }}>status: {status}</code>
            </div>
          )}
        </ConnectButton.Custom>
      </div>
      <div>
        <p style={caption}>NetworkButton.Custom</p>
        <NetworkButton.Custom>
          {({ network, isUnsupported, open }) => (
            <button type="button" style={hostButton} onClick={open}>
              {isUnsupported ? '⚠ Unsupported network' : `On ${network.name} (${network.caipNetworkId})`}
            </button>
          )}
        </NetworkButton.Custom>
      </div>
      <div>
        <p style={caption}>AccountButton.Custom</p>
        <AccountButton.Custom>
          {({ address, isConnected, open }) =>
            isConnected ? (
              <button type="button" style={hostButton} onClick={open}>
                {address}
              </button>
            ) : (
              <span style={{ font: '14px system-ui, sans-serif' }}>No account connected</span>
            )
          }
        </AccountButton.Custom>
      </div>
    </div>
  )
}

/** `.Custom` for all three buttons while disconnected. */
export const CustomDisconnected: Story = {
  ...buttonStory({ extraWallets: 3 }, <CustomButtons />),
  parameters: { controls: { disable: true } },
}

/** `.Custom` for all three buttons while connected. */
export const CustomConnected: Story = {
  ...buttonStory({ connected: true }, <CustomButtons />),
  parameters: { controls: { disable: true } },
}

/** `.Custom` on an unsupported network. */
export const CustomWrongNetwork: Story = {
  ...buttonStory({ connected: true, walletChainId: 5 }, <CustomButtons />),
  parameters: { controls: { disable: true } },
}
