/**
 * Where the test harness's chains are when its caller names none (`rpcUrl`), and where a read
 * that must fail goes (`balances: 'error'`). Stories keep the defaults: a devnet started on its
 * usual port shows live data, nothing listens on port 9. The browser tests point both at a
 * loopback endpoint that refuses every call at once (HTTP 400, which viem's transport does not
 * retry), so a view waiting for a failed read gets it in one round trip instead of after the
 * transport's three retries (150 + 300 + 600 ms of backoff); it shows the same failure, viem's
 * "HTTP request failed.", either way.
 */
export const chainless = {
  rpcUrl: 'http://127.0.0.1:8545',
  failingRpcUrl: 'http://127.0.0.1:9',
}
