/**
 * The devnet web wallet page (browser entry, bundled by `server.ts`): paste a pairing URI,
 * approve or reject each proposal and each request by hand. Plain DOM; stable `data-testid`s.
 * The runtime config arrives as JSON in `<script id="portico-wallet-config">`.
 */
import type { SessionTypes } from '@walletconnect/types'
import { deepLinkProblem } from './deepLink.js'
import { previewParams } from './preview.js'
import { createDevnetWallet, type DevnetWallet, type PendingProposal, type PendingRequest } from './wallet.js'

/** What `server.ts` injects into the page (and what `startWebWallet` takes besides host and port). */
export interface WebWalletConfig {
  /** The local relay's websocket URL (`startRelay().url`). */
  relayUrl: string
  /** The local Verify service (`startRelay().verifyUrl`). */
  verifyUrl?: string
  evmRpcUrl: string
  solanaRpcUrl: string
  /** eip155 chains the wallet can switch among (default `[31337]`). */
  evmChainIds?: number[]
  /** Devnet account (0..4) the page signs with (default 0). */
  accountIndex?: number
  /** Makes the page a smart wallet (see `DevnetWalletOptions.smartAccount`). */
  smartAccount?: { bundlerUrl: string }
}

type Child = Node | string | false | null | undefined

function h(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  for (const child of children) if (child) element.append(child)
  return element
}

function button(label: string, testId: string, onClick: () => Promise<unknown>): HTMLButtonElement {
  const b = h('button', { type: 'button', 'data-testid': testId }, label) as HTMLButtonElement
  b.addEventListener('click', () => {
    b.disabled = true
    onClick()
      .catch((error) => showError(error))
      .finally(() => {
        b.disabled = false
      })
  })
  return b
}

function $(id: string): HTMLElement {
  const element = document.getElementById(id)
  if (!element) throw new Error(`#${id} missing from the page`)
  return element
}

function showError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error)
  $('status').textContent = `Error: ${message}`
}

function namespaceList(namespaces: Record<string, { chains?: string[]; methods?: string[] }>): HTMLElement {
  const list = h('ul')
  for (const [key, ns] of Object.entries(namespaces))
    list.append(h('li', {}, h('strong', {}, key), `: ${(ns.chains ?? [key]).join(', ')}`))
  return list
}

function renderProposal(proposal: PendingProposal) {
  const verified = proposal.verifyContext.verified
  const requested = { ...proposal.requiredNamespaces, ...proposal.optionalNamespaces }
  const title = `Session proposal from ${proposal.proposer.name}`
  const card = h(
    'section',
    { 'data-testid': 'proposal', 'aria-label': title, class: 'card' },
    h('h3', {}, title),
    h('p', {}, 'URL: ', h('span', { 'data-testid': 'proposal-url' }, proposal.proposer.url)),
    h(
      'p',
      {},
      'Verify: ',
      h(
        'span',
        { 'data-testid': 'proposal-verify' },
        `${verified.validation}${verified.isScam ? ' (SCAM)' : ''} (${verified.origin})`,
      ),
    ),
    h('p', {}, 'Requested namespaces and chains:'),
    namespaceList(requested),
  )
  const decide = (action: () => Promise<unknown>) => async () => {
    try {
      await action()
    } finally {
      card.remove()
    }
  }
  card.append(
    button(
      'Approve',
      'approve-proposal',
      decide(() => proposal.approve()),
    ),
    ' ',
    button(
      'Reject',
      'reject-proposal',
      decide(() => proposal.reject()),
    ),
  )
  $('proposals').append(card)
}

function renderRequest(request: PendingRequest) {
  const title = `${request.method} on ${request.chainId}`
  const card = h(
    'section',
    { 'data-testid': 'request', 'aria-label': `Request ${title}`, class: 'card' },
    h('h3', {}, h('span', { 'data-testid': 'request-method' }, request.method)),
    h('p', {}, 'Chain: ', h('span', { 'data-testid': 'request-chain' }, request.chainId)),
    request.peer && h('p', {}, `From: ${request.peer.name} (${request.peer.url})`),
    h('pre', { 'data-testid': 'request-params' }, previewParams(request.method, request.params)),
  )
  const decide = (action: () => Promise<Awaited<ReturnType<PendingRequest['approve']>>>) => async () => {
    const response = await action()
    card.remove()
    const outcome =
      'result' in response
        ? `approved: ${JSON.stringify(response.result)}`
        : `error ${response.error.code}: ${response.error.message}`
    $('answered').prepend(
      h(
        'li',
        { 'data-testid': 'answered-request' },
        `${request.method} on ${request.chainId} — `,
        h('span', { 'data-testid': 'request-result' }, outcome),
      ),
    )
  }
  card.append(
    button(
      'Approve',
      'approve-request',
      decide(() => request.approve()),
    ),
    ' ',
    button(
      'Reject',
      'reject-request',
      decide(() => request.reject()),
    ),
  )
  $('requests').append(card)
}

function renderSessions(wallet: DevnetWallet, sessions: SessionTypes.Struct[]) {
  const container = $('sessions')
  container.replaceChildren()
  if (sessions.length === 0) container.append(h('p', { 'data-testid': 'no-session' }, 'No session.'))
  for (const session of sessions) {
    const accounts = h('ul')
    for (const [key, ns] of Object.entries(session.namespaces))
      for (const account of ns.accounts) accounts.append(h('li', { 'data-namespace': key }, account))
    container.append(
      h(
        'section',
        { 'data-testid': 'session', 'aria-label': `Session with ${session.peer.metadata.name}`, class: 'card' },
        h('h3', {}, `Connected to ${session.peer.metadata.name}`),
        h('p', {}, session.peer.metadata.url),
        accounts,
        button('Disconnect', 'disconnect', () => wallet.disconnect(session.topic)),
      ),
    )
  }
}

function uriFromLocation(): string | undefined {
  const fromQuery = new URLSearchParams(location.search).get('uri')
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('uri')
  return fromQuery ?? fromHash ?? undefined
}

async function main() {
  const config = JSON.parse($('portico-wallet-config').textContent ?? '{}') as WebWalletConfig
  const wallet = await createDevnetWallet({
    ...config,
    storagePrefix: 'portico-web-wallet',
    // IndexedDB, as a wallet app keeps its sessions: closed and opened again, it is still paired.
    storage: 'sdk-default',
    metadata: { name: 'Portico Devnet Web Wallet', url: location.origin },
    autoApprove: { proposals: 'manual', requests: 'manual' },
  })
  ;(globalThis as { porticoDevnetWallet?: DevnetWallet }).porticoDevnetWallet = wallet

  const accounts = $('accounts')
  for (const [ns, account] of Object.entries(wallet.accounts))
    accounts.append(h('li', {}, h('strong', {}, ns), ` ${account.chainId}: `, h('code', {}, account.address)))

  wallet.subscribe((event) => {
    if (event.type === 'proposal') renderProposal(event.proposal)
    else if (event.type === 'request') renderRequest(event.request)
    else if (event.type === 'sessions') renderSessions(wallet, event.sessions)
  })
  renderSessions(wallet, wallet.sessions())

  const input = $('pair-uri') as HTMLTextAreaElement
  const pair = async (uri: string) => {
    $('status').textContent = 'Pairing…'
    await wallet.pair(uri.trim())
    $('status').textContent = 'Paired; waiting for the proposal.'
    input.value = ''
  }
  $('pair-form').addEventListener('submit', (event) => {
    event.preventDefault()
    pair(input.value).catch(showError)
  })
  const deepLink = uriFromLocation()
  document.body.dataset.ready = 'true'
  $('status').textContent = 'Ready.'
  if (deepLink !== undefined) {
    const problem = deepLinkProblem(deepLink)
    if (problem) {
      $('status').textContent = `Error: ${problem}`
      return
    }
    input.value = deepLink
    await pair(deepLink).catch(showError)
  }
}

main().catch(showError)
