import type { Meta, StoryObj } from '@storybook/react-vite'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../test/storyHarness.js'

// The email login entry point: the Connect view with the email field first (connect-method order
// email, social, wallet). Stories have no auth server, so the frame here is a loopback port that
// serves none: submitting shows the init failure ('A problem occurred while trying initialize
// authentication', back to Connect) once the frame's 20 s load timeout passes. The code, device
// and approval steps need the devnet's auth server and frame: run `npm run demo` to try them.

const meta: Meta = {
  title: 'UI/EmailLogin',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'Email login: the Connect view’s email field (typing preloads the EmailLogin view), the 6-digit code with paste and resend after the 30 s cooldown, the device-verification wait, and the init failure.',
      },
    },
  },
}
export default meta

type Story = StoryObj

const connectWithEmail: Story = {
  loaders: [harnessLoader({ embeddedWallet: { frameUrl: 'http://127.0.0.1:9/' } })],
  render: (_args, { loaded, globals }) => (
    <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)} view="Connect" />
  ),
}

/** The email field above the wallets. */
export const ConnectWithEmail: Story = connectWithEmail
export const ConnectWithEmailLight: Story = {
  ...connectWithEmail,
  name: 'Connect with email (light)',
  globals: { theme: 'light' },
}
export const ConnectWithEmailDark: Story = {
  ...connectWithEmail,
  name: 'Connect with email (dark)',
  globals: { theme: 'dark' },
}
/** Right to left: the field and its button mirror. */
export const ConnectWithEmailArabic: Story = {
  ...connectWithEmail,
  name: 'Connect with email (ar)',
  render: (_args, { loaded, globals }) => (
    <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)} view="Connect" ui={{ locale: 'ar' }} />
  ),
}
