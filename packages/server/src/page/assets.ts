// The admin page's only stylesheet and script, served from /assets/ so the Content-Security-
// Policy can forbid every inline script and style. Kept as strings in a module so they ship in
// the compiled package with no build step and no file lookup at run time.
import { createHash } from 'node:crypto';

const CSS = `
:root{--bg:#f6f7f9;--fg:#1a1d23;--muted:#4a5160;--card:#fff;--line:#d5d9e0;--accent:#1f4fbf;--ok:#0f6b2f;--warn:#8a5200;--bad:#a31919;--chip:#e8ecf4}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}
a:focus,button:focus,input:focus,select:focus,textarea:focus,summary:focus{outline:3px solid #f0b400;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:6px;z-index:9}
header.top{display:flex;flex-wrap:wrap;align-items:center;gap:4px 16px;padding:8px 16px;background:#14213d;color:#fff}
header.top a{color:#fff;text-decoration:none;padding:6px 8px;border-radius:4px;white-space:nowrap;display:inline-block}
header.top a[aria-current=page]{background:#2d4379;text-decoration:underline}
header.top .brand{font-weight:700;margin-right:8px}
header.top form{margin-left:auto}
main{padding:16px;max-width:1400px;margin:0 auto}
h1{font-size:1.5rem;margin:.2em 0 .6em}h2{font-size:1.2rem;margin:1.2em 0 .5em}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px;margin-bottom:16px}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px}
.card .label{color:var(--muted);font-size:.85rem}.card .value{font-size:1.5rem;font-weight:700}
.panel{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px;margin-bottom:16px;overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{background:#eef1f6;font-weight:600}
.chip{display:inline-block;background:var(--chip);border-radius:10px;padding:0 8px;margin:1px 2px;font-size:.8rem}
.ok{color:var(--ok)}.warn{color:var(--warn)}.bad{color:var(--bad)}.muted{color:var(--muted)}
.filters{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
.filters label{display:flex;flex-direction:column;font-size:.85rem;color:var(--muted)}
input,select,textarea,button{font:inherit;padding:6px 8px;border:1px solid #8a93a3;border-radius:4px;background:#fff;color:var(--fg)}
.button{padding:6px 8px;border-radius:4px;border:1px solid var(--accent)}
button,.button{background:var(--accent);color:#fff;border-color:var(--accent);cursor:pointer;text-decoration:none;display:inline-block}
button.secondary{background:#fff;color:var(--accent)}
button.danger{background:var(--bad);border-color:var(--bad)}
form.inline{display:inline}
.bars{display:flex;flex-direction:column;gap:4px}
.bar{display:grid;grid-template-columns:8em 1fr 4em;gap:8px;align-items:center}
.bar meter{width:100%;height:14px}
.tabs{display:flex;flex-wrap:wrap;gap:4px;border-bottom:2px solid var(--line);margin-bottom:12px}
.tabs a{padding:8px 12px;text-decoration:none;border-radius:6px 6px 0 0}
.tabs a[aria-current=page]{background:var(--card);border:2px solid var(--line);border-bottom-color:var(--card);margin-bottom:-2px;font-weight:600}
.secret{font-family:ui-monospace,monospace;background:#fff8d6;border:1px solid #c9a400;padding:8px;word-break:break-all}
pre,code{font-family:ui-monospace,monospace;font-size:.85rem}
pre{white-space:pre-wrap;word-break:break-word;background:#f0f2f5;padding:8px;border-radius:4px}
.notice{background:#e6f0ff;border:1px solid #9db8ef;padding:8px 12px;border-radius:6px;margin-bottom:12px}
.error{background:#fdeaea;border:1px solid #e09a9a;padding:8px 12px;border-radius:6px;margin-bottom:12px}
.signin{max-width:420px;margin:10vh auto}
.signin label{display:block;margin:8px 0 4px}.signin input{width:100%}
.pager{display:flex;gap:12px;margin-top:8px}
dl.meta{display:grid;grid-template-columns:minmax(10em,16em) 1fr;gap:4px 12px}dl.meta dt{color:var(--muted)}dl.meta dd{margin:0;word-break:break-word}
@media (max-width:700px){main{padding:8px}table{font-size:.8rem}th,td{padding:4px}.bar{grid-template-columns:6em 1fr 3em}dl.meta{grid-template-columns:1fr}}
`;

// Progressive enhancement only: every page works without it. Copy buttons, confirmation of
// destructive forms, and nothing else.
const JS = `
"use strict";
document.addEventListener("click", function (e) {
  var b = e.target.closest("button[data-copy]");
  if (!b) return;
  var el = document.getElementById(b.getAttribute("data-copy"));
  if (!el || !navigator.clipboard) return;
  navigator.clipboard.writeText(el.textContent.trim()).then(function () { b.textContent = "Copied"; });
});
document.addEventListener("submit", function (e) {
  var msg = e.target.getAttribute("data-confirm");
  if (msg && !window.confirm(msg)) e.preventDefault();
});
`;

function asset(body: string, type: string) {
  return { body, type, etag: '"' + createHash('sha256').update(body).digest('base64url').slice(0, 16) + '"' };
}

export const PAGE_ASSETS: Record<string, { body: string; type: string; etag: string }> = {
  '/assets/app.css': asset(CSS, 'text/css; charset=utf-8'),
  '/assets/app.js': asset(JS, 'text/javascript; charset=utf-8'),
};
