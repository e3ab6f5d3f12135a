import { expectTypeOf } from 'vitest'
import type { AllMessages } from './allMessages.js'
import type { activityMessages } from './features/account/messages.js'
import type { nftsMessages } from './features/account/nftMessages.js'
import type { legalMessages } from './features/connect/legal/messages.js'
import type { connectMoreMessages } from './features/connect/more/messages.js'
import type { namesMessages } from './features/names/messages.js'
import type { payMessages } from './features/pay/messages.js'
import type { permissionsMessages } from './features/permissions/messages.js'
import type { sendMessages } from './features/send/messages.js'
import type { walletsMessages } from './features/wallets/messages.js'
import type { FeatureMessages } from './i18n/featureMessages.js'

// Type-level checks (tsc runs them in `npm test`): each feature's keys are in AllMessages with the
// catalogue's own types (two catalogues giving one key different types would make it `never`).
type Keys<messages> = messages extends FeatureMessages<infer english> ? keyof english : never
type Own<messages> = messages extends { en: infer catalogue } ? catalogue : never
type Same<messages> = Pick<AllMessages, Keys<messages> & keyof AllMessages>

expectTypeOf<Keys<typeof namesMessages>>().toExtend<keyof AllMessages>()
expectTypeOf<Same<typeof namesMessages>>().toEqualTypeOf<Own<typeof namesMessages>>()
expectTypeOf<Same<typeof activityMessages>>().toEqualTypeOf<Own<typeof activityMessages>>()
expectTypeOf<Same<typeof nftsMessages>>().toEqualTypeOf<Own<typeof nftsMessages>>()
expectTypeOf<Same<typeof legalMessages>>().toEqualTypeOf<Own<typeof legalMessages>>()
expectTypeOf<Same<typeof connectMoreMessages>>().toEqualTypeOf<Own<typeof connectMoreMessages>>()
expectTypeOf<Same<typeof payMessages>>().toEqualTypeOf<Own<typeof payMessages>>()
expectTypeOf<Same<typeof permissionsMessages>>().toEqualTypeOf<Own<typeof permissionsMessages>>()
expectTypeOf<Same<typeof walletsMessages>>().toEqualTypeOf<Own<typeof walletsMessages>>()
expectTypeOf<Same<typeof sendMessages>>().toEqualTypeOf<Own<typeof sendMessages>>()

// What a host writes: a literal override of a name-view text and a page-start text together.
const overrides: Partial<AllMessages> = { connectWallet: 'Sign in', nameTitle: 'Pick a handle' }
expectTypeOf(overrides).toExtend<Partial<AllMessages>>()
