import { test } from 'vitest'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { viewUnavailableMessages } from './messages.js'

test('the text of a view that could not load is complete in every language', () =>
  expectCompleteTranslations(viewUnavailableMessages))
