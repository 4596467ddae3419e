// Accessibility: axe-core's WCAG 2.0, 2.1 and 2.2 level A and AA rules on every public page (at
// 1280×900 and, for some pages, on a 390×844 phone) and on every portal page as each role that can
// open it (customer, employee, admin, an admin impersonating the customer) at 1440×900 and
// 390×844, plus a few states a visitor reaches by hand (form errors, the open menus, two-factor
// set-up).
// The pages' Content-Security-Policy blocks injected scripts, so axe is evaluated through the
// DevTools protocol (page.evaluate), which the policy does not govern. Each test visits its pages
// in one browser tab and fails once, listing every violation of every page it saw.

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { MOBILE, blogPosts, e2eSuite, expectText, expectVisible, open, signInAsDemo, waitUntil } from "./harness.mjs";
import { ROLES, settle, sweepPortal, unswept } from "./portal-pages.mjs";

const { pageTest } = e2eSuite({ args: ["--demo"] });

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const DESKTOP = { width: 1280, height: 900 };
const WIDE = { width: 1440, height: 900 };
const PASSWORD = "Sunny-Meadow-42";

/**
 * Verified false positives, each { rule, selector, why }: a violation of `rule` on the element whose
 * axe target is `selector` is ignored. Empty: every finding so far was real and fixed in the app.
 */
const FALSE_POSITIVES = [];

const posts = await blogPosts();

/** The public pages; h1 (when given) tells the page has rendered; mobile: also checked at 390×844. */
const PUBLIC = [
  { path: "/", h1: "Automate the busywork. Grow what matters.", mobile: true },
  { path: "/solutions", h1: "AI Solutions Built for Growing Businesses" },
  { path: "/blog", mobile: true },
  ...posts.map((post, i) => ({ path: `/blog/${post.slug}`, h1: post.title, mobile: i === 0 })),
  { path: "/about" },
  { path: "/contact", mobile: true },
  { path: "/privacy" },
  { path: "/terms" },
  // The prerendered page is a one-second processing state; the outcome replaces it.
  { path: "/checkout/success?session_id=cs_test_1", h1: "Payment Not Confirmed", mobile: true },
  // Opened from the newsletter's e-mails; the button shows once a token is in the address.
  { path: "/newsletter/confirm?token=t", h1: "Confirm your subscription", mobile: true },
  { path: "/newsletter/unsubscribe?token=t", h1: "Unsubscribe from our newsletter" },
];

/** Runs axe on the page as it is now and resolves with its violations, less the false positives. */
async function violations(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }),
    WCAG_TAGS,
  );
  return results.violations
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter((n) => !FALSE_POSITIVES.some((fp) => fp.rule === v.id && fp.selector === n.target.join(" "))),
    }))
    .filter((v) => v.nodes.length > 0);
}

/** One paragraph per page: each violated rule (id, impact, help) and its elements with axe's summary. */
function report(where, found) {
  const lines = [`${where}:`];
  for (const v of found) {
    lines.push(`  ${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}`);
    for (const node of v.nodes) {
      const html = node.html.length > 120 ? `${node.html.slice(0, 117)}...` : node.html;
      lines.push(`    ${node.target.join(" ")}  ${html}`);
      const summary = (node.failureSummary ?? "")
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .reduce((text, line) => (!text ? line : text.endsWith(":") ? `${text} ${line}` : `${text}; ${line}`), "");
      if (summary) lines.push(`      ${summary}`);
    }
  }
  return lines.join("\n");
}

/** Checks the page in several states and throws once, at done(), with every violation found. */
function auditor(page, size) {
  const reports = [];
  let checked = 0;
  return {
    async check(what) {
      checked++;
      const found = await violations(page);
      if (found.length) reports.push(report(`${what} at ${size}`, found));
    },
    done() {
      if (reports.length) {
        const rules = reports.length === 1 ? "1 of" : `${reports.length} of`;
        throw new Error(`${rules} ${checked} pages or states violate WCAG A/AA rules:\n\n${reports.join("\n\n")}`);
      }
    },
  };
}

/** Opens a page and waits for its h1 (the given text, else any) and for its data to have loaded. */
async function show(page, path, h1) {
  await open(page, path);
  if (h1) await expectText(page.locator("h1"), h1);
  else await expectVisible(page.locator("h1"), `the h1 of ${path}`);
  await settle(page);
}

for (const viewport of [DESKTOP, MOBILE]) {
  const size = `${viewport.width}×${viewport.height}`;
  const pages = viewport === DESKTOP ? PUBLIC : PUBLIC.filter((p) => p.mobile);

  pageTest(`the public pages pass the WCAG A and AA rules at ${size}`, { viewport }, async ({ page }) => {
    const audit = auditor(page, size);
    for (const { path, h1 } of pages) {
      await show(page, path, h1);
      await audit.check(path);
    }

    await show(page, "/contact");
    await page.getByRole("button", { name: "Book My Free Call" }).click();
    await expectVisible(page.locator('[aria-invalid="true"]').first(), "the contact form's errors");
    await audit.check("/contact with the form's errors");

    if (viewport === MOBILE) {
      await show(page, "/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await expectVisible(page.getByRole("navigation", { name: "Mobile" }), "the mobile menu");
      await audit.check("/ with the menu open");
    }
    audit.done();
  });
}

pageTest(`the portal's sign-in pages pass the WCAG A and AA rules at 1280×900`, { viewport: DESKTOP }, async ({ page }) => {
  const audit = auditor(page, "1280×900");
  await show(page, "/portal/login", "Sign in to your portal");
  await audit.check("/portal/login");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expectVisible(page.getByRole("alert"), "the sign-in error");
  await audit.check("/portal/login with an error");
  await show(page, "/portal/register", "Request Account Access");
  await audit.check("/portal/register");
  await show(page, "/portal/forgot-password");
  await audit.check("/portal/forgot-password");
  audit.done();
});

// Every portal page as each role that can open it (portal-pages.mjs: the navigation as the
// role sees it, each page's tabs, a ticket, a topic, the not-found page), at 1440 and 390 px.
// One tab per role and width; the routes reached are collected for the coverage test below.
const reached = new Set();
for (const viewport of [WIDE, MOBILE]) {
  const size = `${viewport.width}×${viewport.height}`;
  for (const [role, signIn] of Object.entries(ROLES)) {
    pageTest(`every portal page passes the WCAG A and AA rules as ${role} at ${size}`, { viewport, timeout: 240_000 }, async ({ page }) => {
      const audit = auditor(page, size);
      await signIn(page);
      for (const route of await sweepPortal(page, role, (where) => audit.check(where))) reached.add(route);
      audit.done();
    });
  }
}

pageTest("the sweep reaches every signed-in route of the portal", async () => {
  const missing = await unswept(reached);
  if (missing.length) throw new Error(`no role reached these routes of paths.ts; give each a way in (web/e2e/portal-pages.mjs): ${missing.join(", ")}`);
});

// States a person reaches by hand on top of the pages: the sign-in page on a phone, the
// navigation drawer, Admin Management after a change, two-factor set-up.
for (const viewport of [WIDE, MOBILE]) {
  const size = `${viewport.width}×${viewport.height}`;
  const phone = viewport === MOBILE;

  pageTest(`the portal's opened states pass the WCAG A and AA rules at ${size}`, { viewport }, async ({ page, server }) => {
    const suffix = randomUUID().slice(0, 8);
    const customer = { email: `a11y-customer-${suffix}@example.com`, name: `Cy ${suffix}` };
    await server.cli(
      ...["users", "create", "--email", customer.email, "--role", "customer", "--password", PASSWORD],
      ...["--name", customer.name, "--data-dir", server.dataDir],
    );
    const audit = auditor(page, size);
    if (phone) {
      await show(page, "/portal/login", "Sign in to your portal");
      await audit.check("/portal/login");
    }
    await signInAsDemo(page, "admin");
    await settle(page);

    if (phone) {
      await page.getByRole("button", { name: "Open navigation" }).click();
      await expectVisible(page.locator("#portal-sidebar"), "the navigation drawer");
      await audit.check("/portal with the navigation open");
      await page.keyboard.press("Escape");
    }

    await show(page, "/portal/settings?tab=admin");
    // Admin Management with a change saved: the notice, a row's controls and the audit log.
    await page.getByLabel(`Role of ${customer.name}`).selectOption({ label: "Employee" });
    await page.getByRole("button", { name: `Save changes to ${customer.name}` }).click();
    await expectVisible(page.getByText(`${customer.name} has been updated.`), "the saved change");
    await settle(page);
    await audit.check("/portal/settings, Admin Management tab after a change");

    // Security with two-factor set-up under way: QR code, key and code field.
    await selectTab(page, "Security");
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await expectVisible(page.getByRole("heading", { name: "Set up your authenticator app" }), "the set-up steps");
    await audit.check("/portal/settings, two-factor set-up");
    await page.getByRole("button", { name: "Cancel" }).click();
    audit.done();
  });
}

async function selectTab(page, name) {
  const tab = page.getByRole("tab", { name });
  await tab.click();
  await waitUntil(async () => (await tab.getAttribute("aria-selected")) === "true", `the ${name} tab is selected`);
  await settle(page);
}
