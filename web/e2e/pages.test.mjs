// Every public route shows its content, both in the browser and in the prerendered HTML; unknown
// articles and paths; the payment confirmation page.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  blogPosts,
  countVisible,
  e2eSuite,
  expectHidden,
  expectText,
  expectVisible,
  expectVisibleText,
  htmlText,
  normalize,
  open,
  siteConfig,
} from "./harness.mjs";

const suite = e2eSuite();
const { pageTest } = suite;

const posts = await blogPosts();
const site = await siteConfig();
assert.ok(posts.length > 0, "content/blog has posts");
const NAV = [
  ["Home", "/"],
  ["Solutions", "/solutions"],
  ["Blog", "/blog"],
  ["About", "/about"],
  ["Contact", "/contact"],
];
const FOOTER_QUICK_LINKS = [
  ["Home", "/"],
  ["Solutions", "/solutions"],
  ["About", "/about"],
  ["Contact", "/contact"],
];

const longDate = (iso) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** The first '# ' heading of a post body, as a reader sees it. */
function firstBodyHeading(body) {
  const line = body.split("\n").find((l) => /^#{1,3} /.test(l.trim()));
  return line.trim().replace(/^#{1,3} +/, "").replace(/\*\*/g, "");
}

/** Each route: the h1, the <title>, text from its main content, and whether it has the public shell. */
const ROUTES = [
  {
    path: "/",
    h1: "Automate the busywork. Grow what matters.",
    title: `${site.name} | AI Chatbots, Workflow Automation & Reporting`,
    content: ["AI Chatbots", "Workflow Automation", "Automated Reporting", "Discover", "Design", "Deploy"],
    shell: true,
  },
  {
    path: "/solutions",
    h1: "AI Solutions Built for Growing Businesses",
    title: `AI Solutions for Growing Businesses | ${site.name}`,
    content: ["AI Chatbots", "Workflow Automation", "Growth Blueprint"],
    shell: true,
  },
  {
    path: "/blog",
    h1: "AI Automation Insights",
    title: `Blog | ${site.name}`,
    content: ["Featured Articles", ...posts.map((p) => p.title)],
    shell: true,
  },
  {
    path: "/about",
    h1: "We Help Growing Businesses Put AI to Work",
    title: `About Us | ${site.name}`,
    content: ["Founder & CEO", "Chief Technology Officer", "Director of Internal Operations"],
    shell: true,
  },
  {
    path: "/contact",
    h1: "Ready to Transform Your Business?",
    title: `Contact Us: Book Your Free Strategy Call | ${site.name}`,
    content: ["Discovery Call Form", "What You'll Get", "Frequently Asked Questions"],
    shell: true,
  },
  {
    path: "/privacy",
    h1: "Privacy Policy",
    title: `Privacy Policy | ${site.name}`,
    content: ["1. Information We Collect", "6. Cookies", "9. Contact Us"],
    shell: true,
  },
  {
    path: "/terms",
    h1: "Terms of Service",
    title: `Terms of Service | ${site.name}`,
    content: ["1. Acceptance of Terms", "7. Governing Law", "Indiana"],
    shell: true,
  },
  {
    path: "/checkout/success",
    // The prerendered page is the 1-second processing state; the browser then shows the outcome.
    h1: "Processing your purchase...",
    // Without a session the server can confirm, the outcome is honest: not confirmed.
    browserH1: "Payment Not Confirmed",
    title: `Payment Confirmation | ${site.name}`,
    content: ["Processing your purchase..."],
    browserContent: ["View Billing Details", "Go to Dashboard", site.email],
    shell: false,
  },
  ...posts.map((post) => ({
    path: `/blog/${post.slug}`,
    h1: post.title,
    title: `${post.title} | ${site.name}`,
    content: [post.excerpt, post.author, longDate(post.publishDate), post.readTime, firstBodyHeading(post.body), "About the Author"],
    shell: false,
    post,
  })),
];

const TOKENS = ["growthdesk.invalid", "__GROWTHDESK_CONFIG__"];

async function checkShell(page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await expectVisible(nav, "the header navigation");
  for (const [label, href] of NAV) {
    const link = nav.getByRole("link", { name: label, exact: true });
    await expectVisible(link, `header link ${label}`);
    assert.equal(await link.getAttribute("href"), href, `header link ${label}`);
  }
  const book = page.getByRole("banner").getByRole("link", { name: "Book Free Call" });
  await expectVisible(book, "the 'Book Free Call' button");
  assert.equal(await book.getAttribute("href"), "/contact");

  const footer = page.getByRole("contentinfo");
  await footer.scrollIntoViewIfNeeded();
  await expectVisible(footer.getByText(site.location, { exact: true }), `footer ${site.location}`);
  const year = new Date().getFullYear();
  await expectVisible(footer.getByText(`© ${year} ${site.name}. All rights reserved.`), `footer © ${year}, the current year`);
  assert.equal(site.location, "Indianapolis, IN");
  await expectVisible(footer.getByRole("link", { name: site.email }), "footer e-mail");
  await expectVisible(footer.getByRole("link", { name: site.phone }), "footer phone");
  const quick = footer.getByRole("navigation", { name: "Quick Links" });
  for (const [label, href] of FOOTER_QUICK_LINKS) {
    assert.equal(await quick.getByRole("link", { name: label, exact: true }).getAttribute("href"), href, `footer ${label}`);
  }
  assert.equal(await footer.getByRole("link", { name: "Privacy Policy" }).getAttribute("href"), "/privacy");
  assert.equal(await footer.getByRole("link", { name: "Terms of Service" }).getAttribute("href"), "/terms");
  const social = footer.getByRole("list", { name: "Social media" }).getByRole("link");
  assert.deepEqual(
    await social.evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    site.social.map((s) => s.url),
  );
}

async function checkShareLinks(page, post, pageUrl) {
  const links = page.getByRole("link", { name: /^Share on / });
  const hrefs = await links.evaluateAll((as) => as.map((a) => [a.getAttribute("aria-label"), a.href]));
  assert.deepEqual(
    hrefs.map(([label]) => label.replace(/ \(opens in a new tab\)$/, "")),
    ["Share on Twitter", "Share on LinkedIn", "Share on Facebook"],
  );
  for (const [label, href] of hrefs) {
    const params = new URL(href).searchParams;
    assert.equal(params.get("url") ?? params.get("u"), pageUrl, `${label} shares the page URL`);
  }
  assert.equal(new URL(hrefs[0][1]).searchParams.get("text"), post.title, "Twitter shares the title");
}

async function checkNoShell(page) {
  assert.equal(await page.getByRole("navigation", { name: "Main" }).count(), 0, "no site header navigation");
  assert.equal(await page.getByRole("contentinfo").count(), 0, "no site footer");
  assert.equal(await countVisible(page.getByText("All rights reserved.")), 0, "no copyright line");
  assert.equal(await countVisible(page.getByText(site.location, { exact: true })), 0, "no footer address");
}

for (const route of ROUTES) {
  pageTest(`${route.path} shows its content`, async ({ page, url }) => {
    const res = await open(page, route.path);
    assert.equal(res.status(), 200);

    const h1 = page.locator("h1");
    await expectText(h1, route.browserH1 ?? route.h1);
    assert.equal(await h1.count(), 1, "exactly one h1");
    assert.equal(await page.title(), route.title);
    const canonical = page.locator('link[rel="canonical"]');
    assert.equal(await canonical.count(), 1, "one canonical link");
    assert.equal(await canonical.getAttribute("href"), url(route.path));

    for (const text of [...(route.browserContent ?? route.content)]) {
      await expectVisibleText(page, text);
    }
    if (route.shell) await checkShell(page);
    else await checkNoShell(page);
    if (route.post) await checkShareLinks(page, route.post, url(route.path));

    // The build-time placeholders never reach the reader, not even after hydration (React adds a
    // second <link>/<meta> when the one it renders differs from the server's).
    const html = await page.content();
    for (const token of TOKENS) assert.ok(!html.includes(token), `the page still contains ${token}`);
  });
}

test("every route is prerendered: its HTML carries the content without JavaScript", async () => {
  const { server } = suite;
  for (const route of ROUTES) {
    const res = await fetch(server.url + route.path, { redirect: "manual" });
    const html = await res.text();
    assert.equal(res.status, 200, `${route.path} status`);
    assert.match(res.headers.get("content-type"), /^text\/html/, `${route.path} content type`);
    const text = htmlText(html);
    const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
    assert.ok(h1, `${route.path}: the HTML has an h1`);
    assert.equal(htmlText(h1[1]), route.h1, `${route.path}: h1`);
    const title = /<title>([\s\S]*?)<\/title>/.exec(html);
    assert.equal(title && htmlText(title[1]), route.title, `${route.path}: <title>`);
    assert.ok(
      html.includes(`<link rel="canonical" href="${server.url}${route.path}"/>`),
      `${route.path}: canonical link to ${server.url}${route.path}`,
    );
    for (const snippet of route.content) {
      assert.ok(text.includes(normalize(snippet)), `${route.path}: HTML contains ${JSON.stringify(snippet)}`);
    }
    if (route.shell) {
      for (const snippet of ["Indianapolis, IN", "All rights reserved.", "Book Free Call"]) {
        assert.ok(text.includes(snippet), `${route.path}: HTML contains ${JSON.stringify(snippet)}`);
      }
    } else {
      assert.ok(!text.includes("All rights reserved."), `${route.path}: no site footer in the HTML`);
    }
    assert.ok(res.headers.get("content-security-policy"), `${route.path}: has a Content-Security-Policy`);
    for (const token of TOKENS) assert.ok(!html.includes(token), `${route.path}: the HTML still contains ${token}`);
  }
});

pageTest(
  "an unknown article shows 'Article Not Found' and 'Back to Blog' leads to the blog",
  // The server answers an unknown slug with 404; Chromium logs that as a failed resource.
  { allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] },
  async ({ page }) => {
    const res = await open(page, "/blog/no-such-post");
    assert.equal(res.status(), 404);
    await expectText(page.locator("h1"), "Article Not Found");
    assert.equal(await page.title(), `Article Not Found | ${site.name}`);
    const back = page.getByRole("link", { name: "Back to Blog" });
    await expectVisible(back, "the 'Back to Blog' link");
    await back.click();
    await page.waitForURL((u) => u.pathname === "/blog");
    await expectText(page.locator("h1"), "AI Automation Insights");
    await expectVisibleText(page, posts[0].title);
  },
);

pageTest("an unknown path lands on the home page", async ({ page, url }) => {
  await page.goto("/no/such/page");
  await page.waitForURL((u) => u.pathname === "/");
  await expectText(page.locator("h1"), "Automate the busywork. Grow what matters.");
  assert.equal(page.url(), url("/"));
  assert.equal(await page.title(), `${site.name} | AI Chatbots, Workflow Automation & Reporting`);
});

pageTest("payment success shows processing, then an honest outcome and where to go next", async ({ page }) => {
  // DOMContentLoaded comes before the app's module scripts run, so the one-second timer starts later.
  await page.goto("/checkout/success?session_id=cs_test_123", { waitUntil: "domcontentloaded" });
  await expectText(page.locator("h1"), "Processing your purchase...");
  const started = Date.now();
  // Nobody is signed in, so the server cannot confirm the session: no success text (the paid
  // case is walked in billing.test.mjs).
  await expectText(page.locator("h1"), "Payment Not Confirmed");
  // The product waits one second before showing the outcome (spec §9).
  const waited = Date.now() - started;
  assert.ok(waited >= 500, `the processing state lasted about a second (saw the outcome after ${waited} ms)`);
  await expectHidden(page.getByText("Processing your purchase..."), "the processing message");
  await expectHidden(page.getByText("Transaction ID: cs_test_123"), "a transaction id of an unconfirmed payment");
  const billing = page.getByRole("link", { name: "View Billing Details" });
  const dashboard = page.getByRole("link", { name: "Go to Dashboard" });
  await expectVisible(billing, "'View Billing Details'");
  await expectVisible(dashboard, "'Go to Dashboard'");
  assert.equal(new URL(await billing.evaluate((a) => a.href)).pathname, "/portal/billing");
  assert.equal(new URL(await dashboard.evaluate((a) => a.href)).pathname, "/portal");
  await expectVisible(page.getByRole("link", { name: site.email }), "the support contact");
});
