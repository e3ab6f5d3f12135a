import { describe, expect, it } from 'vitest'
import { formatHostPort, resolveLoopbackHost } from './net.js'

describe('resolveLoopbackHost', () => {
  it('accepts loopback addresses and names', () => {
    expect(resolveLoopbackHost('127.0.0.1')).toBe('127.0.0.1')
    expect(resolveLoopbackHost('127.1.2.3')).toBe('127.1.2.3')
    expect(resolveLoopbackHost('localhost')).toBe('127.0.0.1')
    expect(resolveLoopbackHost('::1')).toBe('::1')
    expect(resolveLoopbackHost('[::1]')).toBe('::1')
  })

  it('rejects everything else', () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.0.2',
      '10.0.0.1',
      'example.com',
      '',
      '128.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(() => resolveLoopbackHost(host), host).toThrow(/loopback/)
    }
  })
})

describe('formatHostPort', () => {
  it('brackets IPv6 literals', () => {
    expect(formatHostPort('127.0.0.1', 80)).toBe('127.0.0.1:80')
    expect(formatHostPort('::1', 80)).toBe('[::1]:80')
  })
})
