import type { Decorator, Preview } from '@storybook/react-vite'

export type StoryTheme = 'light' | 'dark'

/**
 * THEME DECORATOR HOOK: the light/dark toolbar value arrives as `context.globals.theme`.
 * Wire @portico/themes here (e.g. wrap `<Story />` in the theme provider or apply the theme class);
 * for now it only marks the canvas and sets a plain background so the toggle is visible.
 */
const withTheme: Decorator = (Story, context) => {
  const theme: StoryTheme = context.globals.theme === 'dark' ? 'dark' : 'light'
  return (
    <div
      data-portico-theme={theme}
      style={{
        colorScheme: theme,
        background: theme === 'dark' ? '#111318' : '#ffffff',
        color: theme === 'dark' ? '#f2f3f5' : '#111318',
        padding: 24,
        minHeight: '100%',
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
