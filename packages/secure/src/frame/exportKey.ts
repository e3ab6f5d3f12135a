import { base58 } from '@scure/base'
import { bytesToHex } from 'viem'
import { frameTexts } from '../protocol/texts.js'
import { guardButton, type PromptHost } from './approval.js'
import type { Namespace } from './keys.js'
import { RpcError } from './rpcError.js'
import { button, showPrompt } from './ui.js'
import { guardPrompt, type PromptGuard } from './visibility.js'

/** The key in the form wallets import: 0x-hex for eip155, base58 of the 64-byte keypair for solana. */
export function formatSecret(namespace: Namespace, secret: Uint8Array, address: string): string {
  if (namespace === 'eip155') return bytesToHex(secret)
  const pair = new Uint8Array(64)
  pair.set(secret, 0)
  pair.set(base58.decode(address), 32)
  try {
    return base58.encode(pair)
  } finally {
    pair.fill(0)
  }
}

const names: Record<Namespace, string> = { eip155: 'Ethereum (EVM)', solana: 'Solana' }

/**
 * Shows the user their private key inside this document. The key is rebuilt only after a trusted
 * click on "Reveal key" in the frame, counted like an approval (the prompt visibly on top for the
 * approval delay), drawn as text here, and removed from the document when the prompt closes.
 * Nothing about the key is ever posted to the host: the request resolves with an empty reply when
 * the user closes the prompt, or rejects (4001) when they cancel before revealing.
 */
export function showExport(options: {
  namespace: Namespace
  address: string
  origin: string
  withSecret: <T>(use: (secret: Uint8Array) => T) => Promise<T>
  host: PromptHost
}): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let revealed = false
    let guard: PromptGuard | undefined
    showPrompt(
      {
        title: 'Export private key',
        origin: options.origin,
        onClose: () => {
          guard?.stop()
          options.host.show(false)
          if (revealed) resolve()
          else reject(new RpcError(frameTexts.rejected, 4001))
        },
      },
      ({ card, body, alert, actions }, close) => {
        const account = document.createElement('dl')
        const dt = document.createElement('dt')
        dt.textContent = `${names[options.namespace]} account`
        const dd = document.createElement('dd')
        dd.textContent = options.address
        account.append(dt, dd)
        const warning = document.createElement('p')
        warning.className = 'warning'
        warning.setAttribute('role', 'note')
        warning.textContent =
          'Anyone with this key controls this wallet and its funds. Never share it or paste it into a website; no one from the app will ever ask for it.'
        const note = document.createElement('p')
        note.className = 'note'
        note.textContent = 'The key is shown here, in the wallet’s own page; the app you are on cannot read it.'
        const output = document.createElement('output')
        output.className = 'secret'
        output.hidden = true
        output.setAttribute('aria-label', 'Private key')
        output.dataset.porticoSecret = ''
        const cancel = button('Cancel', 'reject')
        const reveal = button('Reveal key', 'approve')
        actions.append(cancel, reveal)
        body.append(account, warning, note, output)
        cancel.addEventListener('click', close)
        const currentGuard = guardPrompt(card, (state) => {
          if (!reveal.disabled) reveal.setAttribute('aria-disabled', String(state !== 'armed'))
        })
        guard = currentGuard
        // A script-dispatched click (never possible from the host, but still) reveals nothing.
        guardButton(reveal, currentGuard, alert, options.host, async () => {
          if (revealed) return
          reveal.disabled = true
          try {
            output.textContent = await options.withSecret((secret) =>
              formatSecret(options.namespace, secret, options.address),
            )
          } catch (error) {
            reveal.disabled = false
            output.hidden = false
            output.textContent = error instanceof Error ? error.message : frameTexts.noMessage
            return
          }
          revealed = true
          output.hidden = false
          const copy = button('Copy', 'reject')
          // Only the user's own click copies: a script in this origin must not put the key on the
          // system clipboard (other apps and clipboard histories read it).
          copy.addEventListener('click', (event) => {
            if (!event.isTrusted) return
            navigator.clipboard?.writeText(output.textContent ?? '').then(
              () => {
                copy.textContent = 'Copied'
              },
              () => {
                copy.textContent = 'Select the key and copy it'
              },
            )
          })
          const done = button('Done', 'approve')
          done.addEventListener('click', close)
          actions.replaceChildren(copy, done)
          done.focus()
        })
        return reveal
      },
    )
    options.host.show(true)
  })
}
