/**
 * The devnet on-ramp provider: a checkout page on its own loopback origin (as a real provider
 * lives on its own domain), with a test card form. Paying with the standard test card delivers
 * real funds on the devnet chains: USDC is minted by the treasury on the EVM chain, SOL is sent
 * from the Solana faucet (`requestAirdrop`, a real signed transfer), so a purchase shows up as a
 * balance change in any wallet.
 */
import type { Context } from 'hono'
import { createWalletClient, type Hex, http as httpTransport, isAddress, parseUnits, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { priceOnramp } from '../api/onramp.js'
import { devnetDex } from '../dex.js'
import { devnetTokenAbi } from '../dexAbi.js'
import { createEmulatorApp, HttpError, isRecord, readJson, serveEmulator } from '../emulator/app.js'
import { devnetEvmChain } from '../evmChain.js'
import { evmTokens } from '../tokens.js'

/** Test cards: the standard success card and the standard "generic decline" card. */
export const onrampTestCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const

/**
 * Options for {@link startOnrampProvider}.
 *
 * @example
 * ```ts
 * const provider = await startOnrampProvider({ evmRpcUrl: devnet.evm.rpcUrl, solanaRpcUrl: devnet.solana.rpcUrl })
 * ```
 */
export interface StartOnrampProviderOptions {
  /** TCP port; 0 (default) lets the OS pick a free one. */
  port?: number
  /** Loopback address to bind (default `127.0.0.1`); anything else is rejected. */
  host?: string
  evmRpcUrl: string
  solanaRpcUrl: string
}

/** A completed or declined checkout. */
export interface OnrampPurchase {
  id: string
  status: 'completed' | 'declined'
  walletAddress: string
  destinationCurrencyCode: 'USDC' | 'SOL'
  paymentCurrency: string
  paymentTotal: string
  /** Crypto delivered (decimal string in the currency's units); `'0'` when declined. */
  purchaseAmount: string
  externalCustomerId: string | null
  /** EVM transaction hash or Solana signature of the payout. */
  transaction: string | null
}

/**
 * A running on-ramp provider.
 *
 * @example
 * ```ts
 * const provider: OnrampProvider = await startOnrampProvider({ evmRpcUrl, solanaRpcUrl })
 * const page = `${provider.url}/checkout?walletAddress=${address}&destinationCurrencyCode=USDC`
 * ```
 */
export interface OnrampProvider {
  /** Origin of the checkout, e.g. `http://127.0.0.1:43201` (pages under `/checkout`). */
  url: string
  /** Checkouts so far, oldest first. */
  purchases(): OnrampPurchase[]
  stop(): Promise<void>
}

/**
 * Starts the provider's checkout server. `GET /checkout?walletAddress&destinationCurrencyCode
 * [&externalCustomerId&publicKey&presetFiatAmount&currency]` shows the page; the page posts to
 * `POST /checkout/pay`; `GET /checkout/purchases` lists what happened.
 *
 * @example
 * ```ts
 * import { startOnrampProvider } from '@portico/devnet'
 *
 * const provider = await startOnrampProvider({ evmRpcUrl, solanaRpcUrl })
 * await provider.stop()
 * ```
 */
export async function startOnrampProvider(options: StartOnrampProviderOptions): Promise<OnrampProvider> {
  const purchases: OnrampPurchase[] = []
  const treasury = createWalletClient({
    account: privateKeyToAccount(devnetDex.treasuryPrivateKey),
    chain: devnetEvmChain(options.evmRpcUrl),
    transport: httpTransport(options.evmRpcUrl, { retryCount: 0 }),
    pollingInterval: 50,
  }).extend(publicActions)
  // One payout at a time keeps the treasury's nonces in order.
  let queue: Promise<unknown> = Promise.resolve()
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task)
    queue = next.catch(() => undefined)
    return next
  }

  const pay = async (body: unknown): Promise<{ status: 200 | 402; purchase: OnrampPurchase; message?: string }> => {
    if (!isRecord(body)) throw new HttpError(400, 'Expected a JSON object')
    const destinationCurrencyCode = body.destinationCurrencyCode === 'SOL' ? 'SOL' : 'USDC'
    const walletAddress = typeof body.walletAddress === 'string' ? body.walletAddress.trim() : ''
    if (
      destinationCurrencyCode === 'USDC'
        ? !isAddress(walletAddress)
        : !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(walletAddress)
    )
      throw new HttpError(400, `walletAddress is not a ${destinationCurrencyCode === 'SOL' ? 'Solana' : 'EVM'} address`)
    const paymentCurrency = typeof body.currency === 'string' ? body.currency.toUpperCase() : 'USD'
    const amount = Number(body.amount)
    const quote = priceOnramp({
      purchaseCurrency: destinationCurrencyCode,
      paymentCurrency,
      amount,
      paymentMethod: 'card',
    })
    const card = typeof body.cardNumber === 'string' ? body.cardNumber.replace(/[\s-]/g, '') : ''
    const expiry = typeof body.expiry === 'string' ? /^(\d{2})\s*\/\s*(\d{2})$/.exec(body.expiry.trim()) : null
    const cvc = typeof body.cvc === 'string' ? body.cvc.trim() : ''
    if (card !== onrampTestCards.success && card !== onrampTestCards.declined)
      throw new HttpError(400, 'Use a test card: 4242 4242 4242 4242 (or 4000 0000 0000 0002 to be declined).')
    const month = Number(expiry?.[1])
    const year = 2000 + Number(expiry?.[2])
    const now = new Date()
    if (!expiry || month < 1 || month > 12 || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
      throw new HttpError(400, 'Enter an expiry date (MM/YY) in the future.')
    if (!/^\d{3,4}$/.test(cvc)) throw new HttpError(400, 'Enter the 3 or 4 digit security code.')

    const base = {
      id: `devnet-purchase-${purchases.length + 1}`,
      walletAddress,
      destinationCurrencyCode,
      paymentCurrency,
      paymentTotal: quote.paymentTotal.amount,
      externalCustomerId: typeof body.externalCustomerId === 'string' ? body.externalCustomerId : null,
    } as const
    if (card === onrampTestCards.declined) {
      const purchase: OnrampPurchase = { ...base, status: 'declined', purchaseAmount: '0', transaction: null }
      purchases.push(purchase)
      return { status: 402, purchase, message: 'Your card was declined.' }
    }
    const transaction =
      destinationCurrencyCode === 'USDC'
        ? await serialized(() => mintUsdc(walletAddress as Hex, quote.purchaseAmount.amount))
        : await sendSol(walletAddress, quote.purchaseAmount.amount)
    const purchase: OnrampPurchase = {
      ...base,
      status: 'completed',
      purchaseAmount: quote.purchaseAmount.amount,
      transaction,
    }
    purchases.push(purchase)
    return { status: 200, purchase }
  }

  const mintUsdc = async (to: Hex, amount: string): Promise<string> => {
    const usdc = evmTokens.find((t) => t.symbol === 'USDC')
    if (!usdc) throw new Error('no devnet USDC')
    const hash = await treasury.writeContract({
      address: usdc.address,
      abi: devnetTokenAbi,
      functionName: 'mint',
      args: [to, parseUnits(amount, usdc.decimals)],
    })
    const receipt = await treasury.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`USDC payout ${hash} reverted`)
    return hash
  }

  const sendSol = async (to: string, amount: string): Promise<string> => {
    const lamports = parseUnits(amount, 9)
    const signature = await solanaRpc<string>(options.solanaRpcUrl, 'requestAirdrop', [to, Number(lamports)])
    for (let i = 0; i < 100; i++) {
      const { value } = await solanaRpc<{ value: ({ confirmationStatus?: string; err: unknown } | null)[] }>(
        options.solanaRpcUrl,
        'getSignatureStatuses',
        [[signature]],
      )
      const status = value[0]
      if (status?.err) throw new Error(`SOL payout ${signature} failed`)
      if (status?.confirmationStatus === 'finalized' || status?.confirmationStatus === 'confirmed') return signature
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`SOL payout ${signature} did not confirm`)
  }

  // No CORS: the checkout page is the only client, on this origin.
  const app = createEmulatorApp({ cors: false, maxBodyBytes: 64 * 1024 })
  app.use(async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })
  const page = (c: Context) =>
    c.html(CHECKOUT_PAGE, 200, {
      'content-security-policy':
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'",
    })
  app.get('/', page)
  app.get('/checkout', page)
  app.post('/checkout/pay', async (c) => {
    const { status, purchase, message } = await pay(await readJson(c))
    return c.json({ ...purchase, ...(message ? { message } : {}) }, status)
  })
  app.get('/checkout/purchases', (c) => c.json({ purchases }))
  const server = await serveEmulator(app, { host: options.host, port: options.port })
  return {
    url: server.url,
    purchases: () => purchases.map((p) => ({ ...p })),
    stop: server.stop,
  }
}

let rpcId = 1
async function solanaRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params }),
  })
  const reply = (await response.json()) as { result?: T; error?: { message: string } }
  if (reply.error || reply.result === undefined) throw new Error(`${method}: ${reply.error?.message ?? 'no result'}`)
  return reply.result
}

/**
 * The checkout page. It reads its parameters from its own URL in the browser (nothing from the
 * query is ever written into the HTML by the server) and posts the form as JSON.
 */
const CHECKOUT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Devnet Pay - checkout</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; background: #f4f4f6; color: #111; }
  main { max-width: 380px; margin: 32px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 2px 12px #0002; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p.muted { color: #555; margin: 0 0 16px; font-size: 13px; word-break: break-all; }
  label { display: block; margin: 12px 0 4px; font-weight: 600; font-size: 13px; }
  input, select { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #bbb; border-radius: 8px; font: inherit; }
  .row { display: flex; gap: 8px; } .row > div { flex: 1; }
  button { margin-top: 20px; width: 100%; padding: 12px; border: 0; border-radius: 8px; background: #3b5bdb; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button[disabled] { opacity: .6; cursor: progress; }
  [role=alert] { margin-top: 16px; padding: 10px; border-radius: 8px; background: #ffe3e3; color: #a00; }
  [role=status] { margin-top: 16px; padding: 10px; border-radius: 8px; background: #e6fcf5; color: #085; }
  [hidden] { display: none; }
</style>
</head>
<body>
<main>
  <h1>Devnet Pay</h1>
  <p class="muted">Buying <strong id="currency-code">USDC</strong> for <span id="wallet"></span></p>
  <form id="checkout" novalidate>
    <div class="row">
      <div><label for="amount">Amount</label><input id="amount" name="amount" inputmode="decimal" required value="100"></div>
      <div><label for="currency">Currency</label><select id="currency" name="currency"><option>USD</option><option>EUR</option></select></div>
    </div>
    <label for="card">Card number</label>
    <input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
    <div class="row">
      <div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34" required></div>
      <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div>
    </div>
    <button type="submit" id="pay">Pay</button>
  </form>
  <div id="error" role="alert" hidden></div>
  <div id="done" role="status" hidden></div>
</main>
<script>
  const params = new URLSearchParams(location.search)
  const code = params.get('destinationCurrencyCode') === 'SOL' ? 'SOL' : 'USDC'
  const wallet = params.get('walletAddress') || ''
  document.getElementById('currency-code').textContent = code
  document.getElementById('wallet').textContent = wallet || '(no wallet given)'
  const preset = params.get('presetFiatAmount')
  if (preset && Number.isFinite(Number(preset))) document.getElementById('amount').value = preset
  const currency = (params.get('currency') || params.get('paymentCurrency') || '').toUpperCase()
  if (currency === 'USD' || currency === 'EUR') document.getElementById('currency').value = currency
  const form = document.getElementById('checkout')
  const error = document.getElementById('error')
  const done = document.getElementById('done')
  const button = document.getElementById('pay')
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    error.hidden = true
    button.disabled = true
    button.textContent = 'Processing...'
    const data = Object.fromEntries(new FormData(form))
    try {
      const response = await fetch('/checkout/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...data, walletAddress: wallet, destinationCurrencyCode: code, externalCustomerId: params.get('externalCustomerId') }),
      })
      const result = await response.json()
      if (!response.ok) throw new Error(result.message || 'Payment failed')
      form.hidden = true
      done.hidden = false
      done.textContent = 'Payment complete: ' + result.purchaseAmount + ' ' + code + ' sent to your wallet.'
      if (window.opener) window.opener.postMessage({ type: 'devnet-onramp', status: 'completed', purchase: result }, '*')
    } catch (e) {
      error.hidden = false
      error.textContent = e.message
      if (window.opener) window.opener.postMessage({ type: 'devnet-onramp', status: 'failed', message: e.message }, '*')
    } finally {
      button.disabled = false
      button.textContent = 'Pay'
    }
  })
</script>
</body>
</html>
`
