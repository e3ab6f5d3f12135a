import { test } from 'vitest'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { permissionsMessages } from './messages.js'

test('the permissions list’s messages are complete in every language', () =>
  expectCompleteTranslations(permissionsMessages, {
    permissionsNative: ['0.01 ETH', 'day'],
    permissionsToken: ['1000', '0x1234…abcd', 'day'],
    permissionsContract: ['0x1234…abcd'],
    permissionsDays: ['2'],
    permissionsHours: ['2'],
    permissionsSeconds: ['30'],
    permissionsUntil: ['1 Dec 2026'],
    permissionsRevokeOne: ['Spend up to 0.01 ETH every day'],
  }))
