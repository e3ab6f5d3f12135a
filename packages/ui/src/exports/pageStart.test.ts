import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Metafile, type Plugin } from 'esbuild'
import { afterAll, beforeAll, expect, test } from 'vitest'
// @ts-expect-error: a plain .mjs script shared with bench/run.mjs (no declarations)
import { extractPortico, packPortico, root } from '../../../../scripts/pack-portico.mjs'

/**
 * Budgets of what users install: the packages are packed (`pnpm pack` of the built `dist`, as
 * published) and bundled by esbuild with its default conditions, as a host app would. `npm test`
 * builds the packages before Vitest runs; run `npm run build` first when running this file alone.
 *
 * Deterministic: same tarballs, same bundler, same options; a regression fails CI.
 */

/** Page-start budgets in KiB gzip. The target: the prebuilt page, React included, ≤ 140. */
// This wave: dropping ox's address module took the prebuilt page 139.4 -> 128.5; the features
// (send, swap, buy, sign-in, batched calls, SSR) then brought it back to 138.2 in 26 files. They
// are lazy, but esbuild splits by file: every module the main entry can reach that a lazy view uses
// is placed at page start (hence the /swap, /onramp, /siwx, /calls, /embedded entries), and many
// small shared chunks compress worse than one. Then joining page start into one entry set
// (scripts/join-page-start.mjs) took it to 132.4 in 5 files. The guards sit just above today's figures.
// The kit alone: +0.2 for the slot that ties an email login's prompts to the modal from page load on
// (a bug fix: a session restored at page load signed with no modal to approve in); +0.02 for the UI's
// one React import (src/react.ts), which keeps ~100 KB of per-module CommonJS wrappers out of the heap;
// +0.1 for resolveThemeVariables (the theme's colours parsed once, not twice, before the first paint)
// and the two theme-variable fixes its test found; +0.08 (49.44) for icons' URLs and allowed image
// origins built once instead of per icon (~70 and ~40 ms of a profiled scroll pass through All
// Wallets at 4x CPU throttling; both modules are page start, as the connect button shows icons).
// The pages with createPortico: +1.2 (134.63, 139.15) for the plain checks of its options
// (kernel/optionsChecks.ts, now its one validator), so that valid options build no zod schema before the button
// paints: createPortico went from ~44 to ~17 ms at 4x CPU throttling, ~7 to ~3 ms unthrottled.
// The kit alone: +0.25 (49.53 measured) for the wallet directory's search pages of 100 (the spec)
// in its query options, which the main entry exports.
// +1.5 on every page (51.23, 136.21, 140.78 measured) for the double-click guard on the click path
// (kernel/state/singleFlight.ts, around connect, request, signMessage and switchNetwork: a second
// click joins the first instead of asking the wallet twice) and for the send feature, which the
// main entry still re-exports: with the send twins gone, its code is reachable from page start.
// Giving send its own entry (as swap, calls and on-ramp have) is the structural way back under the
// earlier budgets; until then this growth is recorded here, not hidden.
// Then send, activity, identity and WalletConnect got their own entries (the main entries import
// no feature any more): -4.4 on every page (46.79, 131.59, 136.17 measured), below the budgets
// before the restructure. Their code moved into the chunks of the views that use them (the
// Connect views +~1 KiB each for WalletConnect's preload/prepare, Send's +~2.5 KiB), not gone.
// +0.26 on the React pages (132.16, 136.70 measured; the kit alone 47.00, within its budget) for
// names: the table's two slots of the names views and the account button's profile-name slot,
// which shows `alice.reown.id` instead of the short address. Only the slot is page start: the
// reverse lookup, the views and their text load lazily (their own rows below).
// +0.1 on the page with both adapters (136.78 measured; the others within theirs: 47.02, 132.23)
// for what the kernel now carries: the alerts that tell a user the wallet ended or let expire its
// WalletConnect session, the embedded user's fields in the account state, the `accountNames` flag
// of host-added wallets, and the 'Connect a wallet for {network}' line after a switch to a
// namespace with no wallet. Recorded, not hidden: the page start is 0.36 KiB over last measure.
// +0.1 on the React pages (132.32, 136.87 measured; the kit alone 47.05, within its budget) for
// the options the Connect view's new rows and legal line read: `termsConditionsUrl` and
// `privacyPolicyUrl` (checked at createPortico, since they become links) and the host's
// `includeWalletIds` / `excludeWalletIds` applied to every directory request. The rows, the legal
// line and its text are lazy (ConnectView, LegalConsent, legal.* below). A first try gave the
// featured and recommended wallets a hook of their own in headless: +0.3 at page start, because
// esbuild keeps a module the main entry re-exports in the page-start chunk when a lazy chunk uses
// it; the Connect view builds them from `useWalletDirectory` instead.
// +0.06 on the React pages (132.38, 136.94 measured) for the `bundlerMap` and `paymasterMap`
// options (a bundler and a paymaster per network for the embedded wallet's smart account), checked
// at createPortico; everything of the smart account itself is lazy.
// +0.13 on the React pages (132.36, 136.90 measured; the kit alone 47.14, within its budget; from
// 132.23, 136.78, 47.02) for multi-wallet: the table's slot of the ProfileWallets view (its lazy
// chunk's name is what gzip cannot shrink) and `disconnect({ connection })` handing the wallet to
// the multi-wallet list. Nothing else of the feature is page start: the list starts with its first
// reader (no lifecycle row), the view, its entry in the Account view and its text load lazily.
// All of this wave together, measured after the merges: 47.14, 132.47, 137.03.
// +0.25 on the React pages (132.75, 137.31 measured; the kit alone 47.17, within its budget) for
// the `customWallets` option, checked by both option validators at createPortico (the plain
// checks and zod's wording), and the 'Session Expired' alert. Recorded, not hidden: everything
// else of the custom wallets, the collapsed wallets row, the branding line, the allowed-origins
// check and the analytics journey is lazy (ConnectView, ConnectMore, more.*, origins, Modal).
// +0.06 on the React pages for the account button's profile picture: the generated avatar now
// stands in the profile-name slot as its fallback (one more slot element and its `avatar` size),
// so a named account shows its picture. The lookup, the image rule and the picture load lazily
// with the name's chunk. Recorded, not hidden.
// +0.05 on the kit alone (47.26 measured, from 47.21) for the pay panel: the public `usePay` hook
// and the Pay view's slot in the table. The React pages stay as they were (132.80 and 137.37
// measured, from 132.80 and 137.36): the hook is tree-shaken there, and the request's checks, the
// panel and its text are lazy (PayView, pay.* below); `usePay` reaches the checks through the
// view's own chunk, so page start holds no second chunk name. Recorded, not hidden.
// +0.1 on every page (47.39, 132.93, 137.50 measured, from 47.30, 132.80, 137.38) for the header's
// network button showing its network's mark instead of a letter: the hook that loads the marks
// after the button is on screen (components/lazyMarks.ts) and the image's mark fallback, which also
// stands in when a configured image does not load. The marks themselves (1.15 KiB) stay lazy.
// +0.03 on the kit alone (47.43) for the spec's INTERNAL_SDK_ERROR alert when an adapter's wallet
// discovery fails to start (kernel/state/discovery.ts; it was a warning in the console only).
// +0.03 on the kit alone (47.45 measured, from 47.42) for the spec's "test networks show 0.00":
// getBalance zeroes the price and value of a test network's balances. The React pages hold
// (132.94, 137.52). Recorded, not hidden. 47.46 measured after the embedded views' lazy chunks
// changed (their names, imported from page start, change with them), so 47.48.
// Lowered with the measure itself, not the code: chunk names' hashes are now measured as one fixed
// name (see withoutHashes), so the same build gives the same figure on every run. 47.12, 132.54
// and 137.10 measured (the hashes had cost ~0.35-0.4 KiB of gzip and moved a few bytes per run).
// The README's quick start (getDefaultConfig with its EVM and Solana networks): 137.28 measured once
// the Polkadot, Bitcoin and Cosmos networks brought their own adapters, which getDefaultConfig had
// imported for every page (the adapters' absence is asserted too, so a budget alone does not hold it).
// Both Solana pages lowered by 2.6 KiB: a Solana wallet's signing and @scure/base's codecs load with
// its first signature (kernel/adapters/solana/walletStandardSigning.ts), not with the wallet list
// (134.48 and 134.66 measured).
// zod left page start (2026-12-02): the kernel checks its input (options, storage, the hosted
// services' answers) with its own checks (kernel/utils/check.ts; a lint rule keeps zod out of the
// kernel), so zod is fetched with the first view or verb that uses it. -6.8 to -11.9 on every page
// (40.40, 123.23, 125.23, 125.41 measured, from 47.12, 132.54, 134.48, 137.28 with the options'
// second validator and zod's core gone), and the 33 lazy chunks that use zod +7.4-7.9 each (below;
// the sign-in chunks, whose session check left zod too, are back at their budgets).
// Then +0.04 on every page (40.45, 123.31, 125.27, 125.45 measured) for records that define their
// keys instead of assigning them, so a `"__proto__"` key in stored JSON never becomes a prototype.
// Errors became types in the entries (2026-12-05): the error classes only features throw no longer
// ride in the main entry, so they left page start for the chunks that throw them. -0.37 to -0.42 on
// every page (40.05, 122.93, 124.89, 125.08 measured), budgets lowered to the measure plus ~0.05.
// Then +0.05 to +0.06 on every page (2026-12-06; 40.10, 122.99, 124.94, 125.13 measured) for three
// fixes in code page start runs: a hosted call's 10 s timeout covers its body (a stalled body hung
// for ever), a wallet swapping a secondary account updates the list, and a wallet error whose cause
// chain loops no longer overflows the stack. Budgets are the measure plus 0.02.
// -0.03 to -0.04 (2026-12-07; 40.08, 122.95, 124.91, 125.10) when the themes' fallback warnings
// were folded; then +0.04 to +0.05 (40.12, 122.99, 124.96, 125.15 measured) for a wallet whose
// event API throws, or gives back a stop that throws (an extension's bug, a host's own connector):
// connecting and disconnecting failed; now they work, with a warning (kernel/state/connection.ts,
// `listenToWallet`). Recorded, not hidden; budgets are the measure plus 0.02.
// Then +0.06 on every page (40.18, 123.05, 125.02, 125.21 measured) for the modal whose code
// cannot arrive (offline, a deploy that replaced its chunk): the button's click did nothing, with no
// warning, until a reload; now the modal closes again with a warning and the next opening fetches it
// anew (PorticoUI, modal/lazy.ts's attempts). Recorded, not hidden; budgets are the measure plus 0.02.
// Then +0.15 on the kit alone (its whole main entry: 40.33 measured; the pages with React, which
// use neither, unchanged) for usePay's typed PayUnavailableError when the pay panel's code cannot
// arrive (was the browser's TypeError; a module of its own, so the other pay errors stay lazy) and
// the embedded modal's Try again in its place (was an empty box). Recorded, not hidden.
// Then +0.03 to +0.04 on every page (40.37, 123.09, 125.06, 125.25 measured): each opening and
// closing is an attempt of its own at the modal's code (a count in PorticoUI), so a failure seen at
// an earlier opening no longer closes the modal again while its code is on its way (a fresh-clone
// run caught it: the click after a failure closed the modal at once), and a host whose controlled
// `open` stays true is not sent fetching in a loop. Budgets are the measure plus 0.02.
// Then +0.07 on every page (40.44, 123.16, 125.13, 125.32 measured): `useModal().open({ view })`
// with a name the modal does not have threw the engine's "Cannot read properties of undefined" from
// deep inside the kit; it now throws a Portico error naming the view at the call (useModal.ts; no
// class of its own, which measured +0.09). Folding the kit's three Try again buttons into one
// shared component was tried and measured +0.07 more on every page (the module joins page start
// with the embedded modal's) and +0.11 on the Account view's chunk (a shared chunk of its own), so
// each stays in its own chunk. Recorded, not hidden; budgets are the measure plus 0.02.
const pageStartBudgetKiB = { kitOnly: 40.46, prebuiltPage: 123.18, bothAdapters: 125.15, defaultConfig: 125.34 }
/**
 * Files at page start (the prebuilt page). They are fetched once the entry is parsed, six at a time
 * over HTTP/1.1: 26 of them cost ~100 ms of the bench's navigation -> button. Lazily
 * loaded modules import their package's entry (scripts/join-page-start.mjs), so esbuild puts every
 * page-start module in one entry set: the page start is the entry, React, Portico, esbuild's helpers.
 */
const pageStartFilesBudget = 6

/**
 * What one lazily loaded part costs when it is first opened: its chunk plus the chunks it imports
 * that page start did not load (KiB gzip). Every lazy chunk must have a row, so a new view or
 * feature lands with its own budget and its growth shows in review. Features not built yet keep a
 * `null` row until their chunk exists.
 *
 * Rows raised when code left page start for the chunks that use it (page start fell 4.4 KiB on every
 * page meanwhile): the RPC URL module (+~0.3 KiB in every chunk that reads a chain, since the
 * adapters' getBalance no longer needs it at page start), and the embedded wallet's option
 * factories and flow steps, now in its query.ts and shared by its hooks and its core entry (+~0.85 KiB
 * in every chunk with the embedded entry). Each new row is the measured figure plus up to 0.45.
 *
 * Every row was lowered by its own chunk's drop (0.01-1.06 KiB) when chunk names' hashes came to be
 * measured as one fixed name (see withoutHashes): the margins stay what they were, and the
 * "(… measured)" figures in the notes below read that much higher than today's measure.
 */
// The embedded wallet's chunks (EmailLoginView, UpdateEmailWalletView, ApproveTransactionView,
// EmbeddedAccountRow, restoreEmbedded, EmbeddedWatch, updateEmail, exportEmbeddedWallet,
// embedded, SocialLogins, ConnectingSocialView, registerPasskey, lifecycle, watchSiwx) each
// +0.2-1.3 KiB with smart accounts: the connector sends each network's bundler and paymaster to
// the frame and reads the account type of the user it gets back (features/embedded/
// smartAccount.ts and the options' maps), raised to the next quarter above the measure. Then
// +0.01-0.22 each (raised to the next quarter) for the auth server's messages that raise alerts
// (features/embedded/serverAlerts.ts: origin not allowed, invalid key, Session Expired).
// Then +0.02-0.2 each (raised to the next quarter above the measure) for 'Unverified Domain': the
// frame's `unverified_domain` answer, its typed error (EmbeddedWalletUnverifiedDomainError) and the
// alert it raises; and SiwxAccountStatus +0.02 for the sign step's Sign and Cancel as mutations
// (features/siwx/query.ts), which the analytics journey reports.
// Then the 33 chunks that check with zod (a feature's responses, stored state, emails) each
// +7.4-7.9 KiB, raised to the measure plus 0.03: zod's code, at page start until then, is now
// fetched with the first of them (zod out of the kernel, see pageStartBudgetKiB). The bytes moved,
// they did not grow: the README page's start went down 11.9 KiB.
// Then, errors as types in the entries: the kernel's error classes that only features throw left
// page start (see pageStartBudgetKiB) for the chunks that throw them, raised by their measured growth
// (+0.15-0.33: the send and pay views, sign-in, permissions, the WalletConnect controller, Solana's
// signing); the connect views, which throw none, fell 0.66 each and were lowered as much.
const lazyBudgetKiB: Record<string, number | null> = {
  // @portico/ui: the modal frame (Radix Dialog) and each view.
  Modal: 24.66,
  // +0.3 for the email field's slot (the field itself is the EmailField chunk).
  // 4.55 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // Moved off page start with the /walletconnect entry (prepareWalletConnect): 5.74.
  // 6.57 after the /walletconnect entry gained the typed protocol errors and the log reader and
  // the UI's stores became one (utils/store.ts).
  // 7.55 with the featured and recommended directory rows and the slot of the legal line.
  // 7.99 with the custom wallets' rows and the slots of the collapsed row and branding line.
  // +0.4 when WalletConnect's code moved from the list's paint to intent (walletConnectIntent.ts:
  // All Wallets reaching for it loads the code; a press readies it too): ~142 KiB gzip less on
  // every opening where the user picks an installed wallet.
  // 8.94 with the places held for the directory's rows and the social logins (HeldPlace): the
  // rows no longer move under a pointer while those arrive (tests/e2e/layoutSettled.test.ts).
  // +0.1 with LazyPart, the one slot mechanism that makes every lazy part name its stand-in.
  // 9.23 with one row per wallet (its connectors grouped, their namespaces named: 8.96 before).
  // 9.34 with both; +0.27 with WalletConnect's mark (components/walletConnectMark.ts) for its row.
  // The WalletConnect proposal's method list now asks for the ERC-7715 permission methods of both
  // drafts (smart sessions over WalletConnect): not measurable here (9.25 before and after). The
  // measure rounded up to the hundredth (it sat at its old budget, 9.65, and rounding hid it).
  // +0.01 (a few bytes over 9.26) when `preloadWalletConnect` became `prepareWalletConnect`'s
  // `start: false`: one public verb for readying WalletConnect instead of two.
  // 9.38 (+0.11) when the branding line began waiting for the remote configuration: shown before
  // it, the line came and then went under the pointer when the project turned it off. The modal
  // keeps the answer, so a later opening paints the line at once.
  // 9.54 (+0.16) when a lazy part began saying it is pending while its code loads
  // (components/PartPending, a chunk of its own that the parts' features share): the view is not
  // whole until its parts are in, and a click waits for that instead of landing on a moving row.
  // +0.08 when the pending marker's chunk began carrying the part's stand-in into the
  // loaded part (PartHeld), so a part whose text loads keeps its place (9.63 measured).
  // +0.01 when a connector that pairs remotely stopped sharing a row with one that calls itself
  // the same (an extension named "WalletConnect" took the WalletConnect row; 8.98 measured).
  ConnectView: 8.98,
  // The host's terms and privacy policy in the Connect view (its checkbox or line), and its text
  // in each other language; fetched only when the host gave one of the URLs.
  LegalConsent: 1.88,
  // The collapsed wallets row's label and the branding line, and their text in each other language.
  ConnectMore: 1.41,
  'more.*': 0.38,
  // The text of a view whose code could not load, in each other language (English is in Modal).
  'unavailable.*': 0.25,
  // The allowed-origins matcher, loaded when the project's allow-list is first checked.
  origins: 0.98,
  // The balance caches across reloads (portfolio_cache, native_balance_cache: 30 s), loaded with
  // the first balance read (1.01 measured). Page start pays only the import (+0.03 on each page:
  // 47.20, 132.79, 137.35 measured, within the budgets).
  balanceCache: 1.2,
  // The embedded wallet's smart account: its status and the eoa/smartAccount switch, loaded by
  // the Account view's row and the hooks on first use.
  // +0.1: the embedded wallet's alert texts (frame not loaded, request timed out, unverified domain) load with it, off page start.
  // +0.15 (16.41 measured): the auth server's refusals worded in the user's language (the frame passes its code on,
  // EmbeddedWalletError.authCode; the embedded views' texts and refusalText.ts).
  // EIP-7702 upgrade (16.45 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount with its typed errors (kept by the bundler as classes).
  getSmartAccount: 24.36,
  // +0.20: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.15 (20.48 measured): the auth server's refusals worded in the user's language (the frame passes its code on,
  // EmbeddedWalletError.authCode; the embedded views' texts and refusalText.ts).
  // +0.01-0.06 (20.47 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (20.50 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  setPreferredAccountType: 28.35,
  'legal.*': 0.38,
  // The WalletConnect views' phone and renewed-link texts in one language (0.37).
  'walletconnect.*': 0.47,
  // +0.05 (16.03) for the search request sent at the commit and the list's data-scrolling mark;
  // +0.27 (16.56) for the after-paint helpers it now shares with the Modal chunk (a chunk of its own,
  // 0.9 KiB raw), so a search's answer asks for its icons after the frame that lists it.
  // 16.97 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // 18.87, 5.29 and 7.81 after the same two changes (see ConnectView).
  // 19.47 with the allowed-origins check in the internal entry it imports.
  // 19.77 with WalletConnect's intent handlers on its directory rows (walletConnectIntent.ts).
  // 20.05 with the namespace names its rows share with the Connect view (19.94 before).
  // +0.2 with WalletConnect's mark (components/walletConnectMark.ts) for its row.
  // +0.14 (20.49 measured): one row per wallet app and its namespace pick, shared with Connect.
  // +0.03 (20.52): one hook connects a picked connector and shows its view (useConnectWith), for
  // the four views that had the two lines written out.
  // +0.05 (20.55): analytics events queued per instance in the internal entry it imports, so they
  // arrive in their order.
  AllWalletsView: 19.61,
  ConnectingExternalView: 5.55,
  // 8.10 measured; 9.49 with the phone layout and the renewed-link status: +0.5 of its own code
  // and English text, +0.9 for the feature-messages reader, which the Modal chunk (loaded before
  // any view) already holds but this count (imports not at page start) adds again.
  ConnectingWalletConnectView: 8.55,
  // 5.54 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // 7.42 after the same two changes (see ConnectView).
  // 5.72 before and 7.13 with the phone layout (as ConnectingWalletConnectView).
  ConnectingWalletConnectBasicView: 7.28,
  // 31.20 (+0.01) when the balance and the token rows said they are pending (`data-pending`, the
  // one marker a test waits on) as well as busy.
  // +0.09 when the pending marker's chunk began carrying the part's stand-in into the
  // loaded part (PartHeld), so a part whose text loads keeps its place (31.29 measured).
  // +0.03 when the Swap entry checks the instance uses the blockchain API (no Swap button without
  // it) and the activity labels look up own keys only (31.32 measured).
  // +0.02 when the activity and NFT lists kept the account's address off the blockchain API with
  // `blockchainApi: false` (their typed errors before any request; 31.35 measured).
  // +0.01 for not offering the NFTs and Activity tabs with the blockchain API off (31.372 measured).
  // +0.03 for the balances alone (a region, no tab list of one) in that case (31.40 measured).
  AccountView: 31.42,
  // +0.55 (3.55 measured): the native currencies' marks (marks.ts) for networks without an image.
  NetworksView: 3.37,
  // 3.0 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // +0.65 (3.90 measured): the Networks view's marks (see NetworksView).
  UnsupportedChainView: 3.72,
  // 1.04 measured: the natives' marks, fetched by the header's network button after it is on
  // screen (components/lazyMarks.ts) and shared with the views that show networks and tokens.
  marks: 1.06,
  // Each locale but English, fetched when the page's language is resolved to it.
  locales: 1.11,
  es: 2.17,
  fr: 2.17,
  de: 2.17,
  'pt-BR': 2.17,
  'zh-CN': 2.38,
  ja: 2.47,
  ko: 2.37,
  ar: 2.47,
  // lean-qr, fetched when a WalletConnect view draws a code.
  'lean-qr': 4.49,
  // @portico/headless: balance readers, WalletConnect's controller and its SDK, on first use.
  // Shares nothing with page start any more (ox's hex and error modules now load with viem here).
  readEvmBalances: 94.78,
  readSolanaBalances: 114.76,
  // A Solana wallet's signing and @scure/base's codecs, loaded with its first signature (the
  // connector is listed at page start on every Solana page). 3.03 measured.
  walletStandardSigning: 3.57,
  // The one RPC client per network (viem's transports / @solana/kit's), loaded with the first
  // balance read, fee quote or send: the readers and the send's chain code import them.
  evmClient: 93.3,
  solanaClient: 19.66,
  // 4.03 when the SDK's module was first loaded apart from its client (prepareWalletConnect with start: false); 9.73
  // with WalletConnect's log (the SDK's own logger library, pino, which the SDK's chunk shares and
  // loads right after: moved earlier, not added). 10.39 with the tabs of a site sharing one
  // session (tabs.ts: what the relay gave one tab passed to the others). 10.69 with the page's
  // return from a wallet app on a phone (pageReturn.ts) and the renewed proposal kept answerable.
  // +0.03 (11.00 measured): a connection aborted before it starts publishes nothing, a one-click
  // failure is not wrapped twice, and the protocol's reasons a refused one-click request hands back
  // as bare text are read as typed errors.
  controller: 11.01,
  signing: 3.5,
  '@walletconnect/sign-client': 150,
  // getBalance({ walletAssets }), on first use.
  readWalletAssets: 2.48,
  // Coming features: each joins with its own chunk and budget, and a `<feature>.*` row
  // for its translations (one chunk per language, see i18n/featureMessages.ts).
  // +2.2 on SendView and SendPreviewView, +0.5 on SendSelectTokenView (12.77, 12.38, 9.77 measured)
  // once the names views and the account name joined: the names modules send's receiver field
  // resolves with are now shared with them, so esbuild splits them out of send's chunks into shared ones.
  // +0.35 with the name cache across reloads (kernel/state/storedCache.ts and its schema, which the
  // names query these views use now carries; 13.88, 13.50, 8.60 and 3.85 measured).
  // +0.06 once the profile picture's chunk (AccountName) shares those modules too.
  // +0.8 for the marks chunk (components/marks.ts: the natives' drawn SVGs) that replaces letters where the kit knows the mark.
  SendView: 22.76,
  // Moved off page start with the /send entry: 9.25 (SendPreviewView 10.24).
  // +0.65 for the marks chunk (components/marks.ts: the natives' drawn SVGs) that replaces letters where the kit knows the mark.
  SendSelectTokenView: 18.76,
  // +0.25 (12.74 and 12.75 measured: the same build differed by 0.01 between two CI runs) for the
  // name suggestions' settle rule (the kernel's useSettledValue), which the names React entry now
  // carries and the Send preview reaches through useResolveName from that entry.
  // +0.85 for the marks chunk (components/marks.ts: the natives' drawn SVGs) that replaces letters where the kit knows the mark.
  SendPreviewView: 22.32,
  ReceiveView: 5.71,
  'send.*': 1.47,
  // The pay panel with the host's request checks (`usePay`), on the send feature's hooks, form
  // checks and text (11.24 measured).
  PayView: 20.09,
  'pay.*': 0.98,
  // +0.02 when the pay side stopped defaulting to the native currency once it is the token to
  // receive (useSwapDraft: no ETH -> ETH quote; 22.435 measured).
  // +0.21 when swaps honoured `blockchainApi: false` (the check and its typed error in every convert
  // call), a token missing from the balances read as zero, and a rate under the shown precision was
  // quoted the other way round (22.66 measured).
  // +0.02 when the received amount was marked pending (`data-pending`) while its quote is on its
  // way, so a test or a host waits for the rows that grow the view (22.69 measured).
  SwapView: 22.69,
  // The EIP-2612 permit step (viem's typed-data and ABI code), only when a token is permitted, not approved.
  swapPermit: 94.84,
  'swap.*': 1.48,
  // +14.6 (24.24 measured; 11.77 without the two Radix chunks below): the pickers' list is a Radix
  // DismissableLayer (Escape closes the list, not the modal), so the Radix chunks the Modal chunk
  // already loaded (primitive, collection, dismissable layer, focus scope: 12.47) are shared and
  // count here too; ~2.2 of new code (the picker and the fee breakdown). Radix Select was 43 here.
  OnRampView: 24.11,
  BuyInProgressView: 5.74,
  // +0.04 when the pending marker's chunk began carrying the part's stand-in into the
  // loaded part (PartHeld), so a part whose text loads keeps its place (12.28 measured).
  BuyButton: 12.29,
  'onramp.*': 1.18,
  // Sign in with X: the sign step and the Account view's row (both bring the flow and the
  // message parser), the watcher PorticoUI loads when `siwx` is set, and one-click auth.
  // +0.2-0.3 in these and the embedded chunks below: a social login with sign-in on signs in at the
  // login (features/embedded/socialSignIn.ts, loaded only with the `siwx` option), so the siwx
  // message modules it shares with these views are a chunk of their own, and @portico/secure's
  // protocol carries the sign-in data's schema in `connect social` and the user (12.20 measured here).
  // +0.03 here and +0.06 in SiwxAccountStatus for the message's times on days their month has
  // (features/siwx/message.ts: Date.parse rolls 30 February over; 12.42 and 10.82 measured).
  // +0.02 and +0.02 when the flow began reading a host config method that throws like one that
  // rejects (features/siwx/siwxFlow.ts; 12.45 and 10.845 measured).
  // +0.01 when a hosted call's path went after an `apiUrls` base's path instead of into its query
  // (kernel/api/joinApiUrl.ts), and inline images took the kit's one image rule (measured 12.45).
  // +0.44 (measured 12.89): the sign-in flows hand a session to the `siwx` config with the RPC URL the
  // kit uses for its network (features/siwx/sessionContext.ts, kernel/api/rpcUrl.ts), so `localSiwx`
  // can check a smart account's signature (ERC-1271 / ERC-6492).
  SIWXSignMessageView: 12.9,
  // +0.01 when the pending marker's chunk began carrying the part's stand-in into the
  // loaded part (PartHeld), so a part whose text loads keeps its place (10.42 measured).
  // +0.44 (measured 11.29): the sign-in flows hand a session to the `siwx` config with the RPC URL the
  // kit uses for its network (features/siwx/sessionContext.ts, kernel/api/rpcUrl.ts), so `localSiwx`
  // can check a smart account's signature (ERC-1271 / ERC-6492).
  SiwxAccountStatus: 11.3,
  'siwx.*': 1.17,
  // +0.44 (measured 9.80): the sign-in flows hand a session to the `siwx` config with the RPC URL the
  // kit uses for its network (features/siwx/sessionContext.ts, kernel/api/rpcUrl.ts), so `localSiwx`
  // can check a smart account's signature (ERC-1271 / ERC-6492).
  watchSiwx: 9.81,
  siwxFlow: 8.5,
  // +0.44 (measured 8.15): the sign-in flows hand a session to the `siwx` config with the RPC URL the
  // kit uses for its network (features/siwx/sessionContext.ts, kernel/api/rpcUrl.ts), so `localSiwx`
  // can check a smart account's signature (ERC-1271 / ERC-6492).
  oneClickAuth: 8.16,
  // The sign-in signature check (viem's public client for EOA / ERC-1271 / ERC-6492, Web Crypto for
  // ed25519), loaded by `localSiwx` with the first signature it checks, never at page start.
  verifySiwxSignature: 96.28,
  // Names: registering one (the form, suggestions, the wallet's signature) and its success view,
  // the Account view's "Choose a name" (only for a wallet that can register names), and the
  // profile name the account button and Account view show (the reverse lookup, loaded once an EVM
  // account is connected with the blockchain API on). AccountName +0.3 for the profile's picture
  // beside its name: the image rule and the load that shows it, else the generated avatar; with the
  // name cache across reloads too, 4.27 measured. RegisterAccountNameView +0.07 (8.45 measured):
  // the feature hooks share one `withMutationParameters` instead of five copies of its callback
  // merge, and the module shared by several lazy chunks becomes a chunk of its own. +0.02 more (8.47
  // measured): the names service's response schemas are built on first use (0.11 MB less heap on
  // the README page, docs/performance.md).
  // +0.03 for the label's 63-character limit said in the form (nameTooLong; 16.40 measured).
  RegisterAccountNameView: 16.4,
  RegisterAccountNameSuccessView: 3.52,
  ChooseNameButton: 2.34,
  AccountName: 12.18,
  'names.*': 1.17,
  // The Activity list's labels in each language but English (the page-start locales lost them).
  'activity.*': 1.17,
  // The NFTs tab's two strings in each other language (0.2 measured).
  'nfts.*': 0.28,
  // Smart sessions: the Account view's permissions list (only with `smartSessions` on and an EVM
  // account), with the headless permissions feature it reads (grant, list and revoke through the
  // wallet and the hosted session service; 5.51 measured), and its text in each other language
  // (0.44 measured: the period and allowance phrasings are functions). +0.07 (5.66 measured) for the
  // hooks' shared `withMutationParameters`, as RegisterAccountNameView above. 5.81 (+0.14) when the
  // list began saying it is pending until the wallet answered (the shared PartPending chunk); a few
  // bytes more (5.82 measured) when an empty list fetched again (after a grant) says so too.
  // +0.07 when the pending marker's chunk began carrying the part's stand-in into the
  // loaded part (PartHeld), so a part whose text loads keeps its place (5.9 measured).
  PermissionsList: 6.24,
  'permissions.*': 0.5,
  // The multi-wallet view (ProfileWallets), its Account view entry and its text per language.
  // 8.21 measured (+0.7) since a disconnected wallet reconnects through the modal's connection
  // attempt and its connector's own view (WalletConnect's QR code): the attempt's code
  // (connect/connection.ts, useConnect's options, the shake) is the one the Connect views load.
  // +0.45 (8.81 measured): an embedded wallet logs in again as it was made (its email's login is
  // fetched on the click; a social provider's login while the row shows, so its window opens in the
  // click), and the return to this list after any login (modal/afterConnected.ts, its own chunk).
  // +0.13 (8.94 measured): a login whose code cannot load says so in a toast and fetches it again
  // (its English text and the loader), instead of failing silently or leaving Reconnect disabled.
  // +0.22 here and +0.01 in WalletsButton (9.20 and 4.51 measured): the kernel starts the list with
  // the instance when multiWallet is on (features/wallets/lifecycle.ts), so the list's code is a
  // chunk shared with that loader instead of part of these views' own chunk (chunk overhead only).
  // +0.02 for Disconnect ignoring a double click's second click (the next row slides under the
  // pointer; 16.735 measured).
  // +0.25 here and in WalletsButton (17.00 and 12.52 measured): the list follows each wallet in the
  // background through its connector, so one that ends its session is shown disconnected at once
  // (it stayed "connected", and a reload could restore it before hearing of the end). +0.03 (17.03
  // and 12.55 measured): a double click's second switch joins the first (one wallet prompt).
  ProfileWalletsView: 17.04,
  // The entry reads the list (useConnections), which starts it: the wallets entry's list code.
  // +0.06 when the pending marker's chunk began carrying the part's stand-in into the
  // loaded part (PartHeld), so a part whose text loads keeps its place (12.27 measured).
  WalletsButton: 12.56,
  'wallets.*': 0.47,
  EmbeddedWalletView: null,
  // Email login. The Connect view's email field is its own chunk (fetched only when
  // the host set up email login); typing there fetches the views, which bring
  // @portico/headless/embedded (frame client, AUTH connector) and @portico/secure's protocol with
  // its own zod copy (shared with page start, the schemas it needs would move there: +1.9 KiB).
  // The Account view's email row loads only for an email connection. The headless hooks' actions
  // are separate chunks, already loaded with the views.
  // 3.33 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // +0.11 (3.79 measured): the embedded views' English texts gained the upgrade's and its undo's.
  // +0.01 (3.841 measured): the field starts the embedded wallet and its frame when the visitor
  // reaches for it (pointer over it, a press, focus), not at the first keystroke only, so that the
  // frame's load and the spec's 500 ms run before "Continue".
  // +0.01-0.08 (3.87 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  EmailField: 3.88,
  // 28.91 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // +0.85 here and in the chunks with @portico/headless/embedded below (ApproveTransactionView,
  // restoreEmbedded, EmbeddedWatch, embedded): the email flows' option factories and their step
  // state now live in features/embedded/query.ts and flowStep.ts, which the hooks and the core entry
  // share, so esbuild keeps them in the shared chunk (29.93 measured).
  // +0.25 (33.47 measured): the return to the wallets list after a login asked again from there
  // (modal/afterConnected.ts, shared with the Connect and social views, so a chunk of its own).
  // +0.30: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // 33.82 measured with the email address kept whole in its prompts (withAddress.tsx, shared with
  // UpdateEmailWalletView, which stays within its own).
  // +0.4 (34.20 measured): the auth server's refusals worded in the user's language (the frame passes its code on,
  // EmbeddedWalletError.authCode; the embedded views' texts and refusalText.ts).
  // EIP-7702 upgrade and its undo (34.39 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  // +0.01-0.06 (34.47 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (34.52 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  // +0.01 to +0.02 (measured: 42.42) for the social login's window checks: its 'done' message only from
  // the callback page's origin, and a window handed to a newer login left open by the one it replaced;
  // and the login cache reading a last email time in the future as none.
  // +0.01 when a hosted call's path went after an `apiUrls` base's path instead of into its query
  // (kernel/api/joinApiUrl.ts), and inline images took the kit's one image rule (measured 42.44).
  // +0.01 (measured 42.45): a lazy part's failure belongs to its attempt, so Try again can fetch it anew (modal/lazy.ts).
  EmailLoginView: 42.46,
  // +0.20: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // 26.70 measured with withAddress.tsx shared with EmailLoginView (a few bytes over 26.7 in CI's
  // fresh build: the packing varies by a few bytes between runs).
  // +0.35 (27.03 measured): the auth server's refusals worded in the user's language (the frame passes its code on,
  // EmbeddedWalletError.authCode; the embedded views' texts and refusalText.ts).
  // EIP-7702 upgrade and its undo (26.78 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  // +0.01-0.06 (26.86 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (26.91 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  UpdateEmailWalletView: 26.92,
  // 39.05 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // +0.25 here and in lifecycle: the frame's user read as the spec's embedded-wallet user
  // (features/embedded/user.ts) and the account state it fills (41.01 and 18.32 measured).
  // +0.1 for the frame client's origin check ('Unverified Domain' before a login) with runtime
  // networks beside it: 43.22 to 43.26 measured (the packing varies by a few bytes between runs).
  // +0.30: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.2 (43.73 measured): the auth server's refusals worded in the user's language (the frame passes its code on,
  // EmbeddedWalletError.authCode; the embedded views' texts and refusalText.ts).
  // EIP-7702 upgrade and its undo (43.97 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  // +0.01-0.06 (44.04 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (44.10 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  ApproveTransactionView: 44.11,
  // +0.15: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.2 (25.52 measured): the auth server's refusals worded in the user's language (the frame passes its code on,
  // EmbeddedWalletError.authCode; the embedded views' texts and refusalText.ts).
  // EIP-7702 upgrade and its undo (25.56 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  // +0.01-0.06 (25.64 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (25.74 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  EmbeddedAccountRow: 25.75,
  // The restore after a reload, from the email field when the login cache says email login was used.
  // 25.23 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // +0.30: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.2 (29.89 measured): the auth server's refusals worded in the user's language (the frame passes its code on,
  // EmbeddedWalletError.authCode; the embedded views' texts and refusalText.ts).
  // EIP-7702 upgrade and its undo (30.28 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  // +0.01-0.08 (30.39 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  // +0.01 (38.28 measured, just over): openSocialPopup reads a window closed at once as blocked in
  // the click, so a window the user closes before the login's code loaded is 'Popup closed'.
  // +0.01 when a hosted call's path went after an `apiUrls` base's path instead of into its query
  // (kernel/api/joinApiUrl.ts), and inline images took the kit's one image rule (measured 38.29).
  restoreEmbedded: 38.3,
  // 25.04 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // +0.1: the embedded wallet's alert texts (frame not loaded, request timed out, unverified domain) load with it, off page start.
  // +0.25: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.2 (29.69 measured): the auth server's refusals worded in the user's language (the frame passes its code on,
  // EmbeddedWalletError.authCode; the embedded views' texts and refusalText.ts).
  // EIP-7702 upgrade and its undo (30.11 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  // +0.01-0.08 (30.22 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  // +0.01 when a hosted call's path went after an `apiUrls` base's path instead of into its query
  // (kernel/api/joinApiUrl.ts), and inline images took the kit's one image rule (measured 38.12).
  // +0.01 (measured 38.13, rounded): a social login's one-step sign-in carries the network's RPC URL
  // to the `siwx` config (features/siwx/sessionContext.ts), for smart accounts' signatures.
  EmbeddedWatch: 38.14,
  // EIP-7702 upgrade and its undo (1.65 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  'embedded.*': 1.69,
  startEmailLogin: 24.01,
  waitForDeviceApproval: 23.77,
  verifyEmailOtp: 24.14,
  // 18.3 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // +0.20: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.03 (20.54 measured): the frame's method lists the connector routes by carry
  // wallet_getGrantedExecutionPermissions (the embedded wallet lists its permission grants).
  // EIP-7702 upgrade (20.62 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount with its typed errors (kept by the bundler as classes).
  // +0.01-0.06 (20.70 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (20.73 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  updateEmail: 28.57,
  // +0.2 in every chunk with the frame client (17.14 measured): its placement guard, so that the page
  // cannot hide or shrink the secure frame while it shows a prompt.
  // 18.1 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // +0.25: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.05 (20.50 measured): the auth server's refusal code the frame passes on (EmbeddedWalletError.authCode).
  // EIP-7702 upgrade (20.43 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount with its typed errors (kept by the bundler as classes).
  // +0.01-0.08 (20.53 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  exportEmbeddedWallet: 28.37,
  reconnectEmbeddedWallet: 17.5,
  embeddedWallet: 23.65,
  // @portico/headless/embedded as the email login's steps import it (features/embedded/emailLogin.ts):
  // the core entry of the email wallet (frame client, start/verify/approve actions), fetched when the
  // user submits an email; measured 20.4 by the lead after the restructure.
  // 22.84 measured after this wave's restructure (features in their own folders and
  // entries, the double-click guard, social and passkey logins beside email).
  // +0.1-0.2 here and in the embedded chunks below: kernel modules only send and WalletConnect shared with
  // them were page start; now they are chunks of their own (23.01).
  // +0.1: the embedded wallet's alert texts (frame not loaded, request timed out, unverified domain) load with it, off page start.
  // +0.25: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.10 (27.36 measured): the auth server's refusal code the frame passes on (EmbeddedWalletError.authCode).
  // EIP-7702 upgrade and its undo (27.92 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  // +0.01-0.06 (28.00 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  embedded: 35.86,
  // The embedded wallet's other logins, each loaded on its click: social (a popup), Farcaster
  // (a QR code), passkeys (WebAuthn in the frame).
  // The one-step sign-in at a social login (the siwx formatter and config calls), only with `siwx`.
  // +0.44 (measured 6.39): the sign-in flows hand a session to the `siwx` config with the RPC URL the
  // kit uses for its network (features/siwx/sessionContext.ts, kernel/api/rpcUrl.ts), so `localSiwx`
  // can check a smart account's signature (ERC-1271 / ERC-6492).
  socialSignIn: 6.4,
  // +0.10: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.10 (17.13 measured): the auth server's refusal code the frame passes on (EmbeddedWalletError.authCode).
  // EIP-7702 upgrade (17.10 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount with its typed errors (kept by the bundler as classes).
  // +0.01 to +0.02 (measured: 25.01) for the social login's window checks: its 'done' message only from
  // the callback page's origin, and a window handed to a newer login left open by the one it replaced;
  // and the login cache reading a last email time in the future as none.
  // +0.01 when a hosted call's path went after an `apiUrls` base's path instead of into its query
  // (kernel/api/joinApiUrl.ts), and inline images took the kit's one image rule (measured 25.03).
  // +0.01 (25.03 measured, rounded) with the wallet event guard above (kernel/state/connection.ts).
  // +0.01 (measured 25.04, rounded): a social login's one-step sign-in carries the network's RPC URL
  // to the `siwx` config (features/siwx/sessionContext.ts), for smart accounts' signatures.
  connectSocial: 25.05,
  // The Connect view's social buttons (fetched when the host set up the embedded wallet with
  // socials on; with the embedded core entry, whose openSocialPopup opens the window in the click)
  // and the social login's view (popup waiting / blocked / failed, and Farcaster's QR code).
  // 26.09 and 29.34 measured (after merging main).
  // +0.1: the embedded wallet's alert texts (frame not loaded, request timed out, unverified domain) load with it, off page start.
  // +0.15 each (29.93 and 33.13 measured): the return to the wallets list after a login
  // (modal/afterConnected.ts), as for EmailLoginView.
  // +0.25: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.20 (30.36 measured): the auth server's refusal code the frame passes on (EmbeddedWalletError.authCode).
  // EIP-7702 upgrade and its undo (30.75 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  // +0.01-0.06 (30.83 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (30.88 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  // 38.89 (+0.11): pending while its text loads (the shared PartPending chunk).
  // +0.08 when the pending marker's chunk began carrying the part's stand-in into the
  // loaded part (PartHeld), so a part whose text loads keeps its place (38.98 measured).
  // +0.01 to +0.02 (measured: 39.00) for the social login's window checks: its 'done' message only from
  // the callback page's origin, and a window handed to a newer login left open by the one it replaced;
  // and the login cache reading a last email time in the future as none.
  // +0.01 when a provider's name is looked up among own keys only (a provider named 'constructor'
  // read the Object function; measured 39.01).
  // +0.01 when a hosted call's path went after an `apiUrls` base's path instead of into its query
  // (kernel/api/joinApiUrl.ts), and inline images took the kit's one image rule (measured 39.03).
  // +0.01 (measured 39.04, rounded): a social login's one-step sign-in carries the network's RPC URL
  // to the `siwx` config (features/siwx/sessionContext.ts), for smart accounts' signatures.
  SocialLogins: 39.05,
  // +0.30: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.20 (33.57 measured): the auth server's refusal code the frame passes on (EmbeddedWalletError.authCode).
  // EIP-7702 upgrade and its undo (33.76 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  // +0.01-0.06 (33.84 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (33.90 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  // +0.01 to +0.02 (measured: 41.80) for the social login's window checks: its 'done' message only from
  // the callback page's origin, and a window handed to a newer login left open by the one it replaced;
  // and the login cache reading a last email time in the future as none.
  // +0.01 when a provider's name is looked up among own keys only (measured 41.81).
  // +0.01 when a hosted call's path went after an `apiUrls` base's path instead of into its query
  // (kernel/api/joinApiUrl.ts), and inline images took the kit's one image rule (measured 41.83).
  // +0.01 (measured 41.83, rounded): a social login's one-step sign-in carries the network's RPC URL
  // to the `siwx` config (features/siwx/sessionContext.ts), for smart accounts' signatures.
  ConnectingSocialView: 41.84,
  // What the wallets list fetches to log a disconnected embedded wallet in again: the email
  // login's steps (its embedded code comes with the send, as from the Connect view's field), and
  // the social login with the embedded core entry, fetched while such a row shows (26.95 and 0.87
  // measured).
  // +0.10 (27.28 measured): the auth server's refusal code the frame passes on (EmbeddedWalletError.authCode).
  // EIP-7702 upgrade and its undo (27.71 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount and undoAccountUpgrade with their typed errors (kept by the bundler as classes).
  // +0.01-0.06 (27.78 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (27.81 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  // +0.01 (measured 35.72, rounded): a social login's one-step sign-in carries the network's RPC URL
  // to the `siwx` config (features/siwx/sessionContext.ts), for smart accounts' signatures.
  socialLogin: 35.73,
  emailLogin: 0.92,
  // +0.10: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.02 (16.24 measured): the permission methods in the WalletConnect proposal's list, and
  // wallet_getGrantedExecutionPermissions in the frame's method lists.
  // EIP-7702 upgrade (16.33 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount with its typed errors (kept by the bundler as classes).
  connectFarcaster: 24.23,
  // +0.1: the embedded wallet's alert texts (frame not loaded, request timed out, unverified domain) load with it, off page start.
  // +0.15 (16.16 measured): the auth server's refusal code the frame passes on (EmbeddedWalletError.authCode).
  // EIP-7702 upgrade (16.15 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount with its typed errors (kept by the bundler as classes).
  loginWithPasskey: 24.06,
  // +0.20: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.02 (20.28 measured): wallet_getGrantedExecutionPermissions in the frame's method lists.
  // EIP-7702 upgrade (20.37 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount with its typed errors (kept by the bundler as classes).
  // +0.01-0.08 (20.47 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  registerPasskey: 28.31,
  // A send's chain code, loaded on the first send or fee estimate (viem for EVM, @solana/kit for
  // Solana), and viem's node-error mapping, loaded only when a send fails.
  evmTransfer: 92.35,
  solanaTransfer: 27.21,
  nodeError: 92.6,
  // WalletConnect's and the embedded wallet's connector lifecycle, attached on first use.
  // +0.1: the embedded wallet's alert texts (frame not loaded, request timed out, unverified domain) load with it, off page start.
  // +0.25: the embedded connector raises UserOperationRevertedError (a reverted smart-account call, its reason and hashes).
  // +0.10 (19.86 measured): the auth server's refusal code the frame passes on (EmbeddedWalletError.authCode).
  // EIP-7702 upgrade (19.84 measured): the frame protocol's UPGRADE_ACCOUNT and the user's delegation,
  // and the embedded entry's upgradeAccount with its typed errors (kept by the bundler as classes).
  // +0.01-0.06 (19.92 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (19.94 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  lifecycle: 27.8,
  // The EIP-7702 upgrade's verb (upgradeAccount.ts, its typed errors) loaded by its mutation: 20.87 measured.
  // +0.01-0.06 (20.94 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (20.97 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  upgradeAccount: 28.81,
  // Its undo (undoAccountUpgrade.ts, sharing upgradeAccount.ts's request and errors): 21.00 measured.
  // +0.01-0.06 (21.08 measured): the hosted bundler by default, asking the blockchain API's supported chains (features/embedded/smartAccount.ts).
  // +0.01-0.08 (21.11 measured): the embedded connector raises 'Session Expired' on a refused session,
  // and reads the frame's `upgradable` answer (the upgrade offered only where it lands).
  undoAccountUpgrade: 28.96,
}

let workDir: string
let nodeModules: string

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'portico-packed-'))
  nodeModules = join(workDir, 'node_modules')
  extractPortico(packPortico(join(workDir, 'tarballs')), nodeModules)
  // A ceiling: packing every package took 171 s beside a full CI run and two other busy processes.
}, 300_000)
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

/**
 * @portico/* from the unpacked tarballs; their dependencies from the workspace package that
 * declares them (same versions as the lockfile gives users), the way an installed copy finds them.
 */
function packedPlugin(): Plugin {
  return {
    name: 'portico-packed',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.packed) return undefined
        const own = args.path.match(/^@portico\/(headless|themes|ui)(\/.*)?$/)
        const fromPacked = args.importer.startsWith(nodeModules)
        if (!own && !fromPacked) return undefined
        const pkg = fromPacked ? args.importer.slice(nodeModules.length + 1).split('/')[1] : undefined
        const resolveDir = own ? workDir : join(root, 'packages', pkg as string)
        const result = await b.resolve(args.path, { kind: args.kind, resolveDir, pluginData: { packed: true } })
        if (result.errors.length) return { errors: result.errors }
        return { path: result.path, external: result.external, sideEffects: result.sideEffects }
      })
    },
  }
}

/**
 * A chunk's code with every chunk name's hash written as one fixed name. esbuild's hashes depend
 * on the inputs' paths too, and the packed copy sits in a new temporary folder on each run, so the
 * same code gzipped a few bytes apart from run to run (one chunk read 20.69 KiB, then 20.70 against
 * its 20.70 budget). A host's own hashes differ anyway; what the budgets hold is the code.
 */
const withoutHashes = (code: string) => code.replace(/-[A-Z0-9]{8}\.js\b/g, '-00000000.js')

/** Builds of the same page are made once per run (several tests measure the getDefaultConfig page). */
const packedBuilds = new Map<string, ReturnType<typeof buildPackedPage>>()
function buildPacked(contents: string, external: string[] = []) {
  const key = JSON.stringify([contents, external])
  let built = packedBuilds.get(key)
  if (!built) {
    built = buildPackedPage(contents, external)
    packedBuilds.set(key, built)
  }
  return built
}

async function buildPackedPage(contents: string, external: string[]) {
  const result = await build({
    stdin: { contents, resolveDir: join(root, 'packages', 'ui'), loader: 'tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: join(workDir, 'out'),
    metafile: true,
    external,
    // No custom `conditions`: esbuild's defaults, as a host app bundles.
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [packedPlugin()],
    logLevel: 'silent',
  })
  const entry = Object.keys(result.metafile.outputs).find(
    (f) => result.metafile.outputs[f]?.entryPoint === '<stdin>',
  ) as string
  const gzipOf = (files: Iterable<string>) => {
    let sum = 0
    for (const f of files) {
      const out = result.outputFiles.find((o) => o.path.endsWith(`/${f.replace(/^.*\//, '')}`))
      sum += out ? gzipSync(withoutHashes(out.text), { level: 9 }).length : 0
    }
    return sum
  }
  return { metafile: result.metafile, entry, gzipOf }
}

/** An output file and every chunk it imports statically: what loading it fetches. */
function staticClosure(metafile: Metafile, from: string): Set<string> {
  const seen = new Set<string>()
  const queue = [from]
  while (queue.length) {
    const file = queue.shift() as string
    if (seen.has(file)) continue
    seen.add(file)
    for (const imported of metafile.outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path)
  }
  return seen
}

/** Inputs that ship in these files (esbuild lists modules it tree-shook to nothing too). */
function shippedInputs(metafile: Metafile, files: Iterable<string>): string[] {
  const inputs: string[] = []
  for (const file of files)
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[file]?.inputs ?? {}))
      if (bytesInOutput > 0) inputs.push(input)
  return inputs
}

const kib = (bytes: number) => (bytes / 1024).toFixed(2)

/** The bench's prebuilt page (bench/portico/modal.jsx) without its stylesheet. */
const prebuiltPage = `
  import { createRoot } from 'react-dom/client'
  import { jsx } from 'react/jsx-runtime'
  import { createPortico, eip155Adapter, mainnet, PorticoProvider } from '@portico/headless'
  import { ConnectButton, PorticoUI } from '@portico/ui'
  const portico = createPortico({ projectId: 'p', networks: [mainnet], adapters: [eip155Adapter()] })
  createRoot(document.getElementById('root')).render(
    jsx(PorticoProvider, { config: portico, children: jsx(PorticoUI, { children: jsx(ConnectButton, {}) }) }),
  )`

test('page start holds the provider and buttons only: no Radix, no virtualiser, no modal, no views', async () => {
  const { metafile, entry, gzipOf } = await buildPacked(`export * from '@portico/ui'`, [
    'react',
    'react-dom',
    'react/jsx-runtime',
  ])
  const files = staticClosure(metafile, entry)
  const offenders = shippedInputs(metafile, files).filter((input) =>
    /node_modules\/(\.pnpm\/)?(radix-ui|@radix-ui|@tanstack\+react-virtual|@tanstack\/react-virtual|lean-qr|@walletconnect|@reown)|\/Modal-[A-Z0-9]+\.js|View-[A-Z0-9]+\.js|walletconnect\/controller\.js|@solana\+kit|@solana\/kit\//.test(
      input,
    ),
  )
  expect(offenders).toEqual([])
  // The lazily loaded parts do exist in the build, just not at page start.
  const all = Object.values(metafile.outputs).flatMap((o) => Object.keys(o.inputs))
  expect(all.some((input) => /\/Modal-[A-Z0-9]+\.js$/.test(input))).toBe(true)
  expect(all.some((input) => input.includes('radix-ui'))).toBe(true)
  // WalletConnect's SDK is loaded only when it is picked (or a saved session is restored).
  expect(all.some((input) => input.includes('@walletconnect+sign-client'))).toBe(true)
  expect(all.some((input) => input.includes('walletconnect/controller.js'))).toBe(true)
  // The QR encoder is its own chunk, fetched only when a WalletConnect view draws a code.
  const qrChunks = Object.values(metafile.outputs).filter((o) =>
    Object.keys(o.inputs).some((input) => input.includes('lean-qr')),
  )
  expect(qrChunks.length).toBeGreaterThan(0)
  for (const chunk of qrChunks)
    expect(Object.keys(chunk.inputs).filter((input) => !input.includes('lean-qr'))).toEqual([])

  // The UI's code imports React through one module (src/react.ts; prerender.ts reads its
  // namespace): esbuild wraps CommonJS React again for each importing module (the bench's heap).
  const reactImporters = Object.entries(metafile.inputs).filter(
    ([input, { imports }]) => input.includes('@portico/ui/') && imports.some((i) => i.path === 'react'),
  )
  expect(reactImporters.length).toBeGreaterThan(0)
  expect(reactImporters.length).toBeLessThanOrEqual(2)

  const gzip = gzipOf(files)
  console.info(
    `[page start] packed @portico/ui + @portico/headless without React: ${kib(gzip)} KiB gzip in ${files.size} files (budget ${pageStartBudgetKiB.kitOnly})`,
  )
  expect(gzip / 1024).toBeLessThanOrEqual(pageStartBudgetKiB.kitOnly)
})

test('the prebuilt page (React, createPortico with the EVM adapter, PorticoUI, ConnectButton) stays within its page-start budget (target 140 KiB), and each lazy chunk within its budget', async () => {
  const { metafile, entry, gzipOf } = await buildPacked(prebuiltPage)
  const start = staticClosure(metafile, entry)
  const gzip = gzipOf(start)
  console.info(
    `[page start] packed prebuilt page with React: ${kib(gzip)} KiB gzip in ${start.size} files (budget ${pageStartBudgetKiB.prebuiltPage})`,
  )

  // Every chunk Portico's packages import dynamically, named after its source (hash dropped) or its
  // package. Dynamic imports inside third-party code (e.g. the WalletConnect SDK's own) are not rows.
  const lazyEntries = new Set<string>()
  for (const [input, { imports }] of Object.entries(metafile.inputs))
    if (input.includes('/node_modules/@portico/'))
      for (const imported of imports) if (imported.kind === 'dynamic-import') lazyEntries.add(imported.path)
  const lazy = new Map<string, number>()
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || !lazyEntries.has(output.entryPoint) || !file.endsWith('.js')) continue
    const pkg = output.entryPoint.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/)?.[1]
    const base = output.entryPoint.replace(/^.*\//, '').replace(/(-[A-Z0-9]{8})?\.m?js$/, '')
    // A feature's translations (`send.es`, `send.ja`, … from defineFeatureMessages) share one row,
    // `send.*`, holding the largest.
    const name = pkg && !pkg.startsWith('@portico/') ? pkg : base.replace(/\.(es|fr|de|pt-BR|zh-CN|ja|ko|ar)$/, '.*')
    const cost = gzipOf([...staticClosure(metafile, file)].filter((f) => !start.has(f)))
    lazy.set(name, Math.max(lazy.get(name) ?? 0, cost))
  }
  const rows = Object.entries(lazyBudgetKiB).map(([name, budget]) => {
    const cost = lazy.get(name)
    const status =
      cost === undefined ? 'not built yet' : budget == null ? 'NO BUDGET' : cost / 1024 <= budget ? 'ok' : 'OVER'
    return `  ${name.padEnd(34)} ${(cost === undefined ? '–' : kib(cost)).padStart(7)} ${String(budget ?? '–').padStart(7)}  ${status}`
  })
  const unknown = [...lazy.keys()].filter((name) => !(name in lazyBudgetKiB))
  for (const name of unknown)
    rows.push(`  ${name.padEnd(34)} ${kib(lazy.get(name) as number).padStart(7)}       –  NO BUDGET`)
  console.info(
    `[lazy chunks] packed prebuilt page, KiB gzip when first loaded (chunk + its imports not at page start)\n  ${'chunk'.padEnd(34)} ${'KiB'.padStart(7)} ${'budget'.padStart(7)}\n${rows.join('\n')}`,
  )

  // PORTICO_PAGE_START_DETAIL=1 lists what page start holds, largest first (bytes before gzip).
  if (process.env.PORTICO_PAGE_START_DETAIL)
    console.info(
      [...start]
        .flatMap((file) => Object.entries(metafile.outputs[file]?.inputs ?? {}))
        .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
        .slice(0, process.env.PORTICO_PAGE_START_DETAIL === 'all' ? undefined : 60)
        .map(
          ([input, { bytesInOutput }]) =>
            `  ${String(bytesInOutput).padStart(7)}  ${input.replace(/^.*node_modules\//, '')}`,
        )
        .join('\n'),
    )
  expect(gzip / 1024).toBeLessThanOrEqual(pageStartBudgetKiB.prebuiltPage)
  expect(start.size).toBeLessThanOrEqual(pageStartFilesBudget)
  // A lazy chunk without a budget row: add one to lazyBudgetKiB (growth is then visible in review).
  expect(unknown).toEqual([])
  const over = Object.entries(lazyBudgetKiB).filter(
    ([name, budget]) => budget != null && lazy.has(name) && (lazy.get(name) as number) / 1024 > budget,
  )
  expect(over.map(([name]) => name)).toEqual([])
  // Views that exist in the build all carry a budget (a row left at null while its chunk exists fails).
  expect(Object.entries(lazyBudgetKiB).filter(([name, budget]) => budget == null && lazy.has(name))).toEqual([])
})

test('a host page with both adapters (EVM and Solana) stays within budget at page start', async () => {
  const { metafile, entry, gzipOf } = await buildPacked(`
    import { createRoot } from 'react-dom/client'
    import { jsx } from 'react/jsx-runtime'
    import { createPortico, eip155Adapter, solanaAdapter, PorticoProvider, mainnet, solana } from '@portico/headless'
    import { PorticoUI, ConnectButton } from '@portico/ui'
    const portico = createPortico({ projectId: 'p', networks: [mainnet, solana], adapters: [eip155Adapter(), solanaAdapter()] })
    createRoot(document.getElementById('root')).render(
      jsx(PorticoProvider, { config: portico, children: jsx(PorticoUI, { children: jsx(ConnectButton, {}) }) }),
    )`)
  const files = staticClosure(metafile, entry)
  const gzip = gzipOf(files)
  console.info(
    `[page start] packed host page with both adapters and React: ${kib(gzip)} KiB gzip in ${files.size} files (budget ${pageStartBudgetKiB.bothAdapters})`,
  )
  expect(gzip / 1024).toBeLessThanOrEqual(pageStartBudgetKiB.bothAdapters)
})

/**
 * A page of the README's quick start: getDefaultConfig's networks (EVM and Solana), the modal, the
 * button; with `siwx`, the sign-in config made by that factory of '/siwx/config'.
 */
const defaultConfigPage = (networks: string, siwx?: 'localSiwx' | 'serverSiwx') => `
  import { createRoot } from 'react-dom/client'
  import { jsx } from 'react/jsx-runtime'
  import { getDefaultConfig, PorticoProvider, mainnet, solana, bitcoin, polkadot, cosmosHub } from '@portico/headless'
  ${siwx ? `import { ${siwx} } from '@portico/headless/siwx/config'` : ''}
  import { PorticoUI, ConnectButton } from '@portico/ui'
  const portico = getDefaultConfig({ appName: 'My dapp', projectId: 'p', networks: ${networks},
    ${siwx === 'localSiwx' ? "siwx: localSiwx({ statement: 'Sign in.' })" : siwx === 'serverSiwx' ? "siwx: serverSiwx({ url: '/api/siwx' })" : ''} })
  createRoot(document.getElementById('root')).render(
    jsx(PorticoProvider, { config: portico, children: jsx(PorticoUI, { children: jsx(ConnectButton, {}) }) }),
  )`

/** The modules of the adapters Portico reaches only through WalletConnect, and their own dependencies. */
const walletConnectOnlyAdapters = /kernel\/adapters\/(bip122|cosmos|polkadot)\/|@scure\+btc-signer|@scure\/btc-signer/

test('a getDefaultConfig page with EVM and Solana ships no Polkadot, Bitcoin or Cosmos adapter; listing bitcoin brings its adapter', async () => {
  // Those networks bring their adapters (adapters/<namespace>/<namespace>Network.ts), so
  // getDefaultConfig imports only the EVM and Solana ones: 10.4 KiB gzip of the README page's
  // start, and of its connect, were adapters for networks the page never lists.
  const { metafile, entry, gzipOf } = await buildPacked(defaultConfigPage('[mainnet, solana]'))
  const files = staticClosure(metafile, entry)
  const all = Object.values(metafile.outputs).flatMap((o) => Object.entries(o.inputs))
  expect(
    all.filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && walletConnectOnlyAdapters.test(input)),
  ).toEqual([])
  const gzip = gzipOf(files)
  console.info(
    `[page start] packed getDefaultConfig page (EVM + Solana) with React: ${kib(gzip)} KiB gzip in ${files.size} files (budget ${pageStartBudgetKiB.defaultConfig})`,
  )
  expect(gzip / 1024).toBeLessThanOrEqual(pageStartBudgetKiB.defaultConfig)
  // No zod at page start: the kernel checks with its own checks (its 10 KiB came with any import).
  expect(shippedInputs(metafile, files).filter((input) => /[/+]zod[@/]/.test(input))).toEqual([])
  expect(all.some(([input, { bytesInOutput }]) => bytesInOutput > 0 && /[/+]zod[@/]/.test(input))).toBe(true)

  // The same page listing Bitcoin, Polkadot and Cosmos Hub ships their adapters at page start.
  const listed = await buildPacked(defaultConfigPage('[mainnet, solana, bitcoin, polkadot, cosmosHub]'))
  const listedInputs = shippedInputs(listed.metafile, staticClosure(listed.metafile, listed.entry))
  for (const namespace of ['bip122', 'cosmos', 'polkadot'])
    expect(listedInputs.some((input) => input.includes(`kernel/adapters/${namespace}/${namespace}Adapter.js`))).toBe(
      true,
    )
})

test("a sign-in config from '/siwx/config' brings only its factory to page start (localSiwx: no file of its own)", async () => {
  // The README's quick start passes `siwx: localSiwx(…)`. From the '/siwx' barrel it brought the
  // sign-in flow, its watcher, its formatter, the message parser and the session schema to page
  // start (147.0 KiB gzip in 15 files for the README page); '/siwx/config' holds only the
  // factories and the nonce, and `localSiwx` loads its session checks on first use (140.1 in 8).
  const without = await buildPacked(defaultConfigPage('[mainnet, solana]'))
  const withoutFiles = staticClosure(without.metafile, without.entry)
  for (const [factory, own] of [
    ['localSiwx', ['localSiwx.js', 'nonce.js']],
    ['serverSiwx', ['errors.js', 'serverSiwx.js']],
  ] as const) {
    const { metafile, entry, gzipOf } = await buildPacked(defaultConfigPage('[mainnet, solana]', factory))
    const files = staticClosure(metafile, entry)
    const siwx = shippedInputs(metafile, files)
      .filter((input) => input.includes('features/siwx/'))
      .map((input) => input.slice(input.lastIndexOf('/') + 1))
      .sort()
    expect(siwx).toEqual(own)
    console.info(
      `[page start] getDefaultConfig page with ${factory}: ${kib(gzipOf(files))} KiB gzip in ${files.size} files (without sign-in: ${kib(without.gzipOf(withoutFiles))} in ${withoutFiles.size})`,
    )
    // `localSiwx` joins the page's own chunk; `serverSiwx`'s typed error is shared with the lazy flow.
    expect(files.size).toBeLessThanOrEqual(withoutFiles.size + (factory === 'serverSiwx' ? 1 : 0))
  }
})

test("the embedded wallet's account hooks, on a page without an embedded wallet, bring no frame client nor its protocol", async () => {
  // The README's quick start renders useSmartAccount (and a host's account view useEmbeddedWallet)
  // whether or not an embedded wallet is configured: importing the auth connector's id from the
  // connector's module put the frame client and @portico/secure's protocol (~17 KiB gzip, with its
  // own zod) on that page. The hooks take the id from the kernel; the frame loads with a login.
  const { metafile, entry, gzipOf } = await buildPacked(
    `export { useEmbeddedWallet, useSmartAccount } from '@portico/headless/embedded/react'`,
    ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query'],
  )
  const files = staticClosure(metafile, entry)
  const frame = shippedInputs(metafile, files).filter((input) =>
    /@portico\/secure|packages\/secure\/|embedded\/(frameClient|authConnector|embeddedWallet)\.js/.test(input),
  )
  expect(frame).toEqual([])
  const gzip = gzipOf(files)
  console.info(`[embedded hooks] useSmartAccount + useEmbeddedWallet: ${kib(gzip)} KiB gzip (budget 17.3)`)
  expect(gzip / 1024).toBeLessThanOrEqual(17.3)
})
