// Only Node built-ins: the consumer test runs this before anything is installed.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

/**
 * The lowest port of the kernel's ephemeral range: the ports it hands to any socket bound to port 0.
 * @returns {number}
 */
function ephemeralLow() {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0])
    return Number.isInteger(low) && low > 0 ? low : 32768
  } catch {
    return 32768
  }
}

/**
 * @param {number} port
 * @returns {Promise<number | undefined>} the port once it bound and closed on loopback, undefined when taken
 */
function probe(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(undefined))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address()
      const bound = typeof address === 'object' && address ? address.port : undefined
      server.close(() => resolve(bound))
    })
  })
}

/**
 * A free loopback port for a server that binds it later (a child process, a service under test).
 *
 * Not port 0's answer: that comes from the kernel's ephemeral range, and between the probe's close
 * and the later bind any socket on the machine that binds port 0 (a parallel test's server, the
 * devnet's own services starting beside it) can be handed the same port. CI failed with EADDRINUSE
 * that way. A port below the ephemeral range is never handed out by the kernel, so only another
 * caller of this function could take it; the random pick makes that unlikely and the probe checks
 * it is free now.
 * @returns {Promise<number>}
 */
export async function freePort() {
  const high = ephemeralLow()
  const low = 10_000
  if (high - low >= 1_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = await probe(low + Math.floor(Math.random() * (high - low)))
      if (port !== undefined) return port
    }
  }
  const port = await probe(0)
  if (port === undefined) throw new Error('No free loopback port')
  return port
}
