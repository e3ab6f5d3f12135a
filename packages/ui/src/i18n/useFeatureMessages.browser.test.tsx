// useFeatureMessages inside the real <PorticoUI> in Chromium, while the host changes its `locale` and
// `messages` props: a switch shows the new language's loading state then its text (and a language
// already loaded at once), a failed chunk falls back to English for that language only, a later
// mount tries the failed chunk again, and the host's overrides follow a change of its props. The
// first load, English without a chunk, an override of the wrong kind and a failed chunk on mount are
// in featureMessages.browser.test.tsx; the catalogues' loading and caching in featureMessages.test.ts.
import { PorticoProvider } from '@portico/headless'
import { afterEach, expect, test, vi } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { deferred } from '../../../headless/src/test/deferred.js'
import { PorticoUI } from '../PorticoUI.js'
import { createHarness } from '../test/harness.js'
import { type Catalogue, defineFeatureMessages, type TranslatedLocale } from './featureMessages.js'
import { useFeatureMessages } from './useFeatureMessages.js'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

const sampleEn = { sampleHeading: 'Send tokens', sampleTo: (name: string) => `Send to ${name}` }
type Sample = Catalogue<typeof sampleEn>

const catalogues: Partial<Record<TranslatedLocale, Sample>> = {
  fr: { sampleHeading: 'Envoyer des jetons', sampleTo: (name) => `Envoyer à ${name}` },
  de: { sampleHeading: 'Token senden', sampleTo: (name) => `An ${name} senden` },
}

/**
 * A feature whose every language chunk waits for the test: `chunks[locale]` holds the pending loads
 * of that language, each settled by the test (so a loading state is observed, not raced).
 */
function sampleFeature() {
  const chunks = new Map<string, ReturnType<typeof deferred<Sample>>[]>()
  const load = (locale: TranslatedLocale) => () => {
    const chunk = deferred<Sample>()
    chunks.set(locale, [...(chunks.get(locale) ?? []), chunk])
    return chunk.promise
  }
  const feature = defineFeatureMessages('sample', sampleEn, {
    fr: load('fr'),
    es: load('es'),
    de: load('de'),
    'pt-BR': load('pt-BR'),
    'zh-CN': load('zh-CN'),
    ja: load('ja'),
    ko: load('ko'),
    ar: load('ar'),
  })
  /** The one load of `locale` the hook asked for, once it has asked. */
  const asked = async (locale: TranslatedLocale, count = 1) => {
    await expect.poll(() => chunks.get(locale)?.length ?? 0).toBe(count)
    return chunks.get(locale)?.at(-1) as ReturnType<typeof deferred<Sample>>
  }
  return { feature, asked, loads: (locale: TranslatedLocale) => chunks.get(locale)?.length ?? 0 }
}

type Feature = ReturnType<typeof sampleFeature>['feature']

/** Shows the feature's text (or `loading`) and records what each render showed. */
function Probe({ feature, seen }: { feature: Feature; seen: string[] }) {
  const text = useFeatureMessages(feature)
  const shown = text ? `${text.sampleHeading} | ${text.sampleTo('Ana')}` : 'loading'
  seen.push(shown)
  return <p data-testid="probe">{shown}</p>
}

type Props = { locale?: string; messages?: Record<string, unknown>; mounted?: boolean }

async function mount(feature: Feature, props: Props) {
  const harness = await createHarness()
  stops.push(harness.cleanup)
  const seen: string[] = []
  const tree = ({ locale, messages, mounted = true }: Props) => (
    <PorticoProvider config={harness.portico} queryClient={harness.queryClient} reconnectOnMount={false}>
      <PorticoUI locale={locale} messages={messages as never}>
        {mounted ? <Probe feature={feature} seen={seen} /> : null}
      </PorticoUI>
    </PorticoProvider>
  )
  const screen = await render(tree(props))
  return { seen, rerender: (next: Props) => screen.rerender(tree(next)) }
}

const probe = () => page.getByTestId('probe')

/** Keeps what the hook returned, for a test that compares the object itself. */
function Reader({ feature, read }: { feature: Feature; read: { text?: Sample | undefined } }) {
  read.text = useFeatureMessages(feature)
  return null
}

test('behavior: switching French to German shows the loading state, then German; back to French is at once, with no load', async () => {
  const sample = sampleFeature()
  const { seen, rerender } = await mount(sample.feature, { locale: 'fr' })
  ;(await sample.asked('fr')).resolve(catalogues.fr as Sample)
  await expect.element(probe()).toHaveTextContent('Envoyer des jetons | Envoyer à Ana')

  await rerender({ locale: 'de' })
  const german = await sample.asked('de')
  // Never French text under a German modal while German loads: the view shows its loading state.
  await expect.element(probe()).toHaveTextContent('loading')
  german.resolve(catalogues.de as Sample)
  await expect.element(probe()).toHaveTextContent('Token senden | An Ana senden')

  const before = seen.length
  await rerender({ locale: 'fr' })
  await expect.element(probe()).toHaveTextContent('Envoyer des jetons | Envoyer à Ana')
  // French was loaded: no loading state on the way back, and its chunk is not asked again.
  expect(seen.slice(before)).not.toContain('loading')
  expect(sample.loads('fr')).toBe(1)
})

test('edge: a French chunk that fails shows English; switching to German then loads German, not English for good', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const sample = sampleFeature()
  const { rerender } = await mount(sample.feature, { locale: 'fr' })
  ;(await sample.asked('fr')).reject(new TypeError('Failed to fetch dynamically imported module'))
  await expect.element(probe()).toHaveTextContent('Send tokens | Send to Ana')
  expect(warn.mock.calls.filter(([message]) => String(message).includes('sample messages for fr'))).toHaveLength(1)

  await rerender({ locale: 'de' })
  const german = await sample.asked('de')
  await expect.element(probe()).toHaveTextContent('loading')
  german.resolve(catalogues.de as Sample)
  await expect.element(probe()).toHaveTextContent('Token senden | An Ana senden')
  expect(warn.mock.calls.filter(([message]) => String(message).includes('sample messages for de'))).toHaveLength(0)
})

test('behavior: a view mounted again after its language failed asks for the chunk again, and shows it once it arrives', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const sample = sampleFeature()
  const { rerender } = await mount(sample.feature, { locale: 'fr' })
  ;(await sample.asked('fr')).reject(new TypeError('Failed to fetch dynamically imported module'))
  await expect.element(probe()).toHaveTextContent('Send tokens | Send to Ana')
  // The view is left and opened again (the network came back): the chunk is fetched once more.
  await rerender({ locale: 'fr', mounted: false })
  await expect.element(probe()).not.toBeInTheDocument()
  await rerender({ locale: 'fr' })
  const again = await sample.asked('fr', 2)
  await expect.element(probe()).toHaveTextContent('loading')
  again.resolve(catalogues.fr as Sample)
  await expect.element(probe()).toHaveTextContent('Envoyer des jetons | Envoyer à Ana')
})

test("behavior: the host's overrides follow its props: a new override shows, a removed one gives the translation back", async () => {
  const sample = sampleFeature()
  const { rerender } = await mount(sample.feature, { locale: 'fr' })
  ;(await sample.asked('fr')).resolve(catalogues.fr as Sample)
  await expect.element(probe()).toHaveTextContent('Envoyer des jetons | Envoyer à Ana')
  await rerender({ locale: 'fr', messages: { sampleHeading: 'Payer' } })
  await expect.element(probe()).toHaveTextContent('Payer | Envoyer à Ana')
  await rerender({ locale: 'fr', messages: { sampleTo: (name: string) => `Pour ${name}` } })
  await expect.element(probe()).toHaveTextContent('Envoyer des jetons | Pour Ana')
  await rerender({ locale: 'fr' })
  await expect.element(probe()).toHaveTextContent('Envoyer des jetons | Envoyer à Ana')
})

test('edge: a host override of a key the feature does not have never reaches its catalogue; an undefined one is skipped silently', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const sample = sampleFeature()
  const read: { text?: Sample | undefined } = {}
  const harness = await createHarness({
    ui: { locale: 'en', messages: { sampleHeading: undefined, sampleExtra: 'x' } as never },
  })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <Reader feature={sample.feature} read={read} />
    </harness.Wrapper>,
  )
  await expect.poll(() => read.text).toBeDefined()
  // English, untouched: the catalogue object itself, since nothing applied.
  expect(read.text).toBe(sample.feature.en)
  expect(Object.keys(read.text as object).sort()).toEqual(['sampleHeading', 'sampleTo'])
  expect(warn).not.toHaveBeenCalled()
})
