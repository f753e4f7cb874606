// The pages' one stylesheet, inline in a <style> whose hash the CSP names: one request per page,
// nothing render-blocking, and no route or asset to add. PAGE_STYLE_HASH is precomputed (Workers
// have no synchronous SHA-256); test/open-data/page/stylesheet.test.ts fails when they disagree.
// The look is the documentation page's (site/explorer.css): system fonts, light and dark.

export const PAGE_STYLESHEET = `:root{color-scheme:light dark;--bg:#f7f8fa;--surface:#fff;--text:#1c2230;--muted:#5a6375;--line:#dde1e8;--accent:#0b6e69;--accent-text:#fff;--head:#eef1f5;--c0:#0b6e69;--c1:#b5470b;--c2:#3b5bdb;--c3:#a61e4d;--c4:#4f7a0b;--c5:#6741d9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;line-height:1.5}
@media (prefers-color-scheme:dark){:root{--bg:#12161d;--surface:#1a2029;--text:#e6e9ef;--muted:#a2abbb;--line:#2d3542;--accent:#4fc2b8;--accent-text:#0d1a19;--head:#232b36;--c0:#4fc2b8;--c1:#ff9f5a;--c2:#8da2ff;--c3:#ff7aa8;--c4:#a9e34b;--c5:#b197fc}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text)}
a{color:var(--accent);text-underline-offset:.2em}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
code{font-family:ui-monospace,'SFMono-Regular',Menlo,Consolas,'Liberation Mono',monospace;font-size:.9em;background:var(--head);padding:.05em .3em;border-radius:4px;overflow-wrap:anywhere}
.wrap{max-width:76rem;margin:0 auto;padding:0 1rem}
.skip-link{position:absolute;left:-999px;top:0;background:var(--surface);padding:.5rem 1rem;z-index:1}
.skip-link:focus{left:.5rem}
.masthead{background:var(--surface);border-bottom:1px solid var(--line);padding:1rem 0 1.25rem}
.site{margin:0 0 .5rem;font-weight:600}
h1{margin:0 0 .75rem;font-size:1.7rem;line-height:1.25;overflow-wrap:anywhere}
h2{font-size:1.35rem;margin:0 0 .75rem}
main>section{padding:1.5rem 0 .5rem}
.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.5rem 1.5rem;margin:0}
.facts div,.metadata div{min-width:0}
dt{font-size:.85rem;color:var(--muted);font-weight:600}
dd{margin:0;overflow-wrap:anywhere;white-space:pre-line}
.facts ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:0 .75rem}
.nav{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;margin:1rem 0 0}
.metadata{display:grid;gap:.6rem;margin:0;background:var(--surface);border:1px solid var(--line);border-radius:8px;padding:1rem}
.metadata div{display:grid;grid-template-columns:minmax(10rem,16rem) 1fr;gap:1rem}
.key{display:block;font-weight:normal;font-size:.8rem}
.empty{color:var(--muted)}
.table-wrap{background:var(--surface);border:1px solid var(--line);border-radius:8px;overflow-x:auto;margin:0 0 1.5rem;width:fit-content;max-width:100%;min-width:min(100%,40rem)}
table{border-collapse:collapse;width:100%}
caption{text-align:left;font-weight:600;padding:.6rem .75rem;caption-side:top}
.caption-note{color:var(--muted);font-weight:normal}
th,td{text-align:left;vertical-align:top;padding:.45rem .75rem;border:1px solid var(--line);white-space:pre-line}
thead th,thead td{background:var(--head);font-size:.9rem}
thead th[colspan]{text-align:center}
tbody th{font-weight:600}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.chart-figure{margin:0;background:var(--surface);border:1px solid var(--line);border-radius:8px;padding:1rem}
figcaption{font-weight:600;margin:0 0 .5rem}
svg.chart{display:block;width:100%;max-width:40rem;height:auto;overflow:visible}
svg.chart text{fill:var(--text)}
.axis text{fill:var(--muted)}
.grid{stroke:var(--line)}
.zero{stroke:var(--muted)}
.bar{fill:var(--c0)}
.series{fill:none;stroke-width:2.5}
.series circle{stroke:none}
.s0{stroke:var(--c0)}.s0 circle{fill:var(--c0)}
.s1{stroke:var(--c1);stroke-dasharray:8 4}.s1 circle{fill:var(--c1)}
.s2{stroke:var(--c2);stroke-dasharray:2 3}.s2 circle{fill:var(--c2)}
.s3{stroke:var(--c3);stroke-dasharray:10 3 2 3}.s3 circle{fill:var(--c3)}
.s4{stroke:var(--c4);stroke-dasharray:4 4}.s4 circle{fill:var(--c4)}
.s5{stroke:var(--c5);stroke-dasharray:12 6}.s5 circle{fill:var(--c5)}
.legend{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;margin:.75rem 0 0}
.legend li{display:flex;align-items:center;gap:.4rem}
.swatch{flex:none}
.chart-summary{margin:.75rem 0 0;color:var(--muted);max-width:50rem}
.downloads{padding-left:1.2rem}
.downloads li{margin-bottom:.35rem}
.search{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:1rem 0}
.search label{flex-basis:100%;font-weight:600}
.search input{flex:1 1 16rem;font:inherit;color:inherit;min-height:2.75rem;border:1px solid var(--muted);border-radius:6px;background:var(--surface);padding:.35rem .6rem}
.search button{font:inherit;min-height:2.75rem;border:1px solid var(--accent);border-radius:6px;background:var(--accent);color:var(--accent-text);font-weight:600;padding:.35rem 1rem;cursor:pointer}
.footer{padding:1.5rem 1rem 2.5rem;color:var(--muted)}
.footer p{margin:.25rem 0}
@media (max-width:44rem){h1{font-size:1.35rem}.metadata div{grid-template-columns:1fr;gap:0}}
@media print{:root{color-scheme:light;--bg:#fff;--surface:#fff;--text:#000;--muted:#333;--line:#999;--head:#eee;--accent:#000;--c0:#0b6e69;--c1:#b5470b;--c2:#3b5bdb;--c3:#a61e4d;--c4:#4f7a0b;--c5:#6741d9}.skip-link,.nav,.search{display:none}.masthead{border:0;padding:0}.table-wrap{overflow:visible;border:0}.chart-figure{border:0;padding:0}figure,tr,.metadata div{break-inside:avoid}h2{break-after:avoid}.downloads a::after{content:" <" attr(href) ">";font-size:.8em;overflow-wrap:anywhere}a{color:inherit}}
`;

/** The CSP source of PAGE_STYLESHEET (sha256, base64), checked by a test. */
export const PAGE_STYLE_HASH = 'sha256-/nO98Fpq5jsRssEjyxwrOiOLJ6thtI9I1U8AdsZR5mY=';

/**
 * The pages' Content-Security-Policy: nothing but the inline stylesheet and the site's icon; no
 * script runs (the JSON-LD block is data, not script); forms go to the site only. connect-src
 * 'self' gives nothing to the page (no script can connect) but lets Lighthouse read /robots.txt,
 * which it fetches under the page's CSP (GoogleChrome/lighthouse#4386).
 */
export const pageContentSecurityPolicy = `default-src 'none'; style-src '${PAGE_STYLE_HASH}'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
