// The contact form's leads in the portal: staff (admin and employee, on a desktop and a phone)
// find the Leads page in the sidebar, search and filter it, sort it by keyboard, open a lead and
// mark it handled and open again; a customer is sent away. The page has no horizontal overflow
// and no axe violation.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { e2eSuite, expectVisible, normalize, open, signInAsDemo, waitUntil } from "./harness.mjs";

const { pageTest } = e2eSuite({ args: ["--demo"] });

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
  const results = await page.evaluate((t) => window.axe.run(document, { runOnly: { type: "tag", values: t } }), tags);
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function expectFits(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= page.viewportSize().width, `${what}: the page is ${width} px wide`);
}

/** Sends the contact form's request as a visitor would (the public API the form posts to). */
async function submitLead(server, lead) {
  const res = await fetch(`${server.url}/api/v1/leads`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ phone: "317-555-0100", preferred_time: "afternoon", ...lead }),
  });
  assert.equal(res.status, 201, await res.text());
}

pageTest("before any lead, staff see the Leads page's empty state", { viewport: DESKTOP }, async ({ page }) => {
  await signInAsDemo(page, "employee");
  await open(page, "/portal/leads");
  await expectVisible(page.getByRole("heading", { name: "No leads yet" }), "the empty state");
  await expectVisible(page.getByText("Requests for a discovery call sent from the contact page appear here."), "its hint");
});

for (const [viewport, role] of [
  [DESKTOP, "admin"],
  [PHONE, "employee"],
  [DESKTOP, "employee"],
  [PHONE, "admin"],
]) {
  const width = viewport.width;
  pageTest(`an ${role} finds a lead, marks it handled and reopens it, at ${width} px`, { viewport }, async ({ page, server }) => {
    const tag = randomUUID().slice(0, 6);
    const name = `Robin Lead ${tag}`;
    const company = `Harbor Vets ${tag}`;
    await submitLead(server, {
      name,
      email: `robin-${tag}@example.com`,
      company,
      automation_goal: "Answer appointment calls after hours\nand send reminders.",
    });

    await signInAsDemo(page, role);
    // The sidebar's Administration group has the page (behind the menu on a phone).
    const link = page.getByRole("link", { name: "Leads", exact: true });
    if (!(await link.isVisible())) await page.getByRole("button", { name: "Open navigation" }).click();
    await link.click();
    await expectVisible(page.getByRole("heading", { name: "Leads", level: 1 }), "the Leads page");
    assert.equal(await page.title(), "Leads | Growthdesk Portal");

    // Search as one types; the URL keeps it.
    await page.getByLabel("Search leads by name, email or company").fill(tag);
    const row = page.getByRole("row").filter({ hasText: company });
    await expectVisible(row, "the lead in the list");
    await waitUntil(async () => new URL(page.url()).searchParams.get("search") === tag, "the search in the URL");
    assert.ok(normalize(await row.innerText()).includes("Open"), "an open lead");
    assert.ok(normalize(await row.innerText()).includes("Afternoon (12pm–5pm ET)"), "the preferred time in words");
    await expectVisible(page.getByText("1 lead match"), "the count");
    await page.getByLabel("Status").selectOption({ label: "Handled" });
    await expectVisible(page.getByText("No leads match your search."), "none handled yet");
    await page.getByLabel("Status").selectOption({ label: "All leads" });
    await expectVisible(row, "the lead again");
    await expectFits(page, "the list");
    await page.screenshot({ path: `/tmp/admin-leads-${role}-${width}.png` });

    await row.getByRole("link", { name }).click();
    await expectVisible(page.getByRole("heading", { name, level: 1 }), "the lead's page");
    assert.equal(await page.title(), "Lead | Growthdesk Portal");
    const lead = page.getByRole("region", { name: "Lead" });
    await expectVisible(lead.getByRole("link", { name: `robin-${tag}@example.com` }), "the e-mail address as a link");
    await expectVisible(lead.getByRole("link", { name: "317-555-0100" }), "the phone number as a link");
    await expectVisible(lead.getByText("Answer appointment calls after hours"), "what they want automated");
    await expectVisible(lead.getByText("Open", { exact: true }), "the Open badge");

    await page.getByRole("button", { name: "Mark as handled" }).click();
    await expectVisible(page.getByRole("status").filter({ hasText: "Marked as handled." }), "the confirmation");
    await expectVisible(lead.getByText("Handled", { exact: true }), "the Handled badge");
    await expectVisible(lead.getByText(/^Handled .+ by /), "who handled it and when");
    await expectFits(page, "the lead's page");
    assert.deepEqual(await axeViolations(page), [], "axe on the lead's page");
    await page.screenshot({ path: `/tmp/admin-lead-${role}-${width}.png` });

    // Back in the list: Back restores the search; the lead is handled.
    await page.goBack();
    await expectVisible(row, "the lead in the restored list");
    assert.equal(await page.getByLabel("Search leads by name, email or company").inputValue(), tag);
    await page.getByLabel("Status").selectOption({ label: "Handled" });
    await expectVisible(row.getByText("Handled", { exact: true }), "the handled lead");
    assert.deepEqual(await axeViolations(page), [], "axe on the list");

    await row.getByRole("link", { name }).click();
    await page.getByRole("button", { name: "Reopen" }).click();
    await expectVisible(page.getByRole("status").filter({ hasText: "Reopened: the lead is open again." }), "reopened");
    await expectVisible(lead.getByText("Open", { exact: true }), "open again");
    await page.getByRole("link", { name: "All leads" }).click();
    await expectVisible(page.getByRole("heading", { name: "Leads", level: 1 }), "the list");
  });
}

pageTest("staff sort the leads by keyboard; aria-sort says the order", { viewport: DESKTOP }, async ({ page }) => {
  await signInAsDemo(page, "admin");
  await open(page, "/portal/leads");
  const header = page.getByRole("columnheader", { name: "Company" });
  await expectVisible(header, "the Company column");
  assert.equal(await header.getAttribute("aria-sort"), "none");
  await header.getByRole("button").focus();
  await page.keyboard.press("Enter");
  await waitUntil(async () => (await header.getAttribute("aria-sort")) === "ascending", "sorted by company, ascending");
  await waitUntil(async () => new URL(page.url()).searchParams.get("sort") === "company", "the order in the URL");
  const companies = async () =>
    (await page.getByRole("row").allInnerTexts()).slice(1).map((t) => normalize(t).match(/Harbor Vets \w+/)?.[0] ?? "");
  const inOrder = async (desc) => {
    const names = await companies();
    const sorted = [...names].sort((a, b) => (desc ? b.localeCompare(a) : a.localeCompare(b)));
    return names.length === 4 && names.join() === sorted.join();
  };
  await waitUntil(() => inOrder(false), "rows in company order");
  await page.keyboard.press("Enter");
  await waitUntil(async () => (await header.getAttribute("aria-sort")) === "descending", "descending");
  await waitUntil(() => inOrder(true), "rows in reverse company order");
});

pageTest("a customer cannot open the Leads page", { viewport: PHONE }, async ({ page }) => {
  await signInAsDemo(page, "customer");
  assert.equal(await page.getByRole("link", { name: "Leads", exact: true }).count(), 0, "no Leads link");
  await open(page, "/portal/leads");
  await waitUntil(async () => new URL(page.url()).pathname === "/portal", "sent to the dashboard");
});
