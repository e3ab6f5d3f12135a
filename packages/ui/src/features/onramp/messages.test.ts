import { test } from 'vitest'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { onrampMessages } from './messages.js'

test('the Buy messages are complete in every language', () =>
  expectCompleteTranslations(onrampMessages, {
    onrampMin: ['10.00 USD'],
    onrampMax: ['7500.00 USD'],
    onrampProviderFee: ['1-2%'],
    onrampReceived: ['48.75 USDC'],
  }))
