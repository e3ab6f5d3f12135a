import { nameSuggestionsQueryOptions } from '@portico/headless/names'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { usePorticoUI } from '../../context.js'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../../test/storyHarness.js'
import { createRegisterForm } from './registerForm.js'

// The name views with a wallet that can register names connected. No profile service runs in
// Storybook, so the suggestions for "alice" are seeded in the query cache as the service would
// answer them; Register asks the (in-page) test wallet to sign and then fails to reach the service,
// which shows 'Error registering name alice.reown.id'.

const meta: Meta = {
  title: 'UI/Names',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'RegisterAccountName (the name field with the spec rule checked as typed, suggestions with the configured suffix, Register with loading while the wallet signs, the error texts) and RegisterAccountNameSuccess. Switch light/dark with the toolbar.',
      },
    },
  },
}
export default meta

type Story = StoryObj

const seedSuggestions = (harness: Harness) =>
  harness.queryClient.setQueryData(nameSuggestionsQueryOptions(harness.portico, { name: 'alice' }).queryKey, [
    { name: 'alice.reown.id', registered: true },
    { name: 'alice1.reown.id', registered: false },
    { name: 'alice-wallet.reown.id', registered: false },
    { name: 'the-alice.reown.id', registered: false },
  ])

function OpenRegister({ typed }: { typed: string }) {
  const { modal } = usePorticoUI('OpenRegister')
  useEffect(() => {
    modal.local(createRegisterForm).type(typed)
    modal.open({ view: 'RegisterAccountName' })
  }, [modal, typed])
  return null
}

function register(typed: string): Story {
  return {
    loaders: [harnessLoader({ connected: true, namesWallet: true }, seedSuggestions)],
    render: (_args, { loaded, globals }) => (
      <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)}>
        <OpenRegister typed={typed} />
      </Stage>
    ),
  }
}

/** The empty form: the configured suffix beside the field, Register disabled. */
export const Empty: Story = register('')
/** "alice" is taken: the suggestions mark it and offer free ones. */
export const Suggestions: Story = register('alice')
export const SuggestionsLight: Story = { ...Suggestions, name: 'Suggestions (light)', globals: { theme: 'light' } }
export const SuggestionsDark: Story = { ...Suggestions, name: 'Suggestions (dark)', globals: { theme: 'dark' } }
/** A free suggestion picked: Register is enabled. */
export const Ready: Story = register('alice1')
/** Outside the rule: characters other than letters, digits and hyphen. */
export const InvalidCharacters: Story = register('al_ice')
/** Outside the rule: fewer than 4 characters. */
export const TooShort: Story = register('bob')

function OpenSuccess({ name }: { name: string }) {
  const { modal } = usePorticoUI('OpenSuccess')
  useEffect(() => {
    modal.open({ view: 'Account' })
    modal.push({ view: 'RegisterAccountNameSuccess', data: { name } })
  }, [modal, name])
  return null
}

/** RegisterAccountNameSuccess: the name, and the way back to the account. */
export const Success: Story = {
  loaders: [harnessLoader({ connected: true, namesWallet: true })],
  render: (_args, { loaded, globals }) => (
    <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(globals)}>
      <OpenSuccess name="alice1.reown.id" />
    </Stage>
  ),
}
export const SuccessLight: Story = { ...Success, name: 'Success (light)', globals: { theme: 'light' } }
export const SuccessDark: Story = { ...Success, name: 'Success (dark)', globals: { theme: 'dark' } }
