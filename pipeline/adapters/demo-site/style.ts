/**
 * The demo site's own stylesheet, inlined in every page: a readable column, a sidebar that
 * becomes a popover menu below 48rem (usable down to 360px), an on-page table of contents shown
 * from 72rem, callouts by tone, tabs, highlighted code (highlight.js's `hljs-*` classes), light
 * and dark from `prefers-color-scheme`, smooth scrolling only without `prefers-reduced-motion`.
 */
export const SITE_CSS = `
:root{color-scheme:light dark;--hl-keyword:#cf222e;--hl-string:#0a3069;--hl-title:#8250df;--hl-number:#0550ae;--hl-comment:#57606a;--hl-attr:#953800;--tone-info:#0b57d0;--tone-tip:#116329;--tone-warn:#8a6100;--tone-danger:#cf222e;--bg:#fff;--fg:#1b1f24;--muted:#57606a;--border:#d8dee4;--accent:#0b57d0;--accent-bg:#e8f0fe;--code-bg:#f3f5f7;--side-bg:#f8f9fa;--header-h:3.5rem;--callout:#fff8e1;--callout-border:#e0b000}
@media (prefers-color-scheme:dark){:root{--hl-keyword:#ff7b72;--hl-string:#a5d6ff;--hl-title:#d2a8ff;--hl-number:#79c0ff;--hl-comment:#8b949e;--hl-attr:#ffa657;--tone-info:#8ab4f8;--tone-tip:#56d364;--tone-warn:#e3b341;--tone-danger:#ff7b72;--bg:#0f1115;--fg:#e6e8eb;--muted:#9aa4af;--border:#2b313a;--accent:#8ab4f8;--accent-bg:#1c2b45;--code-bg:#1a1e24;--side-bg:#13161b;--callout:#2a2410;--callout-border:#8a6d00}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
@media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.65 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:break-word}
a{color:var(--accent)}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.skip-link{position:absolute;left:.5rem;top:-3rem;z-index:20;padding:.5rem .75rem;background:var(--bg);border:1px solid var(--border);border-radius:6px}
.skip-link:focus{top:.5rem}
.site-header{position:sticky;top:0;z-index:10;display:flex;align-items:center;gap:.75rem;min-height:var(--header-h);padding:.5rem 1rem;background:var(--bg);border-bottom:1px solid var(--border)}
.site-name{font-weight:650;font-size:1.1rem;color:var(--fg);text-decoration:none;white-space:nowrap}
.site-header ask-search{margin-left:auto;min-width:0;flex:0 1 20rem}
.menu-button{display:none;font:inherit;color:var(--fg);background:var(--side-bg);border:1px solid var(--border);border-radius:6px;padding:.3rem .6rem;cursor:pointer}
.site-body{display:grid;grid-template-columns:16rem minmax(0,1fr) 15rem;max-width:92rem;margin:0 auto}
.sidebar{position:sticky;top:var(--header-h);align-self:start;max-height:calc(100vh - var(--header-h));overflow:auto;padding:1.25rem 1rem 2rem;border-right:1px solid var(--border);background:var(--side-bg);font-size:.94rem}
.sidebar[popover]{display:block;inset:var(--header-h) auto auto;margin:0;width:auto;height:auto;color:inherit;border-width:0 1px 0 0;border-style:solid;border-color:var(--border)}
.nav-group{margin:0 0 1.1rem}
.nav-group-label{margin:0 0 .3rem;font-size:.78rem;font-weight:650;letter-spacing:.04em;text-transform:uppercase;color:var(--muted)}
.nav-group ul{list-style:none;margin:0;padding:0}
.nav-group a{display:block;padding:.22rem .5rem;border-radius:6px;color:var(--fg);text-decoration:none;line-height:1.35}
.nav-group a:hover{background:var(--accent-bg)}
.nav-group a[aria-current=page]{background:var(--accent-bg);color:var(--accent);font-weight:600}
.content{min-width:0;padding:1.5rem 2rem 4rem;max-width:50rem}
.content h1{font-size:2rem;line-height:1.25;margin:.5rem 0 1rem}
.content h2{font-size:1.45rem;line-height:1.3;margin:2.2rem 0 .75rem;padding-top:.25rem;border-top:1px solid var(--border)}
.content h3{font-size:1.15rem;margin:1.6rem 0 .5rem}
.content :is(h2,h3,h4)[id]{scroll-margin-top:calc(var(--header-h) + 1rem)}
.content :is(h2,h3):target{background:var(--accent-bg);border-radius:4px;box-shadow:0 0 0 .3rem var(--accent-bg)}
.content :is(p,ul,ol,pre,table,blockquote,aside){margin:0 0 1rem}
.content img{max-width:100%;height:auto}
code{font:.88em/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code-bg);padding:.1em .3em;border-radius:4px}
pre{background:var(--code-bg);padding:0;border-radius:8px;border:1px solid var(--border)}
pre code{display:block;overflow-x:auto;background:none;padding:.85rem 1rem;border-radius:8px;font-size:.86rem}
table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse;font-size:.94rem}
th,td{border:1px solid var(--border);padding:.4rem .65rem;text-align:left;vertical-align:top}
th{background:var(--side-bg)}
blockquote{margin-left:0;padding:.1rem 1rem;border-left:4px solid var(--border);color:var(--muted)}
.callout{--tone:var(--tone-info);padding:.6rem 1rem;border-left:4px solid var(--tone);background:color-mix(in srgb,var(--tone) 9%,var(--bg));border-radius:0 8px 8px 0}
.callout>:last-child{margin-bottom:0}
.callout-title{font-weight:650;color:var(--tone);margin:0 0 .35rem!important}
.callout:is(.callout-tip,.callout-success,.callout-check,.callout-done,.callout-hint,.callout-example){--tone:var(--tone-tip)}
.callout:is(.callout-warning,.callout-caution,.callout-important,.callout-attention,.callout-question,.callout-faq,.callout-help){--tone:var(--tone-warn)}
.callout:is(.callout-danger,.callout-error,.callout-failure,.callout-fail,.callout-bug,.callout-missing){--tone:var(--tone-danger)}
.details{margin:0 0 1rem;padding:.5rem 1rem;border:1px solid var(--border);border-radius:8px;background:var(--side-bg)}
.details>summary{cursor:pointer;font-weight:600}
.details[open]>summary{margin-bottom:.5rem}
.tabs{margin:0 0 1rem;border:1px solid var(--border);border-radius:8px}
.tab-list{display:flex;flex-wrap:wrap;gap:.15rem;padding:.25rem .4rem 0;border-bottom:1px solid var(--border);background:var(--side-bg);border-radius:8px 8px 0 0}
.tab-list [role=tab]{font:inherit;font-size:.9rem;color:var(--muted);background:none;border:0;border-bottom:2px solid transparent;padding:.35rem .7rem;cursor:pointer}
.tab-list [role=tab][aria-selected=true]{color:var(--accent);border-bottom-color:var(--accent);font-weight:600}
.tab-panel{padding:.75rem 1rem}
.tab-panel>:last-child{margin-bottom:0}
.tab-panel>pre:only-child{margin:-.75rem -1rem;border:0;border-radius:0 0 8px 8px}
.breadcrumbs ol{list-style:none;display:flex;flex-wrap:wrap;gap:.35rem;margin:0 0 .5rem;padding:0;font-size:.88rem;color:var(--muted)}
.breadcrumbs li+li::before{content:"›";margin-right:.35rem}
.breadcrumbs a{color:var(--muted)}
.pager{display:flex;justify-content:space-between;gap:1rem;margin-top:3rem;padding-top:1.25rem;border-top:1px solid var(--border)}
.pager a{display:flex;flex-direction:column;padding:.6rem .9rem;border:1px solid var(--border);border-radius:8px;text-decoration:none;max-width:48%}
.pager a span{font-size:.8rem;color:var(--muted)}
.pager-next{margin-left:auto;text-align:right}
.toc{position:sticky;top:var(--header-h);align-self:start;max-height:calc(100vh - var(--header-h));overflow:auto;padding:1.5rem 1rem;font-size:.86rem}
.toc-title{margin:0 0 .4rem;font-weight:650;font-size:.78rem;letter-spacing:.04em;text-transform:uppercase;color:var(--muted)}
.toc ul{list-style:none;margin:0;padding:0}
.toc a{display:block;padding:.15rem 0;color:var(--muted);text-decoration:none;line-height:1.35}
.toc a:hover{color:var(--accent)}
.toc-h3{padding-left:.9rem}
.hljs-keyword,.hljs-selector-tag,.hljs-built_in,.hljs-literal,.hljs-type,.hljs-doctag{color:var(--hl-keyword)}
.hljs-string,.hljs-regexp,.hljs-meta .hljs-string,.hljs-template-tag{color:var(--hl-string)}
.hljs-title,.hljs-section,.hljs-name,.hljs-selector-id,.hljs-selector-class{color:var(--hl-title)}
.hljs-number,.hljs-symbol,.hljs-variable,.hljs-template-variable,.hljs-bullet,.hljs-link{color:var(--hl-number)}
.hljs-comment,.hljs-quote,.hljs-meta{color:var(--hl-comment)}
.hljs-attr,.hljs-attribute,.hljs-property,.hljs-params{color:var(--hl-attr)}
.hljs-emphasis{font-style:italic}
.hljs-strong{font-weight:700}
@media (max-width:72rem){.site-body{grid-template-columns:16rem minmax(0,1fr)}.toc{display:none}}
@media (max-width:48rem){
.site-header{padding:.5rem .75rem;gap:.5rem}
.site-name{min-width:0;overflow:hidden;text-overflow:ellipsis}
.site-header ask-search{flex:0 0 auto}
.site-header .ask-search-keys{display:none}
.site-header .ask-search-trigger-text{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.menu-button{display:inline-block}
.site-body{display:block}
.sidebar[popover]{position:fixed;inset:var(--header-h) auto 0 0;align-self:auto;width:min(20rem,88vw);max-height:none;border-width:0 1px 0 0;box-shadow:0 0 2rem rgb(0 0 0/.25)}
.sidebar[popover]:not(:popover-open){display:none}
.content{padding:1rem 1rem 3rem}
.content h1{font-size:1.6rem}
}
`;
