// The emulator's `hosted` fault switch: every hosted route (the JSON-RPC proxy included) answers
// with the chosen fault, control routes never do, a project id can scope it, and bad values are
// refused over HTTP.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startApiEmulator } from './server.js'

let api: Awaited<ReturnType<typeof startApiEmulator>>
const Q = 'projectId=p&st=appkit&sv=1'
beforeAll(async () => {
  // No chain needed: the faults answer before any upstream call.
  api = await startApiEmulator({ evmRpcUrl: 'http://127.0.0.1:9', solanaRpcUrl: 'http://127.0.0.1:9' })
})
afterAll(() => api.stop())

const setSwitches = (body: unknown) =>
  fetch(`${api.url}/__devnet/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

test('429, 500, garbage and reset on every hosted route; control routes stay healthy', async () => {
  for (const path of [`/getWallets?${Q}`, `/appkit/v1/config?${Q}`, `/v1/supported-chains?${Q}`]) {
    expect((await setSwitches({ hosted: 429 })).status).toBe(200)
    const limited = await fetch(`${api.url}${path}`)
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1'])
    await setSwitches({ hosted: 500 })
    expect((await fetch(`${api.url}${path}`)).status).toBe(500)
    await setSwitches({ hosted: 'garbage' })
    const garbage = await fetch(`${api.url}${path}`)
    expect(garbage.status).toBe(200)
    await expect(garbage.json()).rejects.toThrow()
    await setSwitches({ hosted: 'reset' })
    await expect(fetch(`${api.url}${path}`)).rejects.toThrow()
  }
  expect((await fetch(`${api.url}/__devnet/switches`)).status).toBe(200)
  await setSwitches({ hosted: 'ok' })
  expect((await fetch(`${api.url}/getWallets?${Q}`)).status).toBe(200)
})

test('slow: the answer waits past the client timeout, and the wait ends when the client gives up', async () => {
  api.switches.hosted = 'slow'
  await expect(fetch(`${api.url}/getWallets?${Q}`, { signal: AbortSignal.timeout(200) })).rejects.toThrow()
  api.switches.hosted = 'ok'
  expect((await fetch(`${api.url}/getWallets?${Q}`)).status).toBe(200)
})

test('hostedProjectId scopes the fault to one project', async () => {
  await setSwitches({ hosted: 500, hostedProjectId: 'broken' })
  expect((await fetch(`${api.url}/getWallets?${Q}`)).status).toBe(200)
  expect((await fetch(`${api.url}/getWallets?projectId=broken&st=appkit&sv=1`)).status).toBe(500)
  await setSwitches({ hosted: 'ok', hostedProjectId: null })
})

test('hostedFor: two projects each broken their own way at once; setting one leaves the other', async () => {
  await setSwitches({ hostedFor: { first: 500 } })
  await setSwitches({ hostedFor: { second: 429 } })
  const status = async (projectId: string) =>
    (await fetch(`${api.url}/getWallets?projectId=${projectId}&st=appkit&sv=1`)).status
  expect([await status('first'), await status('second'), await status('p')]).toEqual([500, 429, 200])
  // A global fault scoped to another project does not reach them either way.
  await setSwitches({ hosted: 500, hostedProjectId: 'third' })
  await setSwitches({ hostedFor: { first: 'ok' } })
  expect([await status('first'), await status('second'), await status('third')]).toEqual([200, 429, 500])
  await setSwitches({ hosted: 'ok', hostedProjectId: null, hostedFor: { second: 'ok' } })
  expect(api.switches.hostedFor).toEqual({ first: 'ok', second: 'ok' })
  expect((await setSwitches({ hostedFor: { first: 'sometimes' } })).status).toBe(400)
  expect((await setSwitches({ hostedFor: 'first' })).status).toBe(400)
  expect(api.switches.hostedFor).toEqual({ first: 'ok', second: 'ok' })
})

test('bad switch values are refused with 400 and change nothing', async () => {
  expect((await setSwitches({ hosted: 'sometimes' })).status).toBe(400)
  expect((await setSwitches({ hostedProjectId: 5 })).status).toBe(400)
  expect(api.switches).toMatchObject({ hosted: 'ok', hostedProjectId: null })
})

test('featuresFor and originsFor: a project’s own configuration and allow-list, others keep the defaults', async () => {
  const config = async (projectId: string) =>
    Object.fromEntries(
      (
        (await (await fetch(`${api.url}/appkit/v1/config?projectId=${projectId}&st=appkit&sv=1`)).json()) as {
          features: { id: string; isEnabled: boolean }[]
        }
      ).features.map((f) => [f.id, f.isEnabled]),
    )
  const origins = async (projectId: string) =>
    (await (await fetch(`${api.url}/projects/v1/origins?projectId=${projectId}&st=appkit&sv=1`)).json()).allowedOrigins
  expect((await setSwitches({ featuresFor: { quiet: { activity: false, reown_branding: true } } })).status).toBe(200)
  expect((await setSwitches({ originsFor: { strict: ['https://shop.example'] } })).status).toBe(200)
  expect(await config('quiet')).toMatchObject({ activity: false, reown_branding: true, swap: true })
  expect(await config('p')).toMatchObject({ activity: true, reown_branding: false })
  expect(await origins('strict')).toEqual(['https://shop.example'])
  expect(await origins('p')).toEqual(['http://127.0.0.1:*', 'http://localhost:*'])
  expect((await setSwitches({ featuresFor: { quiet: { teleport: true } } })).status).toBe(400)
  expect((await setSwitches({ originsFor: { strict: 'https://shop.example' } })).status).toBe(400)
  expect(api.switches.originsFor).toEqual({ strict: ['https://shop.example'] })
})
