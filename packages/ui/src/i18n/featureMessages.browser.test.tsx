import { afterEach, expect, test, vi } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { deferred } from '../../../headless/src/test/deferred.js'
import { createHarness } from '../test/harness.js'
import { type Catalogue, defineFeatureMessages } from './featureMessages.js'
import { useFeatureMessages } from './useFeatureMessages.js'

const cleanups: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
  vi.restoreAllMocks()
})

const sampleEn = { sampleHeading: 'Send tokens', sampleTo: (name: string) => `Send to ${name}` }
type Sample = Catalogue<typeof sampleEn>

// Each translation waits on a promise the test resolves: the loading state is observed, not raced.
function sampleFeature(fr: () => Promise<Sample>) {
  const other = async (): Promise<Sample> => ({ sampleHeading: 'other', sampleTo: (name) => `other ${name}` })
  return defineFeatureMessages('sample', sampleEn, {
    fr,
    es: other,
    de: other,
    'pt-BR': other,
    'zh-CN': other,
    ja: other,
    ko: other,
    ar: other,
  })
}

function Probe({ feature }: { feature: ReturnType<typeof sampleFeature> }) {
  const text = useFeatureMessages(feature)
  return <p data-testid="probe">{text ? `${text.sampleHeading} | ${text.sampleTo('Ana')}` : 'loading'}</p>
}

async function mount(feature: ReturnType<typeof sampleFeature>, ui: Record<string, unknown>) {
  const harness = await createHarness({ ui: ui as never })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <Probe feature={feature} />
    </harness.Wrapper>,
  )
}

test('shows the loading state until the language arrives, then the translation with the host overrides', async () => {
  const fr = deferred<Sample>()
  const feature = sampleFeature(() => fr.promise)
  await mount(feature, { locale: 'fr', messages: { sampleTo: (name: string) => `Host ${name}` } })
  // The page-start catalogue's French arrives first; the feature's is still loading.
  await expect.element(page.getByTestId('probe')).toHaveTextContent('loading')
  fr.resolve({ sampleHeading: 'Envoyer des jetons', sampleTo: (name) => `Envoyer à ${name}` })
  await expect.element(page.getByTestId('probe')).toHaveTextContent('Envoyer des jetons | Host Ana')
})

test('English needs no chunk; an override of the wrong kind is ignored with a warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const fr = vi.fn(async (): Promise<Sample> => ({ sampleHeading: 'x', sampleTo: () => 'x' }))
  await mount(sampleFeature(fr), { locale: 'en', messages: { sampleHeading: 42 } })
  await expect.element(page.getByTestId('probe')).toHaveTextContent('Send tokens | Send to Ana')
  expect(fr).not.toHaveBeenCalled()
  expect(warn.mock.calls.some(([message]) => String(message).includes('sampleHeading'))).toBe(true)
})

test('a language whose chunk fails shows English with a warning, never a stuck spinner', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const feature = sampleFeature(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
  await mount(feature, { locale: 'fr' })
  await expect.element(page.getByTestId('probe')).toHaveTextContent('Send tokens | Send to Ana')
  expect(warn.mock.calls.some(([message]) => String(message).includes('sample messages for fr'))).toBe(true)
})
