// The newsletter's double opt-in, end to end: the blog's box stores the address as pending and
// the server mails a confirmation through a real SMTP server; the e-mailed links open public
// pages whose buttons confirm and unsubscribe without signing in. Also: an error thrown in the
// page reaches the server's log.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { e2eSuite, expectText, expectVisible, htmlText, open, waitForHydration, waitUntil } from "./harness.mjs";

const suite = e2eSuite({ smtp: true });
const { pageTest } = suite;

const CHECK_INBOX = "Almost there! Check your inbox and click the link in our email to confirm your subscription.";

function newsletterBox(page) {
  return page.getByRole("region", { name: "Stay ahead with AI automation insights" });
}

async function status(address) {
  return (await suite.server.subscribers()).find((s) => s.email === address)?.status ?? "(absent)";
}

/** The link to path in the e-mail's text part, as a URL. */
function mailLink(mail, path) {
  const m = new RegExp(`(https?://\\S+${path.replace("/", "\\/")}\\?token=\\S+)`).exec(mail.text);
  assert.ok(m, `no ${path} link in the e-mail:\n${mail.text}`);
  return new URL(m[1]);
}

pageTest("subscribe from the blog, confirm from the e-mail, then unsubscribe from it", async ({ page, url }) => {
  const address = `reader-${randomUUID().slice(0, 8)}@example.com`;
  await open(page, "/blog");
  const box = newsletterBox(page);
  await box.getByRole("textbox", { name: "Email address" }).fill(address);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expectVisible(box.getByText(CHECK_INBOX), "the check-your-inbox message");
  assert.equal(await status(address), "pending", "the address waits for confirmation");

  const mail = await suite.server.smtp.waitForMail({ to: address, subject: /^Confirm your subscription/ });
  const confirm = mailLink(mail, "/newsletter/confirm");
  const unsubscribe = mailLink(mail, "/newsletter/unsubscribe");
  assert.equal(confirm.origin, suite.server.url);
  assert.notEqual(confirm.searchParams.get("token"), unsubscribe.searchParams.get("token"), "one token per purpose");
  assert.ok(mail.html.includes(confirm.href.replaceAll("&", "&amp;")), "the HTML part carries the confirm link");
  assert.ok(mail.html.includes(unsubscribe.href.replaceAll("&", "&amp;")), "the HTML part carries the unsubscribe link");
  // mailparser gathers the List-* headers under "list".
  const listHeader = JSON.stringify(mail.headers.get("list") ?? mail.headers.get("list-unsubscribe") ?? null);
  assert.ok(listHeader.includes(unsubscribe.href), `List-Unsubscribe names the unsubscribe link: ${listHeader}`);

  // A mail scanner fetching the link changes nothing: the page needs a press of its button.
  const prefetch = await fetch(confirm);
  assert.equal(prefetch.status, 200);
  assert.match(prefetch.headers.get("content-security-policy") ?? "", /script-src 'self'/, "the page has its own CSP");
  const html = await prefetch.text();
  assert.match(html, /<meta name="robots" content="noindex"/, "the page is not indexed");
  assert.ok(htmlText(html).includes("Confirm your subscription"));
  assert.equal(await status(address), "pending", "fetching the link did not confirm");

  await page.goto(confirm.href);
  await waitForHydration(page);
  await expectText(page.getByRole("heading", { level: 1 }), "Confirm your subscription");
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expectText(page.getByRole("heading", { level: 1 }), "You're subscribed!");
  await expectVisible(page.getByText(`${address} will receive our next article`), "the confirmation");
  await waitUntil(async () => (await status(address)) === "confirmed", "the address was not confirmed");

  await page.goto(unsubscribe.href);
  await waitForHydration(page);
  await expectText(page.getByRole("heading", { level: 1 }), "Unsubscribe from our newsletter");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expectText(page.getByRole("heading", { level: 1 }), "You're unsubscribed");
  await waitUntil(async () => (await status(address)) === "unsubscribed", "the address was not unsubscribed");

  // Unsubscribing again is fine.
  await page.goto(unsubscribe.href);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expectText(page.getByRole("heading", { level: 1 }), "You're unsubscribed");

  const sitemap = await (await fetch(url("/sitemap.xml"))).text();
  assert.ok(!sitemap.includes("/newsletter/"), `the sitemap lists a newsletter page:\n${sitemap}`);
});

pageTest(
  "a tampered or incomplete link shows what went wrong and changes nothing",
  { allowConsoleErrors: [/Failed to load resource: the server responded with a status of 422/] },
  async ({ page }) => {
    await open(page, "/newsletter/confirm?token=v1.newsletter-confirm.9999999999.cmVhZGVyQGV4YW1wbGUuY29t.AAAA");
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expectText(page.getByRole("alert"), "This link is not valid. Please use the link from the most recent email we sent you.");

    await open(page, "/newsletter/unsubscribe");
    await expectText(page.getByRole("alert"), "This link is incomplete. Please open the link from your email again.");
    assert.equal(await page.getByRole("button", { name: "Unsubscribe" }).count(), 0);
  },
);

// Not a pageTest: its pages fail on any uncaught error, and this test throws one on purpose.
test("an unhandled rejection in the page is reported to the server's log", async () => {
  const marker = `e2e-probe-${randomUUID().slice(0, 8)}`;
  const context = await suite.browser.newContext({ baseURL: suite.server.url });
  try {
    const page = await context.newPage();
    await open(page, "/blog?secret=1");
    await page.evaluate((m) => setTimeout(() => Promise.reject(new Error(m)), 0), marker);
    await waitUntil(
      () => suite.server.output().includes(marker),
      () => `the server did not log ${marker}:\n${suite.server.output().slice(-2000)}`,
    );
  } finally {
    await context.close();
  }
  const line = suite.server
    .output()
    .split("\n")
    .find((l) => l.includes(marker));
  const entry = JSON.parse(line);
  assert.equal(entry.level, "WARN");
  assert.equal(entry.msg, "client error");
  assert.equal(entry.kind, "unhandledrejection");
  assert.equal(entry.message, `Error: ${marker}`);
  assert.equal(entry.url, `${suite.server.url}/blog`, "the reported URL has no query string");
  assert.ok(entry.request_id, "the log line carries the request id");
});
