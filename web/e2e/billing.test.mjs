// Billing in Chromium with the built-in test payment provider (demo mode, offline): a customer
// buys the plan for their organization and sees it with the card and the invoice; another changes
// the card, cancels at period end and resumes; an admin sees the overview, changes a status (asked
// first, with what will change, and told what happened), exports the filtered rows and deletes a
// subscription; an employee's calls to the overview's API are refused, and the employee's billing
// page offers nothing that could only fail.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { MOBILE, e2eSuite, expectHidden, expectText, expectVisible, normalize, open, pdfText, portalHome } from "./harness.mjs";

const suite = e2eSuite({ args: ["--demo"] });
const { pageTest } = suite;
const PASSWORD = "growthdesk-demo";
const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe's WCAG A and AA violations on the page as it is now, as readable lines. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }),
    WCAG_TAGS,
  );
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} ${n.html.slice(0, 100)}`));
}

async function signInAs(page, email) {
  await open(page, "/portal/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expectVisible(portalHome(page), "the dashboard");
}

async function tokenOf(email) {
  const res = await fetch(`${suite.server.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  assert.equal(res.status, 200, `sign-in of ${email}`);
  return (await res.json()).access_token;
}

const WIDE = { width: 1440, height: 900 };
const CHATBOT_SETUP_TEXT = "A chatbot on your website that answers your customers from your own services, prices and FAQs, with monthly tuning and support.";

/**
 * What of the card (and of every element in it) is cut off, as lines: a part outside the card, outside the window, or
 * outside an ancestor that clips (a scrolling dialog body), counting the card's ring (a box-shadow drawn outside it).
 */
async function clipped(locator) {
  return locator.evaluate((root) => {
    const out = [];
    const box = root.getBoundingClientRect();
    const shadows = [...getComputedStyle(root).boxShadow.matchAll(/(-?[\d.]+)px (-?[\d.]+)px ([\d.]+)px (-?[\d.]+)px/g)];
    const ring = Math.max(0, ...shadows.map(([, x, y, blur, spread]) => Math.max(Math.abs(+x), Math.abs(+y)) + +blur + +spread));
    if (box.left - ring < 0 || box.right + ring > window.innerWidth + 0.5) out.push(`the card spans ${box.left}..${box.right} of a ${window.innerWidth} px window`);
    for (let a = root.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const r = a.getBoundingClientRect();
      const top = r.top + a.clientTop, left = r.left + a.clientLeft;
      if (box.top - ring < top - 0.5 || box.bottom + ring > top + a.clientHeight + 0.5 || box.left - ring < left - 0.5 || box.right + ring > left + a.clientWidth + 0.5) {
        out.push(`the card's edge is cut off by ${a.tagName}.${[...a.classList].join(".")}`);
      }
    }
    for (const el of [root, ...root.querySelectorAll("*")]) {
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") out.push(`${el.tagName} scrolls or clips its content`);
      const r = el.getBoundingClientRect();
      if (el !== root && (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5)) {
        out.push(`${el.tagName} "${(el.textContent ?? "").trim().slice(0, 30)}" sticks out of the card`);
      }
    }
    return out;
  });
}

for (const [label, viewport] of [["1440", WIDE], ["390", MOBILE]]) {
  pageTest(`a customer without a plan is asked to choose one from the operator's catalogue, whole, at ${label} px`, { viewport }, async ({ page }) => {
    await signInAs(page, "customer@demo.growthdesk.io");
    await open(page, "/portal/billing");
    const current = page.getByRole("region", { name: "Current Subscription" });
    await expectVisible(current.getByText("Your organization has no subscription yet. Choose a plan to get started."), "the empty subscription");
    await expectHidden(page.getByRole("button", { name: "Upgrade Plan" }), "Upgrade Plan, with nothing to upgrade");
    await current.getByRole("button", { name: "Choose a Plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose Your Plan" });
    const cards = dialog.getByRole("listitem");
    await expectVisible(cards.first(), "the plans");
    // content/plans.json: the operator's names, descriptions and prices, in their order.
    assert.deepEqual(await cards.getByRole("heading").allInnerTexts(), ["Chatbot Setup", "Workflow Automation"]);
    await expectVisible(dialog.getByText(CHATBOT_SETUP_TEXT), "Chatbot Setup's description");
    await expectVisible(dialog.getByText("$499.00 per month"), "Workflow Automation's price");
    await expectHidden(dialog.getByText("Just for testing"), "a placeholder description");
    for (const name of ["Chatbot Setup", "Workflow Automation"]) {
      const card = cards.filter({ has: page.getByRole("heading", { name }) });
      await card.scrollIntoViewIfNeeded();
      assert.deepEqual(await clipped(card), [], `the ${name} card at ${label} px`);
      await expectVisible(card.getByRole("button", { name: `Choose ${name}` }), `its Choose button`);
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scrolling");
  });
}

for (const [label, viewport] of [["1440", WIDE], ["390", MOBILE]]) {
  pageTest(`a customer opens an invoice as a document and downloads its PDF, at ${label} px`, { viewport }, async ({ page }) => {
    await signInAs(page, "owner@northwind.example");
    await open(page, "/portal/billing");
    // The address the invoices are billed to, set on the billing page (a street of its own at each width, so that
    // the second run changes it too).
    const street = `${label} Harbor Way`;
    const card = page.getByRole("region", { name: "Billing Address" });
    const address = card.getByLabel("Address");
    await address.fill(`  ${street} \n\nSeattle, WA 98101\nUnited States`);
    await card.getByRole("button", { name: "Save Address" }).click();
    await expectVisible(card.getByText("Billing address saved. Your invoices show it."), "the saved notice");
    await expectVisible(card.getByRole("button", { name: "Save Address" }).and(page.locator(":disabled")), "Save, with nothing left to save");
    await open(page, "/portal/billing");
    assert.equal(await page.getByRole("region", { name: "Billing Address" }).getByLabel("Address").inputValue(), `${street}\nSeattle, WA 98101\nUnited States`);
    await page.getByRole("region", { name: "Billing History" }).getByRole("link", { name: "View invoice NW-0002" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/portal/billing/invoices/"));
    await expectVisible(page.getByRole("heading", { level: 1, name: "Invoice NW-0002" }), "the invoice's heading");
    assert.equal(await page.title(), "Invoice | Growthdesk Portal");
    const doc = page.getByRole("article", { name: "Invoice NW-0002" });
    for (const [what, text] of [
      ["the seller", "Growthdesk LLC"],
      ["the seller's address", "320 N Meridian St, Suite 700"],
      ["the seller's e-mail", "hello@growthdesk.io"],
      ["the buyer", "Northwind Logistics"],
      ["the buyer's address", street],
      ["the buyer's city", "Seattle, WA 98101"],
      ["the status", "Paid"],
    ]) {
      await expectVisible(doc.getByText(text, { exact: true }), what);
    }
    assert.match(normalize(await doc.innerText()), /Issue date [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expectVisible(doc.getByRole("cell", { name: /^Chatbot Setup, [A-Z][a-z]+ \d{1,2}, \d{4} to [A-Z][a-z]+ \d{1,2}, \d{4}/ }), "the line item");
    assert.match(normalize(await doc.getByLabel("Totals").innerText()), /^Subtotal \$1\.00 Sales tax \(0%\) \$0\.00 Total \$1\.00$/);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scrolling");
    assert.deepEqual(await axeViolations(page), []);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    assert.equal(download.suggestedFilename(), "invoice-NW-0002.pdf");
    const text = await pdfText(await download.path());
    for (const want of ["Invoice number NW-0002", "Status Paid", "Growthdesk LLC", "320 N Meridian St, Suite 700", "Northwind Logistics",
      street, "Seattle, WA 98101",
      "Subtotal $1.00", "Sales tax (0%) $0.00", "Total $1.00"]) {
      assert.ok(text.includes(want), `the PDF says ${want}: ${text}`);
    }
  });
}

pageTest("another organization's invoice is not shown; an admin opens any", { allowConsoleErrors: [/status of 404/] }, async ({ page, newContext }) => {
  const owner = await tokenOf("owner@northwind.example");
  const account = await (await fetch(`${suite.server.url}/api/v1/billing`, { headers: { Authorization: `Bearer ${owner}` } })).json();
  const id = account.invoices[0].id;
  const pdf = await fetch(`${suite.server.url}/api/v1/billing/invoices/${id}/pdf`, { headers: { Authorization: `Bearer ${await tokenOf("customer@demo.growthdesk.io")}` } });
  assert.equal(pdf.status, 404, "another organization's PDF");

  await signInAs(page, "customer@demo.growthdesk.io");
  await open(page, `/portal/billing/invoices/${id}`);
  await expectVisible(page.getByText("The invoice could not be loaded."), "the refusal");
  await expectVisible(page.getByText("There is no such invoice."), "the reason");
  await expectHidden(page.getByText("Northwind Logistics"), "the other organization's name");

  const admin = await (await newContext()).newPage();
  await signInAs(admin, "admin@demo.growthdesk.io");
  await open(admin, `/portal/billing/invoices/${id}`);
  await expectVisible(admin.getByRole("article").getByText("Northwind Logistics", { exact: true }), "the invoice, to an admin");
});

pageTest(
  "a customer chooses the plan, pays on the test checkout and sees plan, card and invoice",
  // The made-up session at the end is looked up and answered 404, which the browser logs.
  { allowConsoleErrors: [/status of 404/] },
  async ({ page }) => {
  await signInAs(page, "customer@demo.growthdesk.io");
  await open(page, "/portal/billing");
  await expectVisible(page.getByText("No billing history available"), "the empty billing history");

  // Cancel first: back on the billing page, nothing bought.
  await page.getByRole("button", { name: "Choose a Plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose Your Plan" });
  await expectVisible(dialog, "the plan dialog");
  await expectVisible(dialog.getByText(CHATBOT_SETUP_TEXT), "the plan's description");
  await expectVisible(dialog.getByText("$1.00 per month"), "the plan's price");
  await dialog.getByRole("button", { name: "Choose Chatbot Setup" }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/functions/v1/test-checkout/"));
  await expectVisible(page.getByRole("heading", { name: "Chatbot Setup" }), "the checkout's plan");
  await expectVisible(page.getByText("$1.00", { exact: false }).first(), "the checkout's price");
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL((u) => u.pathname === "/portal/billing" && u.searchParams.get("canceled") === "true");
  await expectVisible(page.getByText("Checkout was canceled. You have not been charged."), "the canceled notice");
  await expectVisible(page.getByText("No billing history available"), "still no billing history");

  // Now pay with the default test card.
  await page.getByRole("button", { name: "Choose a Plan" }).click();
  await page.getByRole("dialog", { name: "Choose Your Plan" }).getByRole("button", { name: "Choose Chatbot Setup" }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/functions/v1/test-checkout/"));
  const session = new URL(page.url()).pathname.split("/").pop();
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((u) => u.pathname === "/checkout/success");
  assert.equal(new URL(page.url()).searchParams.get("session_id"), session);
  await expectText(page.locator("h1"), "Payment Successful!");
  await expectVisible(page.getByText(`Transaction ID: ${session}`), "the transaction id");

  await page.getByRole("link", { name: "View Billing Details" }).click();
  await page.waitForURL((u) => u.pathname === "/portal/billing");
  const current = page.getByRole("region", { name: "Current Subscription" });
  await expectVisible(current.getByText("Chatbot Setup"), "the plan");
  await expectVisible(current.getByText("$1.00/month"), "the amount");
  await expectVisible(current.getByText("Active", { exact: true }), "the status");
  const card = page.getByRole("region", { name: "Payment Method" });
  await expectVisible(card.getByLabel("Card ending in 4242"), "the masked card");
  await expectVisible(card.getByText("Visa"), "the brand");
  await expectVisible(card.getByText("Default"), "the Default tag");
  const history = page.getByRole("region", { name: "Billing History" });
  await expectHidden(history.getByText("No billing history available"), "the empty state");
  await expectVisible(history.getByText("$1.00"), "the invoice amount");
  await expectVisible(history.getByText("Paid", { exact: true }), "the invoice status");
  await history.getByRole("link", { name: /^View invoice / }).click();
  await expectVisible(page.getByRole("article").getByText("Brightside Dental", { exact: true }), "the invoice names the organization");
  await expectVisible(page.getByRole("article").getByText(/^Chatbot Setup, /), "the invoice's line");

  // The dashboard announces the organization's next billing date.
  await open(page, "/portal");
  const banner = page.getByRole("alert").filter({ hasText: "Upcoming Billing" }).or(page.getByRole("status").filter({ hasText: "Upcoming Billing" }));
  await expectVisible(banner.first(), "the Upcoming Billing banner");
  assert.match(normalize(await banner.first().innerText()), /Your next billing date is [A-Z][a-z]+ \d{1,2}, \d{4}\./);

  // A made-up session is not confirmed.
  await open(page, "/checkout/success?session_id=cs_made_up&success=true");
  await expectText(page.locator("h1"), "Payment Not Confirmed");
  await expectHidden(page.getByText("Payment Successful!"), "the success text");

  // The billing page's own return (the server's fallback success URL) asks the server too:
  // the paid session is thanked for, a made-up or missing one is not.
  await open(page, `/portal/billing?success=true&session_id=${session}`);
  await expectVisible(page.getByText("Thank you! Your payment was received."), "the confirmed payment");
  for (const query of ["success=true&session_id=cs_made_up", "success=true"]) {
    await open(page, `/portal/billing?${query}`);
    await expectVisible(page.getByText("Payment Not Confirmed"), `the unconfirmed return (${query})`);
    await expectHidden(page.getByText("Thank you! Your payment was received."), `the thanks (${query})`);
  }
  },
);

pageTest("the Update Payment Method button changes the card; cancel at period end asks first and resume undoes it", async ({ page }) => {
  await signInAs(page, "owner@northwind.example");
  await open(page, "/portal/billing");
  const card = page.getByRole("region", { name: "Payment Method" });
  await expectVisible(card.getByLabel("Card ending in 4242"), "Northwind's card");
  await card.getByRole("button", { name: "Update Payment Method" }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/functions/v1/test-portal/"));
  await page.getByLabel("MASTERCARD ending in 4444").check();
  await page.getByRole("button", { name: "Save card" }).click();
  await page.waitForURL((u) => u.pathname === "/portal/billing");
  await expectVisible(page.getByRole("region", { name: "Payment Method" }).getByLabel("Card ending in 4444"), "the new card");

  // Cancel at period end asks first; keeping the subscription changes nothing.
  const current = page.getByRole("region", { name: "Current Subscription" });
  await expectVisible(current.getByText("Next Billing", { exact: true }), "the next billing date");
  await current.getByRole("button", { name: "Cancel at Period End" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel subscription?" });
  await expectVisible(confirm, "the confirmation");
  assert.match(normalize(await confirm.innerText()), /Your subscription stays active until [A-Z][a-z]+ \d{1,2}, \d{4} and then ends\./);
  await confirm.getByRole("button", { name: "Keep Subscription" }).click();
  await expectHidden(confirm, "the closed confirmation");
  await expectVisible(current.getByText("Next Billing", { exact: true }), "still renewing");

  await current.getByRole("button", { name: "Cancel at Period End" }).click();
  await page.getByRole("dialog", { name: "Cancel subscription?" }).getByRole("button", { name: "Cancel at Period End" }).click();
  await expectVisible(current.getByText("Ends On", { exact: true }), "the end date instead of the next billing date");
  await expectVisible(current.getByText(/^Your subscription ends on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/), "the end notice");
  // The server keeps it: a reload shows the same.
  await open(page, "/portal/billing");
  await expectVisible(page.getByRole("region", { name: "Current Subscription" }).getByText("Ends On", { exact: true }), "the end date after a reload");

  await page.getByRole("region", { name: "Current Subscription" }).getByRole("button", { name: "Resume Subscription" }).click();
  await expectVisible(page.getByRole("region", { name: "Current Subscription" }).getByText("Next Billing", { exact: true }), "renewing again");
  await expectHidden(page.getByRole("button", { name: "Resume Subscription" }), "the resume button");
  await open(page, "/portal/billing");
  await expectVisible(page.getByRole("region", { name: "Current Subscription" }).getByText("Next Billing", { exact: true }), "renewing after a reload");
});

pageTest("an admin sees the overview, changes a status, exports the filtered rows and deletes", async ({ page }) => {
  await signInAs(page, "admin@demo.growthdesk.io");
  await open(page, "/portal/billing");
  await expectVisible(page.getByRole("heading", { name: "Billing Overview" }), "the overview");
  const tiles = page.getByRole("region", { name: "Billing summary" });
  for (const label of ["Total Revenue", "Active Subscriptions", "Monthly Recurring", "Churn Rate"]) {
    await expectVisible(tiles.getByText(label, { exact: true }), label);
  }
  const summary = await (await fetch(`${suite.server.url}/api/v1/admin/billing/summary`, {
    headers: { Authorization: `Bearer ${await tokenOf("admin@demo.growthdesk.io")}` },
  })).json();
  assert.ok(summary.total_revenue >= 200 && summary.active_subscriptions >= 1, JSON.stringify(summary));
  await expectVisible(tiles.getByText(`$${(summary.total_revenue / 100).toFixed(2)}`), "the revenue figure");

  const table = page.getByRole("table", { name: "Subscriptions" });
  const row = table.getByRole("row").filter({ hasText: "Northwind Logistics" });
  await expectVisible(row, "Northwind's subscription");
  const status = row.getByRole("combobox", { name: "Status of Northwind Logistics's subscription" });
  // A pick in the dropdown asks first, saying what will change; keeping it changes nothing.
  await status.selectOption("past_due");
  const ask = page.getByRole("dialog", { name: "Change subscription status?" });
  await expectVisible(ask.getByText("Northwind Logistics's Chatbot Setup subscription ($1.00/month) changes from Active to Past Due."), "what will change");
  await expectVisible(ask.getByText(/no longer counts as an active subscription or in Monthly Recurring revenue until it is set to Active again/), "what follows");
  await expectVisible(ask.getByText(/The payment provider is not told/), "the provider's part");
  await ask.getByRole("button", { name: "Keep Active" }).click();
  await expectHidden(ask, "the dialog, once kept");
  assert.equal(await status.inputValue(), "active", "the dropdown is back on the current status");
  // The Status column (the fifth) holds the badge; the dropdown's options say every status.
  const badge = row.getByRole("cell").nth(4);
  assert.equal(normalize(await badge.innerText()), "Active", "no new status");
  const kept = await (await fetch(`${suite.server.url}/api/v1/admin/billing/subscriptions?status=all&q=Northwind`, {
    headers: { Authorization: `Bearer ${await tokenOf("admin@demo.growthdesk.io")}` },
  })).json();
  assert.equal(kept.items[0].status, "active", "nothing was saved");
  // Confirmed, it is saved and the page says so.
  await status.selectOption("past_due");
  await ask.getByRole("button", { name: "Set to Past Due" }).click();
  await expectVisible(page.getByRole("status").filter({ hasText: "Northwind Logistics's subscription is now Past Due (it was Active)." }), "what happened");
  await expectText(badge, "Past Due");

  await page.getByRole("combobox", { name: "Filter by status" }).selectOption("past_due");
  await expectVisible(table.getByRole("row").filter({ hasText: "Northwind Logistics" }), "the filtered row");
  await expectHidden(table.getByRole("row").filter({ hasText: "Brightside Dental" }), "the active subscription");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export" }).click()]);
  const csv = await readFile(await download.path(), "utf8");
  const rows = csv.trim().split("\n").map((line) => line.split(","));
  assert.deepEqual(rows[0], ["Organization", "Plan", "Amount", "Currency", "Billing Cycle", "Status", "Next Billing", "Created"]);
  assert.equal(rows.length, 2, csv);
  assert.deepEqual(rows[1].slice(0, 6), ["Northwind Logistics", "Chatbot Setup", "1.00", "USD", "monthly", "past_due"]);

  await table
    .getByRole("row")
    .filter({ hasText: "Northwind Logistics" })
    .getByRole("button", { name: "Delete Northwind Logistics's subscription" })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete subscription" });
  await expectVisible(confirm.getByText("Are you sure you want to delete this subscription? This action cannot be undone."), "the confirmation");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectVisible(page.getByText("No subscriptions found"), "the empty filtered table");
  const audit = await (await fetch(`${suite.server.url}/api/v1/admin/audit-log`, {
    headers: { Authorization: `Bearer ${await tokenOf("admin@demo.growthdesk.io")}` },
  })).text();
  assert.ok(audit.includes("billing.subscription_status") && audit.includes("billing.subscription_delete"), "status change and delete are audited");
});

pageTest("an employee's calls to the overview's API are refused", async () => {
  const token = await tokenOf("staff@demo.growthdesk.io");
  for (const path of ["/api/v1/admin/billing/subscriptions", "/api/v1/admin/billing/summary", "/api/v1/admin/billing/subscriptions.csv"]) {
    const res = await fetch(suite.server.url + path, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(res.status, 403, path);
    assert.equal((await res.json()).message, "Only administrators can access billing overview.", path);
  }
});

for (const [width, viewport] of [["1440", WIDE], ["390", MOBILE]]) {
  pageTest(`an employee's billing page offers nothing that can only fail, and the sidebar no billing, at ${width} px`, { viewport }, async ({ page }) => {
    await signInAs(page, "staff@demo.growthdesk.io");
    const sidebar = page.locator("#portal-sidebar");
    if (!(await sidebar.isVisible())) await page.getByRole("button", { name: "Open navigation" }).click();
    await expectVisible(sidebar.getByRole("link", { name: "Support", exact: true }), "the sidebar");
    assert.equal(await sidebar.getByRole("link", { name: "Billing", exact: true }).count(), 0, "no Billing in the sidebar");

    // By its address, the page says why there is nothing here, with no button the server would refuse.
    await open(page, "/portal/billing");
    await expectVisible(page.getByRole("heading", { name: "Billing", exact: true, level: 1 }), "the billing page");
    await expectVisible(page.getByText("Staff accounts have no billing of their own"), "the explanation");
    const main = page.locator("main");
    assert.equal(await main.getByRole("button").count(), 0, "no button at all");
    for (const action of ["Upgrade Plan", "Add Payment Method", "Update Payment Method", "Cancel at Period End", "Export"]) {
      assert.equal(await page.getByText(action, { exact: true }).count(), 0, `no ${action}`);
    }
    assert.equal(normalize(await main.innerText()).includes("Billing Overview"), false);
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: `/tmp/staff-billing-employee-${width}.png`, fullPage: true });
    await main.getByRole("link", { name: "Support Tickets" }).click();
    await expectVisible(page.getByRole("heading", { name: "Support Tickets", level: 1 }), "the support desk");

    // The overview by its own address tells a non-admin that only administrators may see it.
    await open(page, "/portal/billing/overview");
    await expectVisible(page.getByText("Access Denied: Only administrators can access billing overview."), "the refusal");
    await expectHidden(page.getByText("Total Revenue"), "the overview's tiles");
  });

  pageTest(`an admin's status change asks first and Cancel leaves it, at ${width} px`, { viewport }, async ({ page }) => {
    await signInAs(page, "admin@demo.growthdesk.io");
    await open(page, "/portal/billing");
    const status = page.getByRole("combobox", { name: "Status of Brightside Dental's subscription" });
    await expectVisible(status, "Brightside's status");
    const before = await status.inputValue();
    await status.selectOption("cancelled");
    const ask = page.getByRole("dialog", { name: "Change subscription status?" });
    await expectVisible(ask.getByText(/^Brightside Dental's .+ subscription \(.+\) changes from .+ to Cancelled\.$/), "what will change");
    await expectVisible(ask.getByText("It counts toward the churn rate."), "what follows");
    await expectVisible(ask.getByRole("button", { name: "Set to Cancelled" }), "the confirming button");
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: `/tmp/staff-billing-confirm-${width}.png` });
    const box = await ask.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width, "the dialog fits the screen");
    await page.keyboard.press("Escape");
    await expectHidden(ask, "the dialog, dismissed");
    assert.equal(await status.inputValue(), before, "the dropdown is back on the current status");
    assert.equal(await page.getByRole("status").filter({ hasText: "subscription is now" }).count(), 0, "nothing happened");
  });
}

pageTest("the billing pages pass the WCAG A and AA rules", async ({ page, newContext }) => {
  const found = [];
  await signInAs(page, "owner@northwind.example");
  await open(page, "/portal/billing");
  await expectVisible(page.getByRole("region", { name: "Billing History" }).getByText("Paid").first(), "the invoices");
  found.push(...(await axeViolations(page)).map((v) => `customer billing: ${v}`));
  // Upgrade Plan while Northwind's subscription lives; Choose a Plan once the admin's test has deleted it.
  await page.getByRole("button", { name: /^(Upgrade Plan|Choose a Plan)$/ }).click();
  await expectVisible(page.getByRole("dialog", { name: "Choose Your Plan" }).getByText("$1.00 per month"), "the plans");
  found.push(...(await axeViolations(page)).map((v) => `plan dialog: ${v}`));

  const admin = await (await newContext()).newPage();
  await signInAs(admin, "admin@demo.growthdesk.io");
  await open(admin, "/portal/billing");
  await expectVisible(admin.getByRole("table", { name: "Subscriptions" }).getByRole("row").nth(1), "the overview's rows");
  found.push(...(await axeViolations(admin)).map((v) => `billing overview: ${v}`));
  assert.deepEqual(found, []);
});
