import { expect, test, vi } from 'vitest'
import { expectCompleteTranslations } from '../test/featureMessages.js'
import { type Catalogue, defineFeatureMessages } from './featureMessages.js'

const sampleEn = { sampleTitle: 'Send', sampleTo: (name: string) => `Send to ${name}` }
type Sample = Catalogue<typeof sampleEn>
const translated = (prefix: string): Sample => ({
  sampleTitle: `${prefix} title`,
  sampleTo: (name) => `${prefix} ${name}`,
})

function sample(es: () => Promise<Sample> = async () => translated('es')) {
  return defineFeatureMessages('sample', sampleEn, {
    es,
    fr: async () => translated('fr'),
    de: async () => translated('de'),
    'pt-BR': async () => translated('pt'),
    'zh-CN': async () => translated('zh'),
    ja: async () => translated('ja'),
    ko: async () => translated('ko'),
    ar: async () => translated('ar'),
  })
}

test('English is there at once; another language loads once and is kept', async () => {
  const es = vi.fn(async () => translated('es'))
  const messages = sample(es)
  expect(messages.loaded('en')).toBe(messages.en)
  expect(messages.loaded('es')).toBeUndefined()
  const [a, b] = await Promise.all([messages.load('es'), messages.load('es')])
  expect(a).toBe(b)
  expect(a.sampleTo('Ana')).toBe('es Ana')
  expect(messages.loaded('es')).toBe(a)
  await messages.load('es')
  expect(es).toHaveBeenCalledTimes(1)
})

test('a chunk that failed to load is fetched again on the next call', async () => {
  let attempts = 0
  const messages = sample(async () => {
    attempts++
    if (attempts === 1) throw new Error('chunk offline')
    return translated('es')
  })
  await expect(messages.load('es')).rejects.toThrow('chunk offline')
  expect(messages.loaded('es')).toBeUndefined()
  expect((await messages.load('es')).sampleTitle).toBe('es title')
  expect(attempts).toBe(2)
})

test('the completeness check accepts a complete feature and rejects a missing key or a page-start key', async () => {
  await expectCompleteTranslations(sample())
  const missing = sample(async () => ({ sampleTitle: 'x' }) as Sample)
  await expect(expectCompleteTranslations(missing)).rejects.toThrow()
  const empty = sample(async () => ({ ...translated('es'), sampleTitle: ' ' }))
  await expect(expectCompleteTranslations(empty)).rejects.toThrow()
  const dropsName = sample(async () => ({ ...translated('es'), sampleTo: () => 'no name' }))
  await expect(expectCompleteTranslations(dropsName)).rejects.toThrow()
  const clash = defineFeatureMessages('clash', { connectWallet: 'x' }, {} as never)
  await expect(expectCompleteTranslations(clash)).rejects.toThrow()
})
