// What each public page makes a browser download and run, read from the real binary's answers:
// the public pages are prerendered HTML with one small islands script and no framework
// (docs/adr/0018-public-pages-without-react.md). Budgets, gzip as sent:
//   - at most 20 KB of JavaScript on Home, Solutions, About, Privacy, Terms and every article,
//     at most 35 KB on /blog and /contact;
//   - no render-blocking script: every external script is defer, async or a module, and no inline
//     script runs (JSON data blocks are data, not scripts);
//   - CSS in one file of at most 15 KB.
// A page that hydrates React (about 110 KB) fails at once.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { gunzipSync } from "node:zlib";
import { blogPosts, startServer } from "./harness.mjs";

const KB = 1024;
const JS_BUDGET = 20 * KB;
const JS_BUDGET_INTERACTIVE = 35 * KB;
const CSS_BUDGET = 15 * KB;

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

/** The answer's body as sent with gzip, and its decoded text. */
async function fetchGzip(path) {
  const res = await fetch(server.url + path, { headers: { "Accept-Encoding": "gzip" }, decompress: false });
  assert.equal(res.status, 200, `${path} answers 200`);
  const raw = Buffer.from(await res.arrayBuffer());
  // Node's fetch decodes gzip itself; the size on the wire is what the server sent before that.
  const encoding = res.headers.get("content-encoding");
  const sent = Number(res.headers.get("content-length") ?? raw.length);
  const text = encoding === "gzip" && raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw).toString("utf8") : raw.toString("utf8");
  return { sent, text, encoding };
}

/** The attributes of every tag named `name` in html, as objects. */
function tags(html, name) {
  const found = [];
  for (const m of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))) {
    const attrs = {};
    for (const a of m[1].matchAll(/([a-zA-Z-:]+)(?:="([^"]*)")?/g)) attrs[a[1].toLowerCase()] = a[2] ?? "";
    attrs.index = m.index;
    found.push(attrs);
  }
  return found;
}

/** Inline script bodies with their type. */
function inlineScripts(html) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc=/.test(m[1]))
    .map((m) => ({ type: /type="([^"]*)"/.exec(m[1])?.[1] ?? "", body: m[2] }));
}

const posts = await blogPosts();
const pages = [
  ["/", JS_BUDGET],
  ["/solutions", JS_BUDGET],
  ["/about", JS_BUDGET],
  ["/privacy", JS_BUDGET],
  ["/terms", JS_BUDGET],
  ["/blog", JS_BUDGET_INTERACTIVE],
  ["/contact", JS_BUDGET_INTERACTIVE],
  ...posts.map((p) => [`/blog/${p.slug}`, JS_BUDGET]),
];

for (const [path, budget] of pages) {
  test(`${path} ships at most ${budget / KB} KB of JavaScript, nothing render-blocking, one small stylesheet`, async () => {
    const { text: html, encoding } = await fetchGzip(path);
    assert.equal(encoding, "gzip", `${path} is sent gzip-compressed`);

    const scripts = tags(html, "script").filter((s) => "src" in s);
    const preloads = tags(html, "link").filter((l) => /modulepreload|preload/.test(l.rel ?? "") && (l.as === "script" || l.rel === "modulepreload"));
    assert.ok(scripts.length > 0, `${path} loads its islands script`);
    for (const s of scripts) {
      const deferred = "defer" in s || "async" in s || s.type === "module";
      assert.ok(deferred, `${path}: <script src="${s.src}"> does not block rendering (defer, async or module)`);
    }
    for (const s of inlineScripts(html)) {
      assert.equal(s.type, "application/json", `${path} runs no inline script (found type "${s.type}": ${s.body.slice(0, 80)})`);
    }

    let js = 0;
    const files = new Set([...scripts.map((s) => s.src), ...preloads.map((l) => l.href)]);
    for (const src of files) js += (await fetchGzip(src)).sent;
    assert.ok(js <= budget, `${path} loads ${(js / KB).toFixed(1)} KB of JavaScript (gzip); the budget is ${budget / KB} KB`);
    assert.ok(!html.includes("__reactRouterContext"), `${path} carries no React Router hydration data`);

    const sheets = tags(html, "link").filter((l) => l.rel === "stylesheet");
    assert.ok(sheets.length <= 1, `${path} links at most one stylesheet, saw ${sheets.length}`);
    for (const sheet of sheets) {
      const { sent } = await fetchGzip(sheet.href);
      assert.ok(sent <= CSS_BUDGET, `${path}: ${sheet.href} is ${(sent / KB).toFixed(1)} KB (gzip); the budget is ${CSS_BUDGET / KB} KB`);
    }
  });
}

test("the portal keeps its app: /portal/login hydrates React", async () => {
  const { text: html } = await fetchGzip("/portal/login");
  assert.ok(html.includes("__reactRouterContext"), "the app shell carries the router's hydration data");
});
