// The inline script index.html runs before the boot chunk has downloaded (docs/behaviour.md#early-refresh):
// with the session hint cookie present it asks for a refresh at once, under the same Web Lock as every tab's
// refresh, tells the other tabs the token it got (as a refresh in the app would), and leaves the promise on
// `window` for the auth actor to adopt. Then, on a signed-in path, it preloads every chunk that path needs,
// as the build listed them in index.html (src/schema/system/signed-in-preload.ts), so they are asked for at once
// rather than each after the one importing it has run. Read by the Vite build, which writes it into
// index.html, and by the server, whose Content-Security-Policy allows exactly this text by its hash; never by
// the browser's bundle.
// Its imports name their files in full and import nothing further: vite.config.ts loads this module as it is.

import { SIGNED_IN_PRELOAD_ID } from "../system/signed-in-preload.ts"
import { REFRESH_LOCK, TAB_CHANNEL } from "../tabs/tab-names.ts"
import { EARLY_NOTICE_KEY, EARLY_REFRESH_KEY } from "./early-refresh.ts"
import { SESSION_HINT_COOKIE } from "./session-hint.ts"

const text = JSON.stringify

/**
 * The refresh endpoint's path, as the API description (../api/auth.ts) gives it; that module is not loaded here
 * (it brings Schema), and test/unit/early-refresh.test.ts holds the two equal.
 */
export const EARLY_REFRESH_PATH = "/api/company/token/refresh/"

/**
 * Where index.html wants the script: after the charset, before any stylesheet (an inline script waits for the
 * stylesheets above it to load).
 */
export const EARLY_REFRESH_SLOT = "<!-- early-refresh -->"

/**
 * Adds the preloads of the current path; the refresh is asked first, so that it is not queued behind them for
 * one of the browser's few connections. A missing or malformed list preloads nothing: the app then loads its
 * chunks as it always did.
 */
const PRELOAD =
  "var preload=function(){try{" +
  `var d=document.getElementById(${text(SIGNED_IN_PRELOAD_ID)});if(!d)return;` +
  'var p=JSON.parse(d.textContent||""),path=location.pathname;' +
  "if(p.public.indexOf(path)>=0)return;" +
  "var f=p.fallback;" +
  'for(var i=0;i<p.routes.length;i++)if(new RegExp(p.routes[i][0],"i").test(path)){f=p.routes[i][1];break}' +
  "var all=p.shell.concat(f);" +
  'for(var j=0;j<all.length;j++){var k=document.createElement("link");' +
  'if(/\\.css$/.test(all[j])){k.rel="preload";k.as="style"}else k.rel="modulepreload";' +
  'k.crossOrigin="";k.href=all[j];document.head.appendChild(k)}' +
  "}catch(e){}};"

/**
 * Without a session, the page is the sign-in form (a signed-in path sends the visitor there): its chunk, which a
 * signed-in start never loads, is preloaded at once beside the entry's, as the build listed it in index.html.
 */
const SIGN_IN_PRELOAD =
  "try{" +
  `var s=JSON.parse((document.getElementById(${text(SIGNED_IN_PRELOAD_ID)})||{}).textContent||"null").signIn;` +
  'for(var n=0;n<s.length;n++){var m=document.createElement("link");' +
  'if(/\\.css$/.test(s[n])){m.rel="preload";m.as="style"}else m.rel="modulepreload";' +
  'm.crossOrigin="";m.href=s[n];document.head.appendChild(m)}' +
  "}catch(e){}"

/**
 * The sign-in notice's endpoint (../api/auth.ts gives it; test/unit/early-refresh.test.ts holds the two equal):
 * without a session the page is the sign-in form, whose largest text is that notice.
 */
export const EARLY_NOTICE_PATH = "/api/company/sign-in-notice/"

/**
 * Without a session, asks for the sign-in notice at once (not on an invitation or a reset link, which do not
 * show it) and leaves its answer, the body or null, for the notice's actor: the notice then shows with the form
 * instead of a round trip after the runtime that would otherwise make the call.
 */
const NOTICE =
  "if(!/^\\/(invite|reset-password)\\//.test(location.pathname)){" +
  `window[${text(EARLY_NOTICE_KEY)}]=fetch(${text(EARLY_NOTICE_PATH)},{credentials:"same-origin"})` +
  ".then(function(r){return r.ok?r.json():null}).catch(function(){return null});" +
  SIGN_IN_PRELOAD +
  "}"

/**
 * The profile's and the dashboard summary's endpoints (../api/auth.ts and ../api/dashboard.ts give them;
 * test/unit/early-gets.test.ts holds them equal): what a signed-in start asks for first once it holds the
 * token, and the dashboard's largest text.
 */
export const EARLY_PROFILE_PATH = "/api/company/user/"
export const EARLY_SUMMARY_PATH = "/api/v1/dashboard/summary/"

/**
 * With the token, sends those GETs at once, as the app's Api will (the same headers), instead of after the
 * boot chunk and the runtime have arrived and run: the profile on every path (the sign-in page sends a session
 * to the dashboard), the summary where the dashboard shows (its path, or the root that leads there). The app
 * takes each answer through `fetch`, which this replaces until both are taken: the first GET of the same URL
 * (the page's origin, as the Api's base is unless configured otherwise) with the same bearer gets the early
 * answer, or, when that got none, the network's; anything else goes straight to the browser's fetch. In
 * `window`'s own `fetch`, not the app's code: that code is in what a signed-in page loads before it shows, and
 * its budget has no room (docs/behaviour.md#early-refresh).
 */
const GETS =
  'var h="Bearer "+t,f=fetch,g={},n=0,get=function(u){n++;' +
  'g[location.origin+u]=f(u,{method:"GET",headers:{Accept:"application/json",Authorization:h},credentials:"include"})' +
  ".catch(function(){return null})};" +
  `get(${text(EARLY_PROFILE_PATH)});` +
  `if(/^\\/(dashboard\\/?)?$/i.test(location.pathname))get(${text(EARLY_SUMMARY_PATH)});` +
  "var w=window.fetch=function(i,q){" +
  'var a=typeof i==="string"&&q&&q.method==="GET"&&new Headers(q.headers).get("Authorization")===h&&g[i];' +
  "if(!a)return f.apply(window,arguments);" +
  "delete g[i];if(--n===0&&window.fetch===w)window.fetch=f;" +
  "return a.then(function(r){return r||f(i,q)})};"

export const EARLY_REFRESH_SCRIPT =
  "(function(){" +
  `if(!/(?:^|;\\s*)${SESSION_HINT_COOKIE.name}=/.test(document.cookie)){${NOTICE}return}` +
  PRELOAD +
  "var call=function(){" +
  `var asked=fetch(${text(EARLY_REFRESH_PATH)},{method:"POST",credentials:"same-origin"});` +
  "preload();preload=function(){};" +
  "return asked" +
  ".then(function(r){" +
  "if(!r.ok)return{status:r.status,access:null};" +
  "return r.json().then(function(b){" +
  'var t=b&&typeof b.access==="string"&&b.access?b.access:null;' +
  `if(t&&typeof BroadcastChannel==="function"){var c=new BroadcastChannel(${text(TAB_CHANNEL)});` +
  'c.postMessage({type:"token",token:t});c.close()}' +
  `if(t){${GETS}}` +
  "return{status:r.status,access:t}})})};" +
  "var l=navigator.locks;" +
  `window[${text(EARLY_REFRESH_KEY)}]=(l?l.request(${text(REFRESH_LOCK)},call):call())` +
  ".catch(function(){return null});" +
  // The lock may be held by another tab's refresh for a while: the preloads need not wait for it.
  "setTimeout(function(){preload();preload=function(){}},50)" +
  "})()"
