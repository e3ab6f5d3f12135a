import type { Decorator, Preview } from '@storybook/react-vite'

export type StoryTheme = 'light' | 'dark'

/** The toolbar value as a Portico theme mode (anything unexpected reads as light). */
const storyTheme = (globals: Record<string, unknown>): StoryTheme => (globals.theme === 'dark' ? 'dark' : 'light')

/**
 * THEME DECORATOR HOOK: the light/dark toolbar value arrives as `context.globals.theme`.
 *
 * Stories pass it on as `<PorticoUI themeMode>`: their render functions read `context.globals.theme`
 * (the @portico/ui stories cannot import from this package, so there is no shared React context).
 * Changing the toolbar re-renders the story with the new mode; the stories keep their Portico test
 * harness across that re-render, so an open view or a play function's result stays on screen.
 * Stories pinned with `globals: { theme: 'dark' }` show one mode regardless of the toolbar.
 *
 * This decorator paints the canvas behind the story to match (the modal itself is themed by
 * @portico/ui, portalled to `document.body`).
 */
const withTheme: Decorator = (Story, context) => {
  const theme = storyTheme(context.globals)
  return (
    <div
      data-portico-theme={theme}
      style={{
        colorScheme: theme,
        background: theme === 'dark' ? '#111318' : '#ffffff',
        color: theme === 'dark' ? '#f2f3f5' : '#111318',
        padding: 24,
        minHeight: '100vh',
        boxSizing: 'border-box',
      }}
    >
      <Story />
    </div>
  )
}

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Portico theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' satisfies StoryTheme },
  decorators: [withTheme],
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i } },
  },
}

export default preview
