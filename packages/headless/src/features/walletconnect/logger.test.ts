import { afterEach, describe, expect, test, vi } from 'vitest'
import { createWalletConnectLog, redact, walletConnectLogBufferBytes } from './logger.js'

afterEach(() => {
  vi.restoreAllMocks()
})

const quietConsole = () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'debug').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
}

describe('createWalletConnectLog', () => {
  test("the spec's buffer is 1,024,000 bytes", () => {
    expect(walletConnectLogBufferBytes).toBe(1_024_000)
  })

  test('records entries at the level and above, oldest first, one JSON object per line', () => {
    quietConsole()
    const log = createWalletConnectLog('error')
    log.logger.debug('not at error level')
    log.logger.error({ context: 'core/relayer' }, 'socket stalled')
    log.logger.fatal('gone')
    const lines = log
      .read()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.map((l) => l.msg)).toEqual(['socket stalled', 'gone'])
    expect(lines[0].context).toBe('core/relayer')
  })

  test("'silent' records nothing", () => {
    const log = createWalletConnectLog('silent')
    log.logger.fatal('nothing')
    expect(log.read()).toBe('')
  })

  test('the buffer stays within its bytes: the oldest entries go first', () => {
    quietConsole()
    const log = createWalletConnectLog('trace', 2_000)
    for (let i = 0; i < 100; i++) log.logger.info({ i }, 'x'.repeat(50))
    const text = log.read()
    expect(new TextEncoder().encode(text).byteLength).toBeLessThanOrEqual(2_000)
    const kept = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).i as number)
    expect(kept.at(-1)).toBe(99)
    expect(kept[0]).toBeGreaterThan(0)
    expect(kept).toEqual(kept.map((_, n) => (kept[0] as number) + n)) // contiguous: only the oldest dropped
  })

  test('entries go to the console as well, errors as errors', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const log = createWalletConnectLog('error')
    log.logger.error('visible')
    expect(error).toHaveBeenCalledWith('[WalletConnect]', expect.stringContaining('visible'))
  })

  test('keys and tokens never reach the buffer or the console', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const log = createWalletConnectLog('error')
    const symKey = 'a1b2c3d4'.repeat(8)
    const privateKey = `0x${'9f'.repeat(32)}`
    const token = 'eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJkaWQ6a2V5In0.c2lnbmF0dXJl'
    log.logger.error({ symKey, privateKey, uri: `wc:topic@2?symKey=${symKey}`, auth: token }, 'failed')
    const text = log.read()
    for (const secret of [symKey, privateKey.slice(2), token]) {
      expect(text).not.toContain(secret)
      expect(JSON.stringify(error.mock.calls)).not.toContain(secret)
    }
    expect(text).toContain('a1b2c3d4…')
  })
})

describe('redact', () => {
  test('keeps short hex (addresses, chain ids) and ordinary text', () => {
    const line = 'eip155:1:0x52908400098527886E0F7030069857D2E4169EE7 chain 0x1 ok'
    expect(redact(line)).toBe(line)
  })
})
