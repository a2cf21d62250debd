// The inline script index.html runs before the boot chunk has downloaded (docs/behaviour.md#early-refresh):
// with the session hint cookie present it asks for a refresh at once, under the same Web Lock as every tab's
// refresh, tells the other tabs the token it got (as a refresh in the app would), and leaves the promise on
// `window` for the auth actor to adopt. Read by the Vite build, which writes it into index.html, and by the
// server, whose Content-Security-Policy allows exactly this text by its hash; never by the browser's bundle.
// Its imports name their files in full and import nothing further: vite.config.ts loads this module as it is.
import { EARLY_REFRESH_KEY } from "./early-refresh.ts"
import { SESSION_HINT_COOKIE } from "./session-hint.ts"
import { REFRESH_LOCK, TAB_CHANNEL } from "./tab-names.ts"

const text = JSON.stringify

/**
 * The refresh endpoint's path, as the API description (./api/auth.ts) gives it; that module is not loaded here
 * (it brings Schema), and test/unit/early-refresh.test.ts holds the two equal.
 */
export const EARLY_REFRESH_PATH = "/api/company/token/refresh/"

/**
 * Where index.html wants the script: after the charset, before any stylesheet (an inline script waits for the
 * stylesheets above it to load).
 */
export const EARLY_REFRESH_SLOT = "<!-- early-refresh -->"

export const EARLY_REFRESH_SCRIPT =
  "(function(){" +
  `if(!/(?:^|;\\s*)${SESSION_HINT_COOKIE.name}=/.test(document.cookie))return;` +
  "var call=function(){" +
  `return fetch(${text(EARLY_REFRESH_PATH)},{method:"POST",credentials:"same-origin"})` +
  ".then(function(r){" +
  "if(!r.ok)return{status:r.status,access:null};" +
  "return r.json().then(function(b){" +
  'var t=b&&typeof b.access==="string"&&b.access?b.access:null;' +
  `if(t&&typeof BroadcastChannel==="function"){var c=new BroadcastChannel(${text(TAB_CHANNEL)});` +
  'c.postMessage({type:"token",token:t});c.close()}' +
  "return{status:r.status,access:t}})})};" +
  "var l=navigator.locks;" +
  `window[${text(EARLY_REFRESH_KEY)}]=(l?l.request(${text(REFRESH_LOCK)},call):call())` +
  ".catch(function(){return null})" +
  "})()"
