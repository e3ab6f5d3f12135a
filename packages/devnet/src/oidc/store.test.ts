// The devnet providers' oidc-provider storage, driven directly with a clock the store takes:
// expiry on read, consume, destroy, the uid and user-code indexes, grant revocation, and that
// models and stores never share an entry. Its use by the real authorization server (a code
// redeemed twice revokes the tokens it gave, tokens expire) is in server.test.ts.
import type { AdapterPayload } from 'oidc-provider'
import { describe, expect, test } from 'vitest'
import { createMemoryStore } from './store.js'

/** A store on a clock the test moves by hand. */
function storeWithClock(start = 1_700_000_000_000) {
  const clock = { now: start }
  return { store: createMemoryStore(() => clock.now), clock }
}

describe('createMemoryStore', () => {
  test('behavior: an upserted payload is found by id, by model, and is gone after destroy', async () => {
    const { store } = storeWithClock()
    const codes = store('AuthorizationCode')
    await codes.upsert('c1', { jti: 'c1', accountId: 'ada' }, 600)
    expect(await codes.find('c1')).toEqual({ jti: 'c1', accountId: 'ada' })
    expect(await codes.find('c2')).toBeUndefined()
    await codes.destroy('c1')
    expect(await codes.find('c1')).toBeUndefined()
    await codes.destroy('c1') // twice: no throw
  })

  test('behavior: an upsert of the same id replaces the payload', async () => {
    const { store } = storeWithClock()
    const sessions = store('Session')
    await sessions.upsert('s1', { jti: 's1', accountId: 'ada' }, 60)
    await sessions.upsert('s1', { jti: 's1', accountId: 'grace' }, 60)
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'grace' })
  })

  test('security: the same id under two models (a code and a token) are two entries', async () => {
    const { store } = storeWithClock()
    await store('AuthorizationCode').upsert('same', { kind: 'code' }, 600)
    expect(await store('AccessToken').find('same')).toBeUndefined()
    await store('AccessToken').upsert('same', { kind: 'token' }, 3600)
    await store('AuthorizationCode').destroy('same')
    expect(await store('AccessToken').find('same')).toEqual({ kind: 'token' })
  })

  test('security: two stores (two providers) never share an entry, a uid or a grant', async () => {
    const google = createMemoryStore()
    const apple = createMemoryStore()
    await google('AccessToken').upsert('t1', { grantId: 'g1', accountId: 'ada' }, 3600)
    await google('Session').upsert('s1', { uid: 'u1' }, 3600)
    expect(await apple('AccessToken').find('t1')).toBeUndefined()
    expect(await apple('Session').findByUid('u1')).toBeUndefined()
    await apple('AccessToken').revokeByGrantId('g1')
    expect(await google('AccessToken').find('t1')).toMatchObject({ accountId: 'ada' })
  })

  test('edge: an entry lives until exactly expiresIn seconds after the upsert, then reads as absent', async () => {
    const { store, clock } = storeWithClock()
    const tokens = store('AccessToken')
    await tokens.upsert('t1', { accountId: 'ada' }, 3600)
    clock.now += 3600 * 1000 - 1
    expect(await tokens.find('t1')).toEqual({ accountId: 'ada' })
    clock.now += 1
    expect(await tokens.find('t1')).toBeUndefined()
    // Gone for good: the clock going back does not bring it back.
    clock.now -= 10_000
    expect(await tokens.find('t1')).toBeUndefined()
  })

  test('default: an entry stored without expiresIn never expires', async () => {
    const { store, clock } = storeWithClock()
    const clients = store('Client')
    await clients.upsert('c', { client_id: 'c' })
    clock.now += 10 * 365 * 24 * 3600 * 1000
    expect(await clients.find('c')).toEqual({ client_id: 'c' })
  })

  test('behavior: consume marks the payload consumed (epoch seconds of the store clock), keeps it readable', async () => {
    const { store, clock } = storeWithClock(1_700_000_000_999)
    const codes = store('AuthorizationCode')
    await codes.upsert('c1', { jti: 'c1' }, 600)
    expect((await codes.find('c1'))?.consumed).toBeUndefined()
    clock.now += 5_000
    await codes.consume('c1')
    expect(await codes.find('c1')).toEqual({ jti: 'c1', consumed: 1_700_000_005 })
    await codes.consume('missing') // nothing to consume: no throw, nothing created
    expect(await codes.find('missing')).toBeUndefined()
  })

  test('behavior: consume keeps the expiry of the entry', async () => {
    const { store, clock } = storeWithClock()
    const codes = store('AuthorizationCode')
    await codes.upsert('c1', { jti: 'c1' }, 600)
    await codes.consume('c1')
    clock.now += 600 * 1000
    expect(await codes.find('c1')).toBeUndefined()
  })

  test('behavior: findByUid finds a session by its uid, per model, and follows the latest save', async () => {
    const { store } = storeWithClock()
    const sessions = store('Session')
    await sessions.upsert('jti-1', { jti: 'jti-1', uid: 'uid-1' }, 3600)
    expect(await sessions.findByUid('uid-1')).toMatchObject({ jti: 'jti-1' })
    expect(await store('Interaction').findByUid('uid-1')).toBeUndefined()
    // oidc-provider's login rotates the session id under the same uid, then destroys the old id.
    await sessions.upsert('jti-2', { jti: 'jti-2', uid: 'uid-1', accountId: 'ada' }, 3600)
    await sessions.destroy('jti-1')
    expect(await sessions.findByUid('uid-1')).toMatchObject({ jti: 'jti-2', accountId: 'ada' })
    await sessions.destroy('jti-2')
    expect(await sessions.findByUid('uid-1')).toBeUndefined()
    expect(await sessions.findByUid('never')).toBeUndefined()
  })

  test('edge: findByUid and findByUserCode honour the expiry of the entry they point at', async () => {
    const { store, clock } = storeWithClock()
    await store('Session').upsert('s', { uid: 'u' }, 10)
    await store('DeviceCode').upsert('d', { userCode: 'ABCD-EFGH' }, 20)
    expect(await store('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' })
    expect(await store('Session').findByUserCode('ABCD-EFGH')).toBeUndefined()
    clock.now += 10_000
    expect(await store('Session').findByUid('u')).toBeUndefined()
    expect(await store('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' })
    clock.now += 10_000
    expect(await store('DeviceCode').findByUserCode('ABCD-EFGH')).toBeUndefined()
  })

  test('security: revokeByGrantId removes every token of that grant, in every model, and only those', async () => {
    const { store } = storeWithClock()
    const payload = (grantId: string): AdapterPayload => ({ grantId, accountId: 'ada' })
    await store('AuthorizationCode').upsert('code', payload('g1'), 600)
    await store('AccessToken').upsert('at', payload('g1'), 3600)
    await store('RefreshToken').upsert('rt', payload('g1'), 3600)
    await store('AccessToken').upsert('other', payload('g2'), 3600)
    await store('AccessToken').upsert('plain', { accountId: 'ada' }, 3600)

    await store('AccessToken').revokeByGrantId('g1')

    expect(await store('AuthorizationCode').find('code')).toBeUndefined()
    expect(await store('AccessToken').find('at')).toBeUndefined()
    expect(await store('RefreshToken').find('rt')).toBeUndefined()
    expect(await store('AccessToken').find('other')).toMatchObject({ grantId: 'g2' })
    expect(await store('AccessToken').find('plain')).toMatchObject({ accountId: 'ada' })
    // The grant is forgotten: a token saved under it later is not revoked by the earlier call.
    await store('AccessToken').upsert('later', payload('g1'), 3600)
    expect(await store('AccessToken').find('later')).toMatchObject({ grantId: 'g1' })
    await store('AccessToken').revokeByGrantId('unknown') // no throw
  })
})
