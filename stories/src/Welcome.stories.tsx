import type { Meta, StoryObj } from '@storybook/react-vite'

function Welcome({ theme }: { theme: string }) {
  return (
    <article style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, lineHeight: 1.5 }}>
      <h1>Portico theming playground</h1>
      <p>
        This Storybook will host the @portico/ui components (the connect modal, wallet list and buttons) rendered with
        the @portico/themes light and dark themes. Use the <strong>Theme</strong> toolbar above to switch; the current
        value is <code data-testid="current-theme">{theme}</code>.
      </p>
      <p>
        Coming next: token controls to tweak colours, radii and fonts live, and every modal view side by side in both
        themes.
      </p>
    </article>
  )
}

// Annotated, not `satisfies`: with `declaration: true` an inferred Meta type cannot be named (TS2742).
const meta: Meta<typeof Welcome> = {
  title: 'Welcome',
  component: Welcome,
  args: { theme: 'light' },
  render: (_args, context) => <Welcome theme={String(context.globals.theme ?? 'light')} />,
  parameters: { controls: { disable: true } },
}

export default meta

export const Playground: StoryObj<typeof Welcome> = {}
