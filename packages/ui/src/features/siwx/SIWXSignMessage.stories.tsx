import { localSiwx } from '@portico/headless/siwx/config'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../test/storyHarness.js'

// The sign step as a connected account without a session sees it: the harness connects the
// Devnet Wallet with sign-in on, and the sign-in watcher opens SIWXSignMessage by itself. Sign
// asks the (in-page) test wallet; switch light/dark with the toolbar.

const meta: Meta = {
  title: 'UI/SIWXSignMessage',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'Sign in with X: the app asks the connected account to sign in. Sign, Cancel, the Authenticating... state, a declined request with Try again, and the required wording.',
      },
    },
  },
}
export default meta

type Story = StoryObj

function signStory(required: boolean): Story {
  return {
    loaders: [
      harnessLoader({
        connected: true,
        siwx: localSiwx({ storage: null, domain: 'app.example', uri: 'https://app.example', required }),
      }),
    ],
    render: (_args, { loaded, globals }) => (
      <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)} />
    ),
  }
}

/** Sign-in is optional: Cancel closes. */
export const Optional: Story = signStory(false)
export const OptionalLight: Story = { ...Optional, name: 'Optional (light)', globals: { theme: 'light' } }
export const OptionalDark: Story = { ...Optional, name: 'Optional (dark)', globals: { theme: 'dark' } }
/** Sign-in is required: Cancel disconnects (or goes back to a signed-in network). */
export const Required: Story = signStory(true)
