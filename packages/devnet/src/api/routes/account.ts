/**
 * The blockchain data routes: supported chains, token prices, identities, and
 * an account's balances and history, read live from the devnet chains.
 */
import { Hono } from 'hono'
import { type EmulatorEnv, HttpError, isRecord, readJson } from '../../emulator/app.js'
import { faultSwitch } from '../../emulator/faults.js'
import { evmTokens, solanaTokens } from '../../tokens.js'
import {
  type ApiBalance,
  evmBalances,
  evmCaip2,
  evmHistory,
  fixturePrices,
  solanaBalances,
  solanaCaip2,
} from '../chain.js'
import { type ApiContext, hostedImage, tokenIcon } from '../context.js'
import { evmNfts } from '../nfts.js'
import { switchMessages } from '../switches.js'

/** @internal `/v1/supported-chains`, `/v1/fungible/price`, `/v1/identity` and `/v1/account`. */
export function accountRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()

  app.get('/v1/supported-chains', (c) => c.json({ http: [evmCaip2, solanaCaip2], ws: [] }))
  app.post('/v1/fungible/price', async (c) => {
    const body = await readJson(c)
    if (!isRecord(body) || !Array.isArray(body.addresses)) throw new HttpError(400, 'Expected { addresses: string[] }')
    const icon = tokenIcon(ctx, c)
    const fungibles = body.addresses.flatMap((address) => {
      const token = typeof address === 'string' ? priceToken(address) : undefined
      return token
        ? [
            {
              name: token.name,
              symbol: token.symbol,
              iconUrl: icon(token.symbol),
              price: fixturePrices[token.symbol] ?? 0,
            },
          ]
        : []
    })
    return c.json({ fungibles })
  })

  app.get('/v1/identity/:address', (c) => {
    const address = c.req.param('address')
    // A name registered here is the address's identity from then on, as on the hosted service.
    const registered = ctx.profiles.byAddress(address).find((p) => p.created > 0)
    return c.json(registered ? { name: registered.name, avatar: null } : identityOf(address))
  })
  const chainOf = (address: string, chainId: string | undefined) =>
    chainId ?? (address.startsWith('0x') ? evmCaip2 : solanaCaip2)
  app.get(
    '/v1/account/:address/balance',
    faultSwitch(() => ctx.switches.balance, { messages: switchMessages }),
    async (c) => {
      const address = c.req.param('address')
      const chainId = chainOf(address, c.req.query('chainId'))
      const icon = tokenIcon(ctx, c)
      let balances: ApiBalance[] = []
      if (chainId === evmCaip2 && EVM_ADDRESS.test(address)) balances = await evmBalances(ctx.evmRpcUrl, address, icon)
      else if (chainId === solanaCaip2 && SOLANA_ADDRESS.test(address))
        balances = await solanaBalances(ctx.solanaRpcUrl, address, icon)
      return c.json({ balances })
    },
  )
  app.get('/v1/account/:address/history', async (c) => {
    const address = c.req.param('address')
    const chainId = chainOf(address, c.req.query('chainId'))
    const all =
      chainId === evmCaip2 && EVM_ADDRESS.test(address)
        ? await evmHistory(ctx.evmRpcUrl, address, tokenIcon(ctx, c))
        : []
    const start = decodeCursor(c.req.query('cursor'))
    const page = all.slice(start, start + HISTORY_PAGE)
    const next = start + HISTORY_PAGE < all.length ? encodeCursor(start + HISTORY_PAGE) : null
    return c.json({ data: page, next })
  })
  // The account's ERC-721 and ERC-1155 tokens, spam included and flagged (clients hide it), paged
  // like the history. Images are on the emulator's image host.
  app.get('/v1/account/:address/nfts', async (c) => {
    const address = c.req.param('address')
    const chainId = chainOf(address, c.req.query('chainId'))
    const all =
      chainId === evmCaip2 && EVM_ADDRESS.test(address)
        ? await evmNfts(ctx.evmRpcUrl, address, hostedImage(ctx, c, 'getAssetImage'))
        : []
    const start = decodeCursor(c.req.query('cursor'))
    const page = all.slice(start, start + NFT_PAGE)
    const next = start + NFT_PAGE < all.length ? encodeCursor(start + NFT_PAGE) : null
    return c.json({ data: page, next })
  })
  return app
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

const HISTORY_PAGE = 20
const NFT_PAGE = 20

function encodeCursor(index: number): string {
  return Buffer.from(`devnet:${index}`).toString('base64url')
}

function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0
  const match = /^devnet:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match) throw new HttpError(400, 'Invalid cursor')
  return Number(match[1])
}

/** Account #0 of the devnet EVM chain has a name; everyone else is anonymous. */
const NAMES: Record<string, { name: string; avatar: string | null }> = {
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266': { name: 'alice.portico', avatar: null },
}

function identityOf(address: string): { name: string | null; avatar: string | null } {
  return NAMES[address.toLowerCase()] ?? { name: null, avatar: null }
}

const NATIVE_EVM = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const NATIVE_SOL = 'So11111111111111111111111111111111111111111'

/** Resolves a CAIP-10 (or bare) token address to a priced devnet token. */
function priceToken(caip10: string): { name: string; symbol: string } | undefined {
  const address = caip10.split(':').at(-1) ?? ''
  const lower = address.toLowerCase()
  if (lower === NATIVE_EVM || lower === '0x0000000000000000000000000000000000000000')
    return { name: 'Ether', symbol: 'ETH' }
  if (address === NATIVE_SOL || address === 'So11111111111111111111111111111111111111112')
    return { name: 'Solana', symbol: 'SOL' }
  return evmTokens.find((t) => t.address.toLowerCase() === lower) ?? solanaTokens.find((t) => t.mint === address)
}
