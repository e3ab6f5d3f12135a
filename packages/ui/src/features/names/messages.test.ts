import { test } from 'vitest'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { namesMessages } from './messages.js'

test('the name views’ messages are complete in every language', () =>
  expectCompleteTranslations(namesMessages, {
    nameCurrent: ['alice.reown.id'],
    nameIsTaken: ['alice.reown.id'],
    nameErrorRegister: ['alice.reown.id'],
    nameSuccessBody: ['alice.reown.id'],
  }))
