// useImageOrigins in Chromium under the real providers: under <PorticoUI> every image reads the one
// per-instance set, under <PorticoProvider> alone a component builds its own once, outside both
// there is none (the host chose the sources); a render after the instance's connectors changed reads
// a set rebuilt from them (a host connector's icon host joins once discovery lists it), one that
// follows nothing changing reads the same set. What the set holds and refuses is in
// imageSource.test.ts; images drawn or refused by it in PorticoImage.browser.test.tsx.
import {
  createPortico,
  eip155Adapter,
  eip155Network,
  initialize,
  type Portico,
  PorticoProvider,
} from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import { useContext } from 'react'
import { afterEach, expect, test } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUIContext } from '../context.js'
import { PorticoUI } from '../PorticoUI.js'
import { chainless } from '../test/chainless.js'
import { offline } from '../test/offline.js'
import { useImageOrigins } from './useImageOrigins.js'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

/** An instance with a directory host and a host-supplied wallet whose icon is on its own host. */
function hostPortico(): Portico {
  return createPortico({
    ...offline,
    projectId: 'image-origins',
    apiUrls: { api: 'https://directory.example/v1', blockchain: 'https://rpc.host.example' },
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: chainless.rpcUrl })],
    adapters: [
      eip155Adapter({
        eip6963: true,
        legacyInjected: false,
        connectors: [
          {
            id: 'ledger',
            name: 'Ledger',
            icon: 'https://assets.host.example/ledger.png',
            provider: { request: async () => null },
          },
        ],
      }),
    ],
  })
}

type Seen = { origins: ReadonlySet<string> | undefined; shared: ReadonlySet<string> | undefined }

/** Records what each render read, and what the nearest <PorticoUI> holds for the instance. */
function Probe({ seen, label }: { seen: Seen[]; label: string }) {
  const origins = useImageOrigins()
  const ui = useContext(PorticoUIContext)
  seen.push({ origins, shared: ui?.imageOrigins() })
  return <p data-testid={label}>{origins ? [...origins].sort().join(' ') : 'any'}</p>
}

type Mode = 'PorticoUI' | 'PorticoProvider only'

async function mount(portico: Portico, mode: Mode) {
  const queryClient = new QueryClient()
  const seen: Seen[] = []
  const tree = (label: string) => {
    const probes = (
      <>
        <Probe seen={seen} label={label} />
        <Probe seen={seen} label={`${label}-2`} />
      </>
    )
    return (
      <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
        {mode === 'PorticoUI' ? <PorticoUI>{probes}</PorticoUI> : probes}
      </PorticoProvider>
    )
  }
  const screen = await render(tree('first'))
  return { seen, rerender: (label: string) => screen.rerender(tree(label)) }
}

test.each<Mode>(['PorticoUI', 'PorticoProvider only'])(
  'behavior: under %s, a render after the connectors changed reads them: the host wallet icon host joins once discovery lists it',
  async (mode) => {
    const portico = hostPortico()
    const { seen, rerender } = await mount(portico, mode)
    await expect.element(page.getByTestId('first')).toHaveTextContent('https://directory.example')
    // Discovery has not started: the host's own wallet is not listed yet, so neither is its icon host.
    expect(page.getByTestId('first').element().textContent).toBe('https://directory.example https://rpc.host.example')
    stops.push(initialize(portico))
    await rerender('second')
    await expect
      .element(page.getByTestId('second'))
      .toHaveTextContent('https://assets.host.example https://directory.example https://rpc.host.example')
    await expect
      .element(page.getByTestId('second-2'))
      .toHaveTextContent('https://assets.host.example https://directory.example https://rpc.host.example')
    // A wallet announcing itself changes the list again: the set is rebuilt, but a wallet's own icon
    // never adds a host.
    const before = seen.at(-1)?.origins
    stops.push(
      createTestEip1193Wallet({
        accounts: [key],
        chains: [{ id: 31337, rpcUrl: chainless.rpcUrl }],
        info: {
          uuid: '00000000-0000-4000-8000-0000000000aa',
          name: 'Announced Wallet',
          rdns: 'dev.portico.announced',
          icon: 'https://tracker.example/icon.png' as `data:image/${string}`,
        },
      }).announce(),
    )
    await rerender('third')
    await expect.element(page.getByTestId('third')).toBeInTheDocument()
    const after = seen.at(-1)?.origins
    expect(after).not.toBe(before)
    expect([...(after ?? [])].sort()).toEqual([
      'https://assets.host.example',
      'https://directory.example',
      'https://rpc.host.example',
    ])
  },
)

test('behavior: under <PorticoUI> every component reads the one set the provider holds, the same object render after render', async () => {
  const portico = hostPortico()
  stops.push(initialize(portico))
  const { seen, rerender } = await mount(portico, 'PorticoUI')
  await expect.element(page.getByTestId('first')).toHaveTextContent('https://assets.host.example')
  await rerender('again')
  await expect.element(page.getByTestId('again')).toBeInTheDocument()
  expect(seen.length).toBeGreaterThanOrEqual(4)
  const [first] = seen
  for (const render of seen) {
    expect(render.origins).toBe(render.shared)
    expect(render.origins).toBe(first?.origins)
  }
})

test('default: under <PorticoProvider> alone a component builds its set once: the same object on each of its renders until the connectors change', async () => {
  const portico = hostPortico()
  stops.push(initialize(portico))
  const { seen, rerender } = await mount(portico, 'PorticoProvider only')
  await expect.element(page.getByTestId('first')).toHaveTextContent('https://assets.host.example')
  const firstRenders = seen.length
  await rerender('again')
  await expect.element(page.getByTestId('again')).toBeInTheDocument()
  expect(seen.length).toBeGreaterThan(firstRenders)
  expect(seen.every((render) => render.shared === undefined)).toBe(true)
  // Two components, two sets (each its own reader), each kept across its renders.
  expect(new Set(seen.map((render) => render.origins)).size).toBe(2)
})

test('default: outside any provider there is no set (any source the host chose), and no error', async () => {
  const seen: Seen[] = []
  await render(<Probe seen={seen} label="outside" />)
  await expect.element(page.getByTestId('outside')).toHaveTextContent('any')
  expect(seen.every((render) => render.origins === undefined)).toBe(true)
})
