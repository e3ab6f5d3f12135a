// An account as a user sees it, against the devnet's profile service: where a name points to an
// account, the account button, the Account view's header and the activity rows show the name and
// the profile's picture (its `avatar` attribute, from the reverse lookup) instead of the short
// address and the generated avatar; a picture from a host outside the kit's image rule is never
// loaded (the generated avatar stays), and an account without a name keeps its address.
import { createWalletClient, http, parseEther } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness } from '../../test/harness.js'
import { accountViewSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'
import { registerNameAt } from '../../test/devnetApi.js'

const devnet = inject('devnet')
const projectId = 'profile-identity'
const cleanups: (() => void)[] = []
const wait = { timeout: 30_000 }

afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

const label = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`
const picture = (colour: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="${colour}"/></svg>`)}`

const registerName = (account: PrivateKeyAccount, name: string, attributes: Record<string, string>) =>
  registerNameAt(account, name, { projectId, attributes })

async function rpc(method: string, params: unknown[]) {
  const response = await fetch(devnet.evmRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  expect(response.ok).toBe(true)
}

/** Sends 0.01 ETH from `from` to each of `to`, mined on the devnet chain before it returns. */
async function sendEach(from: PrivateKeyAccount, to: `0x${string}`[]) {
  await rpc('anvil_setBalance', [from.address, '0x8ac7230489e80000'])
  const client = createWalletClient({ account: from, chain: foundry, transport: http(devnet.evmRpcUrl) })
  for (const address of to) await client.sendTransaction({ to: address, value: parseEther('0.01') })
}

async function mount(accountKey: `0x${string}`) {
  const harness = await createHarness({
    connected: true,
    accountKey,
    projectId,
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
  })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <ConnectButton />
    </harness.Wrapper>,
  )
}

const avatarsIn = (root: ParentNode) => [...root.querySelectorAll<HTMLImageElement>('img[data-slot="profile-avatar"]')]
const shown = (img: HTMLImageElement) =>
  img.complete && img.naturalWidth > 0 && getComputedStyle(img).display !== 'none'

test('a named account: its name and picture on the button, in the Account view and on the activity rows of those it paid', async () => {
  const myKey = generatePrivateKey()
  const me = privateKeyToAccount(myKey)
  const friend = privateKeyToAccount(generatePrivateKey())
  const stranger = privateKeyToAccount(generatePrivateKey())
  const anonymous = privateKeyToAccount(generatePrivateKey())
  const myName = `${label('me')}.reown.id`
  const friendName = `${label('friend')}.reown.id`
  const strangerName = `${label('far')}.wcn.id`
  const mine = picture('#d33')
  const friends = picture('#3a3')
  await registerName(me, myName, { avatar: mine })
  await registerName(friend, friendName, { avatar: friends, bio: 'hi' })
  // A picture on a host the kit does not load images from: a tracker the name's owner chose.
  await registerName(stranger, strangerName, { avatar: 'http://127.0.0.1:9/pixel.png' })
  await sendEach(me, [friend.address, stranger.address, anonymous.address])
  await mount(myKey)

  // The button: the name instead of the short address, the picture instead of the generated avatar.
  const button = page.getByRole('button', { name: new RegExp(myName.replace(/\./g, '\\.')) })
  await expect.element(button, wait).toBeVisible()
  const buttonEl = button.element() as HTMLElement
  await expect
    .poll(
      () =>
        avatarsIn(buttonEl)
          .filter(shown)
          .map((img) => img.src),
      wait,
    )
    .toEqual([mine])
  expect(buttonEl.textContent).not.toMatch(/0x/i)
  // The generated avatar gave way: one picture in the button, not two.
  expect(buttonEl.querySelectorAll('[aria-hidden="true"][style*="radial-gradient"]')).toHaveLength(0)

  // The Account view's header.
  await userEvent.click(button)
  const head = page.getByRole('dialog')
  await expect.element(head.getByText(myName, { exact: true }), wait).toBeVisible()
  const view = document.querySelector('[data-slot="account-view"]') as HTMLElement
  await expect
    .poll(
      () =>
        avatarsIn(view)
          .filter(shown)
          .map((img) => img.src),
      wait,
    )
    .toEqual([mine])

  // Activity: each counterparty by its name and picture where it has them.
  await accountViewSettled()
  await userEvent.click(page.getByRole('tab', { name: 'Activity' }))
  const rows = () => [...document.querySelectorAll<HTMLElement>('[data-slot="activity-row"][data-type="send"]')]
  // Case-blind: an address is shown in lower case, and its checksummed form has capitals.
  const rowOf = (text: string) => rows().find((row) => row.textContent?.toLowerCase().includes(text.toLowerCase()))
  await expect.poll(() => rows().length, wait).toBe(3)
  await expect.poll(() => rowOf(friendName) !== undefined, wait).toBe(true)
  await expect
    .poll(
      () =>
        avatarsIn(rowOf(friendName) as HTMLElement)
          .filter(shown)
          .map((i) => i.src),
      wait,
    )
    .toEqual([friends])
  // A name whose picture is on a host outside the image rule: the name, the generated avatar, and
  // no request for the picture.
  await expect.poll(() => rowOf(strangerName) !== undefined, wait).toBe(true)
  expect(avatarsIn(rowOf(strangerName) as HTMLElement)).toEqual([])
  expect(performance.getEntriesByType('resource').some((entry) => entry.name.includes('pixel.png'))).toBe(false)
  // No name: the short address, the generated avatar.
  const plain = rowOf(anonymous.address.slice(-4))
  expect(
    plain,
    rows()
      .map((r) => r.textContent)
      .join('\n'),
  ).toBeDefined()
  expect(avatarsIn(plain as HTMLElement)).toEqual([])
  expect(
    (plain as HTMLElement).querySelector('[data-slot="activity-counterparty"] [style*="radial-gradient"]'),
  ).not.toBeNull()
})

test('an account without a name keeps its short address and generated avatar', async () => {
  const key = generatePrivateKey()
  const { address } = privateKeyToAccount(key)
  await mount(key)
  const button = page.getByRole('button', { name: new RegExp(`${address.slice(0, 4)}…`) })
  await expect.element(button, wait).toBeVisible()
  // The lookup has answered (nothing for this address) and nothing changed.
  await expect
    .poll(async () => {
      const response = await fetch(
        `${devnet.apiUrl}/v1/profile/reverse/${address}?projectId=${projectId}&st=appkit&sv=test`,
      )
      return response.json()
    })
    .toEqual([])
  const buttonEl = button.element() as HTMLElement
  expect(avatarsIn(buttonEl)).toEqual([])
  expect(buttonEl.querySelector('[style*="radial-gradient"]')).not.toBeNull()
})
