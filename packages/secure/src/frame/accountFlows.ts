import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { frameTexts } from '../protocol/texts.js'
import { guardButton, type PromptHost } from './approval.js'
import type { AuthApi } from './authApi.js'
import type { Namespace, RecoveryPolicy } from './keys.js'
import { newRecoveryCode, openWithCode, type RecoveryMode, WrongRecoveryCodeError } from './recovery.js'
import { RpcError } from './rpcError.js'
import { button, showAlert, showPrompt } from './ui.js'
import { guardPrompt } from './visibility.js'

/**
 * The frame's own prompts for passkeys, recovery codes and account deletion. Each runs inside the
 * frame's document, on the frame's origin: a passkey ceremony needs the click to happen here (the
 * browser asks for a user gesture in the frame, and binds the passkey to this origin), and a
 * recovery code or a deletion warning must be read where the page cannot change it.
 */

type Step<T> = { title: string; text: string; action: string; run: () => Promise<T> }

/** A prompt with one text and one button whose (trusted) click runs `run`; errors show and let the user retry. */
function promptStep<T>(step: Step<T>, origin: string, host: PromptHost): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false
    showPrompt(
      {
        title: step.title,
        origin,
        onClose: () => {
          host.show(false)
          if (!done) reject(new RpcError(frameTexts.rejected, 4001))
        },
      },
      ({ body, alert, actions }, close) => {
        const text = document.createElement('p')
        text.textContent = step.text
        body.append(text)
        const cancel = button('Cancel', 'reject')
        const go = button(step.action, 'approve')
        actions.append(cancel, go)
        cancel.addEventListener('click', close)
        go.addEventListener('click', async (event) => {
          if (!event.isTrusted || go.disabled) return
          go.disabled = true
          try {
            const result = await step.run()
            done = true
            close()
            resolve(result)
          } catch (error) {
            go.disabled = false
            showAlert(alert, error instanceof Error ? error.message : frameTexts.noMessage)
          }
        })
        return go
      },
    )
    host.show(true)
  })
}

/** Makes a passkey for the signed-in user (a click in the frame starts the browser's dialog). */
export function registerPasskey(api: AuthApi, origin: string, host: PromptHost): Promise<{ id: string }> {
  return promptStep(
    {
      title: 'Create a passkey',
      text: 'Sign in to this wallet with your fingerprint, face or screen lock instead of an email code. The passkey belongs to the wallet, not to the site you are on.',
      action: 'Create passkey',
      run: async () => {
        const { challengeId, options } = await api.passkeyRegisterOptions()
        return (await api.passkeyRegister(challengeId, await startRegistration({ optionsJSON: options }))).passkey
      },
    },
    origin,
    host,
  )
}

/** Signs in with a passkey alone; resolves with the session the auth server opened. */
export function loginWithPasskey(api: AuthApi, origin: string, host: PromptHost) {
  return promptStep(
    {
      title: 'Sign in with a passkey',
      text: 'Use the passkey you made for this wallet.',
      action: 'Use passkey',
      run: async () => {
        const { challengeId, options } = await api.passkeyLoginOptions()
        return api.passkeyLogin(challengeId, await startAuthentication({ optionsJSON: options }))
      },
    },
    origin,
    host,
  )
}

/** Approves this new device's pending email login with a passkey, instead of the link in the mail. */
export function approveDeviceWithPasskey(api: AuthApi, loginChallengeId: string, origin: string, host: PromptHost) {
  return promptStep(
    {
      title: 'Approve this device',
      text: 'Use a passkey of this wallet to approve this device; the email code follows.',
      action: 'Use passkey',
      run: async () => {
        const { challengeId, options } = await api.passkeyApproveOptions(loginChallengeId)
        return api.passkeyApprove(challengeId, await startAuthentication({ optionsJSON: options }))
      },
    },
    origin,
    host,
  )
}

/** Shows a new recovery code once; resolves when the user says they kept it. */
function showNewCode(origin: string, host: PromptHost): Promise<string> {
  const code = newRecoveryCode()
  return new Promise<string>((resolve, reject) => {
    let kept = false
    showPrompt(
      {
        title: 'Your recovery code',
        origin,
        onClose: () => {
          host.show(false)
          if (kept) resolve(code)
          else reject(new RpcError(frameTexts.rejected, 4001))
        },
      },
      ({ body, actions }, close) => {
        const text = document.createElement('p')
        text.textContent =
          'Write this code down and keep it safe. On a new device you will need it together with your email: nobody else, not even the wallet’s operator, can recover your wallet without it. It is shown only this once.'
        const output = document.createElement('output')
        output.className = 'secret'
        output.dataset.porticoRecoveryCode = ''
        output.textContent = code
        body.append(text, output)
        const ok = button('I have saved it', 'approve')
        actions.append(ok)
        ok.addEventListener('click', (event) => {
          if (!event.isTrusted) return
          kept = true
          close()
        })
        return ok
      },
    )
    host.show(true)
  })
}

/** Asks for the recovery code until it opens the share (or the user cancels). */
function askForCode(sealed: Uint8Array, address: string, namespace: Namespace, origin: string, host: PromptHost) {
  return new Promise<Uint8Array>((resolve, reject) => {
    let opened: Uint8Array | undefined
    showPrompt(
      {
        title: 'Enter your recovery code',
        origin,
        onClose: () => {
          host.show(false)
          if (opened) resolve(opened)
          else reject(new RpcError(frameTexts.rejected, 4001))
        },
      },
      ({ body, alert, actions }, close) => {
        const text = document.createElement('p')
        text.textContent = `This device needs your recovery code to open your ${namespace === 'eip155' ? 'Ethereum' : 'Solana'} wallet ${address}.`
        const input = document.createElement('input')
        input.autocomplete = 'off'
        input.spellcheck = false
        input.setAttribute('aria-label', 'Recovery code')
        body.append(text, input)
        const cancel = button('Cancel', 'reject')
        const go = button('Recover wallet', 'approve')
        actions.append(cancel, go)
        cancel.addEventListener('click', close)
        go.addEventListener('click', async (event) => {
          if (!event.isTrusted || go.disabled) return
          go.disabled = true
          try {
            opened = await openWithCode(sealed, input.value, address)
            close()
          } catch (error) {
            go.disabled = false
            showAlert(alert, error instanceof WrongRecoveryCodeError ? error.message : frameTexts.noMessage)
          }
        })
        return input
      },
    )
    host.show(true)
  })
}

/** The recovery policy of this frame: its mode, and the prompts that show or ask for the code. */
export function recoveryPolicy(mode: RecoveryMode, origin: string, host: PromptHost): RecoveryPolicy {
  let code: Promise<string> | undefined
  return {
    mode,
    newCode: () => {
      code ??= showNewCode(origin, host).finally(() => {
        code = undefined
      })
      return code
    },
    openShare: (sealed, address, namespace) => askForCode(sealed, address, namespace, origin, host),
  }
}

/**
 * Deletes the account after a click on an armed prompt that says what is lost: the server's shares
 * (and so the wallets, unless their keys were exported), passkeys and sessions. Resolves with the
 * keys that were destroyed.
 */
export function deleteAccount(
  api: AuthApi,
  options: {
    /** The account's email address; empty for a social or Farcaster login, confirmed by its user id. */
    email: string
    userId: string
    addresses: Record<Namespace, string> | undefined
    origin: string
    host: PromptHost
  },
): Promise<{ namespace: string; address: string }[]> {
  return new Promise((resolve, reject) => {
    let result: { namespace: string; address: string }[] | undefined
    let stop: (() => void) | undefined
    showPrompt(
      {
        title: 'Delete account',
        origin: options.origin,
        onClose: () => {
          stop?.()
          options.host.show(false)
          if (result) resolve(result)
          else reject(new RpcError(frameTexts.rejected, 4001))
        },
      },
      ({ card, body, alert, actions }, close) => {
        const warning = document.createElement('p')
        warning.className = 'warning'
        warning.setAttribute('role', 'note')
        warning.dataset.porticoLoss = ''
        const wallets = Object.values(options.addresses ?? {}).join(', ')
        warning.textContent = `This deletes ${options.email || 'this account'}, its passkeys and every share of its keys, on the server and on this device. The wallets ${wallets || '(none yet)'} and any funds in them are lost for good unless you exported their private keys first. This cannot be undone.`
        body.append(warning)
        const cancel = button('Cancel', 'reject')
        const confirm = button('Delete account', 'approve')
        actions.append(cancel, confirm)
        cancel.addEventListener('click', close)
        const guard = guardPrompt(card, (state) => confirm.setAttribute('aria-disabled', String(state !== 'armed')))
        stop = () => guard.stop()
        guardButton(confirm, guard, alert, options.host, async () => {
          confirm.disabled = true
          try {
            result = (await api.deleteAccount(options.email || options.userId)).keys
            close()
          } catch (error) {
            confirm.disabled = false
            showAlert(alert, error instanceof Error ? error.message : frameTexts.noMessage)
          }
        })
        return cancel
      },
    )
    options.host.show(true)
  })
}
