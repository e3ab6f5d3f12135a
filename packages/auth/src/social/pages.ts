import { scriptHash } from './social.js'

/**
 * The message the callback page posts to the secure frame (and only to it): the provider's
 * answer as a URI, which the frame sends to `POST /v1/social/connect`.
 */
export const socialResultType = '@portico-social/result'
/** The notice the page posts to the page that opened the popup: the login came back (no code in it). */
export const socialDoneType = '@portico-social/done'

// Runs in the popup. The code goes to the frames of the window that opened the popup, with the
// secure frame's origin as target: the browser delivers it to a frame on that origin only, so
// the host page (or anything else it embeds) never sees it. The opener itself only hears that
// the login came back, on the origin that started it.
const script = `(function(){var d=JSON.parse(document.getElementById('portico-result').textContent);var o=window.opener;if(!o){document.getElementById('portico-status').textContent='This window was not opened by a Portico login. You can close it.';return}for(var i=0;i<o.frames.length;i++){for(var j=0;j<d.frameOrigins.length;j++){try{o.frames[i].postMessage({type:'${socialResultType}',uri:d.uri},d.frameOrigins[j])}catch(e){}}}if(d.pageOrigin){try{o.postMessage({type:'${socialDoneType}'},d.pageOrigin)}catch(e){}}})()`

/** Content-Security-Policy of the callback page: its one script, nothing else. */
export const callbackPageCsp = `default-src 'none'; script-src ${scriptHash(script)}; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`

const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The page a provider redirects (or form-posts) the popup to. */
export function callbackPage(data: { uri: string; frameOrigins: readonly string[]; pageOrigin: string | undefined }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>Signing in…</title>
<style>body{font:16px system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0}</style></head>
<body><p id="portico-status" role="status">Signing in… You can close this window if it stays open.</p>
<script type="application/json" id="portico-result">${json(data)}</script>
<script>${script}</script></body></html>`
}
