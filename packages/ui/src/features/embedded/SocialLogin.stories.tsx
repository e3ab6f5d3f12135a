import { BaseError } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { usePorticoUI } from '../../context.js'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../test/storyHarness.js'
import { createSocialLogin, type SocialLoginState, type SocialProvider } from './socialLogin.js'

// The social logins: the Connect view's buttons (SocialLogins), and the ConnectingSocial view in
// each of its states (waiting for the login window, the window blocked, an error with Try again),
// and Farcaster's QR-code view (the spec's ConnectingFarcaster). Stories have no auth server: the
// frame is a loopback port that serves none, and each state is shown as the login would leave it.
// A click that starts a login here (Try again, the blocked window's link) ends in the frame's load
// failure. The whole flows need the devnet's providers and frame: run `npm run demo` to try them.

/**
 * The error a social login leaves in the state, as the view reads it: the kit's errors are
 * told apart by `name` (their classes are the kit's own), and the view shows `shortMessage`.
 */
function loginError(name: string, shortMessage: string, fields: { url?: string } = {}): SocialLoginState['error'] {
  return Object.assign(new BaseError(shortMessage), { name }, fields)
}

const meta: Meta = {
  title: 'UI/SocialLogin',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'Social login: the Connect view’s buttons in the spec’s order (the first large, the next in a row, “more” for the rest), the ConnectingSocial view (waiting, popup blocked with a link, “Popup closed” / “Failed to connect” with Try again), and Farcaster’s QR code with its link.',
      },
    },
  },
}
export default meta

type Story = StoryObj

const frame = { embeddedWallet: { frameUrl: 'http://127.0.0.1:9/' } }
// A loopback address: following the blocked window's link leaves nothing on the network.
const blockedUrl = 'http://127.0.0.1:9/authorize?provider=github'
const farcasterUrl = 'https://farcaster.xyz/~/siwf?channelToken=00000000-0000-4000-8000-000000000000'

/** Puts the modal's social login in `state` (before the view first draws), then opens ConnectingSocial. */
function ShowLogin({ provider, state }: { provider: SocialProvider; state: Partial<SocialLoginState> }) {
  const { modal } = usePorticoUI('ShowLogin')
  useState(() => modal.local(createSocialLogin).show({ provider, ...state }))
  useEffect(() => modal.open({ view: 'ConnectingSocial', data: { provider } }), [modal, provider])
  return null
}

function connectingStory(provider: SocialProvider, state: Partial<SocialLoginState>): Story {
  return {
    loaders: [harnessLoader(frame)],
    render: (_args, { loaded, globals }) => (
      <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)}>
        <ShowLogin provider={provider} state={state} />
      </Stage>
    ),
  }
}

const socialLogins: Story = {
  loaders: [harnessLoader(frame)],
  render: (_args, { loaded, globals }) => (
    <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)} view="Connect" />
  ),
}

/** The Connect view: email first, then the socials (Google large; X, Farcaster, Discord in a row; “more”). */
export const SocialLogins: Story = socialLogins
export const SocialLoginsDark: Story = { ...socialLogins, name: 'Social logins (dark)', globals: { theme: 'dark' } }
/** Right to left: the buttons and the row mirror. */
export const SocialLoginsArabic: Story = {
  ...socialLogins,
  name: 'Social logins (ar)',
  render: (_args, { loaded, globals }) => (
    <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)} view="Connect" ui={{ locale: 'ar' }} />
  ),
}

/** The login window is open: the visitor signs in there. */
export const ConnectingSocialWaiting: Story = connectingStory('google', { status: 'pending' })
export const ConnectingSocialWaitingDark: Story = {
  ...ConnectingSocialWaiting,
  name: 'Connecting social: waiting (dark)',
  globals: { theme: 'dark' },
}
/** The browser blocked the window: a link the visitor clicks opens it (Safari's case). */
export const ConnectingSocialBlocked: Story = connectingStory('github', {
  status: 'error',
  error: loginError('SocialPopupBlockedError', 'Popup blocked', { url: blockedUrl }),
})
/** The visitor closed the window before the login came back. */
export const ConnectingSocialPopupClosed: Story = connectingStory('discord', {
  status: 'error',
  error: loginError('SocialPopupClosedError', 'Popup closed'),
})
/** The provider or the auth server refused the login (e.g. the provider answered access_denied). */
export const ConnectingSocialFailed: Story = connectingStory('x', {
  status: 'error',
  error: loginError('SocialConnectError', 'Failed to connect'),
})
export const ConnectingSocialFailedDark: Story = {
  ...ConnectingSocialFailed,
  name: 'Connecting social: failed (dark)',
  globals: { theme: 'dark' },
}

/** Farcaster: the relay's link as a QR code (for the phone) and a link (on the phone itself). */
export const ConnectingFarcaster: Story = connectingStory('farcaster', { status: 'pending', farcasterUrl })
export const ConnectingFarcasterDark: Story = {
  ...ConnectingFarcaster,
  name: 'Connecting Farcaster (dark)',
  globals: { theme: 'dark' },
}
/** Farcaster before the frame has the link: the QR code's loading state. */
export const ConnectingFarcasterLoading: Story = connectingStory('farcaster', { status: 'pending' })
