import type { Meta, StoryObj } from '@storybook/react-vite'

function Welcome({ theme }: { theme: string }) {
  return (
    <article style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, lineHeight: 1.5 }}>
      <h1>Portico UI</h1>
      <p>
        The @portico/ui components (the connect modal on each of its views, the embedded modal, toasts and the buttons),
        rendered with the @portico/themes light and dark themes against a real Portico instance and test wallets. Use
        the <strong>Theme</strong> toolbar above to switch every story; the current value is{' '}
        <code data-testid="current-theme">{theme}</code>. Stories named “(light)” and “(dark)” are pinned to one theme.
      </p>
      <p>
        <strong>Designing a theme?</strong> Start with{' '}
        <a href="./?path=/story/theming-playground--playground" target="_top">
          Theming / Playground
        </a>
        : controls for the accent colour, radius, font stack, overlay blur, theme mode and the AppKit variables (
        <code>--w3m-accent</code>, <code>--w3m-color-mix</code>, …) restyle the embedded modal and the Connect button
        live, and show the <code>{'<PorticoUI>'}</code> props to copy into your app.
      </p>
      <ul>
        <li>
          <strong>UI / Modal</strong>: Connect, All Wallets, connecting (waiting, rejected), Account, Networks,
          unsupported network, embedded, toasts.
        </li>
        <li>
          <strong>UI / Buttons</strong>: ConnectButton, NetworkButton, AccountButton and their <code>.Custom</code>{' '}
          render props.
        </li>
      </ul>
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
