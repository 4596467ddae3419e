// Horizontal overflow: at 390, 1280 and 1440 px every public page (each blog post too), the
// newsletter's confirm and unsubscribe pages (before and after the button), the sign-in pages
// (reset-password too: its invalid-link state and, from an e-mailed link, its form) and every
// portal page as each role that can open it (customer, employee, admin, an admin impersonating
// the customer; see portal-pages.mjs: the navigation, each tab, a ticket, a topic, the not-found
// page) must fit. An element fails when its right edge lies beyond the viewport or beyond the
// visible box of its nearest horizontally scrollable ancestor (a wide table that needs a
// sideways scroll bar fails too); content clipped by an `overflow: hidden` ancestor is measured
// only as far as it shows. Text is measured by its own line boxes, so a word that runs out of a
// fixed-width box counts as well. Each width is one test that signs in once per account; it
// fails once, listing every offending element of every page it saw.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { blogPosts, e2eSuite, expectVisible, open } from "./harness.mjs";
import { ROLES, settle, sweepPortal } from "./portal-pages.mjs";

const { pageTest } = e2eSuite({ args: ["--demo"], smtp: true });

const WIDTHS = [
  // Each width asks for a password reset of another demo account: one reset mail per account
  // and minute.
  { width: 390, height: 844, resetFor: "owner@northwind.example" },
  { width: 1280, height: 800, resetFor: "staff@demo.growthdesk.io" },
  { width: 1440, height: 900, resetFor: "admin@demo.growthdesk.io" },
];


const posts = await blogPosts();

const PUBLIC = [
  "/",
  "/solutions",
  "/blog",
  ...posts.map((post) => `/blog/${post.slug}`),
  "/about",
  "/contact",
  "/privacy",
  "/terms",
  "/checkout/success?session_id=cs_test_overflow&success=true",
  "/portal/login",
  "/portal/register",
  "/portal/forgot-password",
  "/portal/reset-password",
];

const TOLERANCE_PX = 1;
const MAX_LISTED = 8;

/**
 * Runs in the page: every rendered element and text line whose right edge lies beyond its bound
 * (the viewport, or the client box of the nearest ancestor that scrolls sideways), with a readable
 * description. Only the outermost offender of a nested group is listed, plus a count.
 */
function findOverflow(tolerance) {
  const viewportRight = document.documentElement.clientWidth;
  const describe = (el) => {
    if (!el || el === document.documentElement) return "the viewport";
    let s = el.tagName.toLowerCase();
    if (el.id) s += `#${el.id}`;
    const cls = typeof el.className === "string" ? el.className.trim().split(/\s+/).filter(Boolean).slice(0, 5) : [];
    if (cls.length) s += `.${cls.join(".")}`;
    const role = el.getAttribute("role");
    if (role) s += `[role=${role}]`;
    return s;
  };
  const snippet = (text) => {
    const t = (text ?? "").replace(/\s+/g, " ").trim();
    return t.length > 60 ? `${t.slice(0, 57)}...` : t;
  };

  // The bound of a box that starts at `start` (an element, or the parent of a text node): the
  // nearest scroll container it lies in, or the viewport; clipping ancestors crop the box first.
  function boundFor(start) {
    let right = Infinity;
    const position = getComputedStyle(start).position;
    if (position === "fixed") return { container: null, bound: viewportRight, clip: right };
    let el = position === "absolute" ? start.offsetParent : start.parentElement;
    while (el && el !== document.body && el !== document.documentElement) {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const inner = box.left + el.clientLeft + el.clientWidth;
      if (style.overflowX === "auto" || style.overflowX === "scroll") {
        return { container: el, bound: inner, clip: right };
      }
      if (style.overflowX === "hidden" || style.overflowX === "clip") right = Math.min(right, inner);
      if (style.position === "fixed") break;
      el = style.position === "absolute" ? el.offsetParent : el.parentElement;
    }
    return { container: null, bound: viewportRight, clip: right };
  }

  const hits = [];
  const offending = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let el;
    let right;
    let text;
    if (node.nodeType === Node.TEXT_NODE) {
      if (!node.textContent.trim() || !node.parentElement) continue;
      el = node.parentElement;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) continue;
      right = Math.max(...rects.map((r) => r.right));
      text = node.textContent;
    } else {
      el = node;
      if (["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"].includes(el.tagName)) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      right = rect.right;
      text = el.innerText;
    }
    const { container, bound, clip } = node.nodeType === Node.TEXT_NODE ? boundForText(el) : boundFor(el);
    const shown = Math.min(right, clip);
    if (shown <= bound + tolerance) continue;
    if (el.closest("[hidden]")) continue;
    offending.add(el);
    hits.push({ el, text, right: shown, bound, container });
  }

  // A text node is laid out in its parent: the parent's own overflow clips it, then its ancestors'.
  // Text must also stay inside the box that lays it out (its nearest block-level ancestor), so a
  // word too long for a fixed-width cell counts even where the overflow does not reach the viewport.
  function boundForText(parent) {
    const style = getComputedStyle(parent);
    const own = parent.getBoundingClientRect();
    const inner = own.left + parent.clientLeft + parent.clientWidth;
    if (style.overflowX === "auto" || style.overflowX === "scroll") return { container: parent, bound: inner, clip: Infinity };
    let outer = boundFor(parent);
    if (style.overflowX === "hidden" || style.overflowX === "clip") outer = { ...outer, clip: Math.min(outer.clip, inner) };
    let block = parent;
    while (block.parentElement && /^(inline|contents)$/.test(getComputedStyle(block).display)) block = block.parentElement;
    const blockRight = block.getBoundingClientRect().right;
    return blockRight < outer.bound ? { ...outer, container: block, bound: blockRight } : outer;
  }

  const outermost = hits.filter(({ el }) => {
    for (let p = el.parentElement; p; p = p.parentElement) if (offending.has(p)) return false;
    return true;
  });
  const seen = new Set();
  const unique = outermost.filter(({ el }) => (seen.has(el) ? false : (seen.add(el), true)));
  return {
    total: offending.size,
    documentWidth: document.documentElement.scrollWidth,
    viewport: viewportRight,
    items: unique.map(({ el, text, right, bound, container }) => ({
      element: describe(el),
      text: snippet(text),
      right: Math.round(right),
      bound: Math.round(bound),
      container: container === el ? "its own box" : describe(container),
    })),
  };
}

async function check(page, where, problems) {
  await settle(page);
  const result = await page.evaluate(findOverflow, TOLERANCE_PX);
  if (result.total === 0 && result.documentWidth <= result.viewport) return;
  const lines = result.items
    .slice(0, MAX_LISTED)
    .map((o) => `    ${o.element} ${JSON.stringify(o.text)}: right edge ${o.right} px > ${o.bound} px of ${o.container}`);
  if (result.items.length > MAX_LISTED) lines.push(`    … and ${result.items.length - MAX_LISTED} more`);
  problems.push(
    `  ${where}: document ${result.documentWidth} px wide in a ${result.viewport} px viewport, ` +
      `${result.total} element(s) overflow:\n${lines.join("\n")}`,
  );
}

/** The link to path in an e-mail's text part. */
function mailLink(mail, path) {
  const m = new RegExp(`(https?://\\S+${path.replaceAll("/", "\\/")}\\?\\S+)`).exec(mail.text);
  assert.ok(m, `no ${path} link in the e-mail:\n${mail.text}`);
  return new URL(m[1]);
}

/** The newsletter's confirm and unsubscribe pages, before and after their button. */
async function checkNewsletterPages(page, server, problems) {
  const address = `overflow-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${server.url}/api/v1/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: address, source: "blog" }),
  });
  assert.ok(res.ok, `newsletter sign-up: ${res.status}`);
  const mail = await server.smtp.waitForMail({ to: address, subject: /^Confirm your subscription/ });
  const confirm = mailLink(mail, "/newsletter/confirm");
  const unsubscribe = mailLink(mail, "/newsletter/unsubscribe");
  await open(page, confirm.pathname + confirm.search);
  await check(page, "/newsletter/confirm", problems);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expectVisible(page.getByRole("heading", { level: 1, name: "You're subscribed!" }), "the confirmed page");
  await check(page, "/newsletter/confirm (confirmed)", problems);
  await open(page, unsubscribe.pathname + unsubscribe.search);
  await check(page, "/newsletter/unsubscribe", problems);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expectVisible(page.getByRole("heading", { level: 1, name: "You're unsubscribed" }), "the unsubscribed page");
  await check(page, "/newsletter/unsubscribe (unsubscribed)", problems);
}

/** The reset-password form, opened from a password reset e-mail in a context of its own. */
async function checkResetPasswordForm(newContext, server, email, problems) {
  const redirect = encodeURIComponent(`${server.url}/portal/reset-password`);
  const res = await fetch(`${server.url}/auth/v1/recover?redirect_to=${redirect}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  assert.ok(res.ok, `password reset of ${email}: ${res.status}`);
  const mail = await server.smtp.waitForMail({ to: email, subject: /^Reset your/ });
  const page = await (await newContext()).newPage();
  await page.goto(mailLink(mail, "/auth/v1/verify").href);
  await expectVisible(page.getByRole("heading", { name: "Choose a new password" }), "the reset-password form");
  await check(page, "/portal/reset-password (from the e-mailed link)", problems);
}

for (const viewport of WIDTHS) {
  const { resetFor, ...size } = viewport;
  pageTest(`no page overflows sideways at ${viewport.width} px`, { viewport: size, timeout: 420_000 }, async ({ page, server, newContext }) => {
    const problems = [];
    for (const path of PUBLIC) {
      await open(page, path);
      await check(page, path, problems);
    }
    await checkNewsletterPages(page, server, problems);
    await checkResetPasswordForm(newContext, server, resetFor, problems);

    // A failed security check shows its message next to the answer.
    await open(page, "/portal/register");
    await page.getByLabel(/What is \d+ \+ \d+\?/).fill("99");
    await page.getByRole("button", { name: "Verify" }).click();
    await expectVisible(page.getByText("Please solve the math problem correctly"), "the math-check error");
    await check(page, "/portal/register with a wrong security answer", problems);

    // Every portal page as each role that can open it, each role in a tab of its own.
    for (const [role, signIn] of Object.entries(ROLES)) {
      const tab = await (await newContext()).newPage();
      await signIn(tab);
      await sweepPortal(tab, role, (where) => check(tab, where, problems));
    }

    assert.equal(problems.length, 0, `pages overflow at ${viewport.width} px:\n${problems.join("\n")}`);
  });
}
