import { describe, expect, test } from 'vitest'
import { buildWalletLink, type WalletLinkKind, walletConnectLinks, walletLinkMaxLength } from './walletLinks.js'

const uri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'
const encoded = encodeURIComponent(uri)
const kinds: WalletLinkKind[] = ['mobile', 'desktop', 'webapp']

describe('buildWalletLink', () => {
  test('default', () => {
    expect(buildWalletLink('https://metamask.app.link', 'wc:abc@2?relay-protocol=irn', 'mobile')).toMatchInlineSnapshot(
      `"https://metamask.app.link/wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn"`,
    )
  })

  test.each(kinds)('behavior: universal links (%s) end in /wc?uri=, whatever the trailing slashes', (kind) => {
    expect(buildWalletLink('https://wallet.example', uri, kind)).toBe(`https://wallet.example/wc?uri=${encoded}`)
    expect(buildWalletLink('https://wallet.example/', uri, kind)).toBe(`https://wallet.example/wc?uri=${encoded}`)
    expect(buildWalletLink('https://wallet.example/app//', uri, kind)).toBe(
      `https://wallet.example/app/wc?uri=${encoded}`,
    )
    expect(buildWalletLink('HTTPS://Wallet.Example:8443/app', uri, kind)).toBe(
      `https://wallet.example:8443/app/wc?uri=${encoded}`,
    )
  })

  test('behavior: the query and fragment of a universal link are dropped', () => {
    expect(buildWalletLink('https://wallet.example/app/?ref=x#top', uri, 'webapp')).toBe(
      `https://wallet.example/app/wc?uri=${encoded}`,
    )
  })

  test.each([
    ['metamask://', 'metamask'],
    ['rainbow:', 'rainbow'],
    ['trust://open/path', 'trust'],
    ['Zerion://', 'zerion'],
    ['my.wallet+app-2://', 'my.wallet+app-2'],
  ])('behavior: custom scheme %s gives scheme://wc?uri=', (base, scheme) => {
    expect(buildWalletLink(base, uri, 'mobile')).toBe(`${scheme}://wc?uri=${encoded}`)
    expect(buildWalletLink(base, uri, 'desktop')).toBe(`${scheme}://wc?uri=${encoded}`)
  })

  test('behavior: a web app must be a universal link, never a custom scheme', () => {
    expect(buildWalletLink('metamask://', uri, 'webapp')).toBeUndefined()
  })

  test.each(['http://localhost:3000', 'http://127.0.0.1:5173/app/', 'http://[::1]:8080'])(
    'behavior: http on loopback is allowed for local development (%s)',
    (base) => {
      for (const kind of kinds) expect(buildWalletLink(base, uri, kind)).toMatch(/^http:\/\/.+\/wc\?uri=wc%3A/)
    },
  )

  test.each([
    // Script and document carriers, in any case.
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'javascript://%0aalert(1)',
    'livescript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'blob:https://wallet.example/0b1c',
    'file:///etc/passwd',
    'filesystem:https://wallet.example/temporary/x',
    'about:blank',
    'chrome://settings',
    'chrome-extension://abcdef/popup.html',
    'view-source:https://wallet.example',
    'moz-extension://abc/page.html',
    'ms-msdt:/id PCWDiagnostic',
    'search-ms:query=x',
    'web+wallet:x',
    // Android intents, with or without odd payloads.
    'intent://wc#Intent;scheme=metamask;package=io.metamask;end',
    'intent://x#Intent;S.browser_fallback_url=javascript%3Aalert(1);end',
    'intent:#Intent;action=android.settings.SETTINGS;end',
    // Web schemes that are not app links, and plain http off loopback.
    'http://wallet.example',
    'http://10.0.0.1/app',
    'http://127.0.0.1.evil.example',
    'http://localhost.evil.example',
    'ftp://wallet.example',
    'ws://wallet.example',
    'wss://wallet.example',
    'mailto:someone@wallet.example',
    'tel:+15555555555',
    // Not a scheme at all, or one with characters outside [a-z0-9+.-].
    'wallet.example',
    '//wallet.example',
    '/wc',
    'metamask',
    '1wallet://',
    'meta_mask://',
    'méta://',
    'meta%6Dask://',
    '://',
    '',
    // Whitespace and control characters (browsers strip some of them while parsing).
    ' https://wallet.example',
    'https://wallet.example ',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'https://wallet.example/\r\nx',
    'metamask://\u0000',
    'https://wallet\u200b.example',
    'https://wallet.example/\u202eppa',
    'metamask:// x',
    // Credentials, and tricks to hide a host.
    'https://user:password@wallet.example',
    'https://user@wallet.example',
    'https://@wallet.example',
    'https://wallet.example@evil.example',
    'metamask://user@host',
    'https:\\\\evil.example',
    'https:/\\evil.example',
    'https://',
    'https:wallet.example',
    // Odd payloads after a custom scheme.
    'metamask://<script>',
    'metamask://"onclick=alert(1)',
    // Over-long values.
    `https://wallet.example/${'a'.repeat(walletLinkMaxLength)}`,
    `${'a'.repeat(65)}://`,
  ])('behavior: refuses %j', (base) => {
    for (const kind of kinds) expect(buildWalletLink(base, uri, kind)).toBeUndefined()
  })

  test.each<[unknown]>([[undefined], [null], [42], [{}], [['https://wallet.example']]])(
    'behavior: refuses a base that is not a string (%j)',
    (base) => {
      expect(buildWalletLink(base, uri, 'mobile')).toBeUndefined()
    },
  )

  test.each(['https://wallet.example', 'javascript:alert(1)', 'wc:abc@2?x=1 ', `wc:${'a'.repeat(5000)}`, ''])(
    'behavior: refuses a pairing URI that is not a wc: URI (%j)',
    (badUri) => {
      expect(buildWalletLink('https://wallet.example', badUri, 'mobile')).toBeUndefined()
    },
  )

  test('behavior: the pairing URI cannot break out of the query parameter', () => {
    const tricky = 'wc:abc@2?relay-protocol=irn&x=1#frag/../"<>'
    const link = buildWalletLink('https://wallet.example', tricky, 'mobile') as string
    expect(new URL(link).searchParams.get('uri')).toBe(tricky)
    expect(new URL(link).hash).toBe('')
  })
})

describe('walletConnectLinks', () => {
  test('default', () => {
    expect(
      walletConnectLinks(
        {
          mobile_link: 'metamask://',
          desktop_link: 'https://metamask.app.link/',
          webapp_link: 'https://portfolio.metamask.io',
        },
        'wc:abc@2?relay-protocol=irn',
      ),
    ).toMatchInlineSnapshot(`
      {
        "desktop": "https://metamask.app.link/wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn",
        "mobile": "metamask://wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn",
        "webapp": "https://portfolio.metamask.io/wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn",
      }
    `)
  })

  test('behavior: absent links are absent keys', () => {
    expect(walletConnectLinks({}, uri)).toEqual({})
    expect(walletConnectLinks(undefined, uri)).toEqual({})
    expect(walletConnectLinks({ mobile_link: 'rainbow:' }, uri)).toEqual({ mobile: `rainbow://wc?uri=${encoded}` })
  })

  // The devnet directory's hostile entries (packages/devnet/src/api/wallets.ts).
  test('behavior: devnet hostile entry with a javascript: web app link', () => {
    const links = walletConnectLinks(
      { mobile_link: 'jslink://', desktop_link: undefined, webapp_link: 'javascript:alert(document.domain)' },
      uri,
    )
    expect(links).toEqual({ mobile: `jslink://wc?uri=${encoded}` })
  })

  test('behavior: devnet hostile entry with a data:text/html desktop link', () => {
    const links = walletConnectLinks(
      {
        mobile_link: 'datalink://',
        desktop_link: 'data:text/html,<script>alert(document.domain)</script>',
        webapp_link: 'https://datalink.example',
      },
      uri,
    )
    expect(links).toEqual({
      mobile: `datalink://wc?uri=${encoded}`,
      webapp: `https://datalink.example/wc?uri=${encoded}`,
    })
  })

  test('behavior: the UI fixture directory hostile entries give no link at all', () => {
    expect(walletConnectLinks({ webapp_link: 'javascript:window.__pwned=1' }, uri)).toEqual({})
    expect(walletConnectLinks({ desktop_link: 'data:text/html,<script>window.__pwned=1</script>' }, uri)).toEqual({})
  })
})
