// The discovery-call form on /contact: a lead that is stored, the thank-you state, and the
// browser-side checks of an empty form.

import assert from "node:assert/strict";
import { e2eSuite, expectHidden, expectText, expectVisible, expectVisibleText, open } from "./harness.mjs";

const suite = e2eSuite();
const { pageTest } = suite;

const LABELS = {
  name: "Full name",
  email: "Work email",
  company: "Company",
  phone: "Phone (optional)",
  automation_goal: "What would you like to automate?",
  preferred_time: "Preferred time for a call",
};
const SUBMIT = "Book My Free Call";

function form(page) {
  return page.getByRole("form", { name: "Discovery Call Form" });
}

async function expectEmptyForm(page) {
  const f = form(page);
  await expectVisible(f, "the discovery call form");
  for (const [field, label] of Object.entries(LABELS)) {
    assert.equal(await f.getByLabel(label, { exact: true }).inputValue(), "", `${field} is empty`);
  }
  await expectVisible(f.getByRole("button", { name: SUBMIT }), `the '${SUBMIT}' button`);
}

pageTest("a filled-in contact form is stored and thanked, and 'Send Another Message' starts over", async ({ page }) => {
  const stamp = Date.now();
  const lead = {
    name: "Ada Lovelace",
    email: `ada.${stamp}@analytical-engines.example.com`,
    company: "Analytical Engines LLC",
    phone: "(317) 555-0199",
    automation_goal: "Answer customer questions after hours and book calls straight into our calendar.",
    preferred_time: "evening",
  };
  await open(page, "/contact");
  const f = form(page);
  await expectEmptyForm(page);
  await f.getByLabel(LABELS.name, { exact: true }).fill(lead.name);
  await f.getByLabel(LABELS.email, { exact: true }).fill(lead.email);
  await f.getByLabel(LABELS.company, { exact: true }).fill(lead.company);
  await f.getByLabel(LABELS.phone, { exact: true }).fill(lead.phone);
  await f.getByLabel(LABELS.automation_goal, { exact: true }).fill(lead.automation_goal);
  await f.getByLabel(LABELS.preferred_time, { exact: true }).selectOption({ label: "Evening (5pm–7pm ET)" });
  await f.getByRole("button", { name: SUBMIT }).click();

  const thanks = page.getByRole("heading", { name: "Thank You!" });
  await expectVisible(thanks, "the thank-you heading");
  await expectVisibleText(page, /reply within 2 hours during business hours/);
  await expectHidden(form(page), "the form while thanking");

  const stored = (await suite.server.leads()).filter((l) => l.email === lead.email);
  assert.equal(stored.length, 1, "one lead stored");
  const { id, created_at: createdAt, handled_at: handledAt, ...values } = stored[0];
  assert.deepEqual(values, lead);
  assert.equal(handledAt, null, "a new lead is open until staff mark it handled");
  assert.ok(id, "the lead has an id");
  assert.ok(Math.abs(Date.parse(createdAt) - Date.now()) < 5 * 60_000, `created_at is recent: ${createdAt}`);

  await page.getByRole("button", { name: "Send Another Message" }).click();
  await expectEmptyForm(page);
  await expectHidden(thanks, "the thank-you heading after starting over");
  assert.equal(
    await page.evaluate(() => document.activeElement?.id),
    await form(page).getByLabel(LABELS.name, { exact: true }).getAttribute("id"),
    "focus is on the first field",
  );
});

pageTest("submitting the empty form shows the field errors and sends nothing", async ({ page }) => {
  const leadRequests = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === "/api/v1/leads") leadRequests.push(req.method());
  });
  const before = (await suite.server.leads()).length;

  await open(page, "/contact");
  const f = form(page);
  await f.getByRole("button", { name: SUBMIT }).click();

  const expected = {
    name: "Please enter your full name.",
    email: "Please enter your work email.",
    company: "Please enter your company name.",
    automation_goal: "Please tell us what you would like to automate.",
    preferred_time: "Please choose a preferred time for a call.",
  };
  for (const [field, message] of Object.entries(expected)) {
    await expectVisible(f.getByText(message, { exact: true }), `the ${field} error`);
    const control = f.getByLabel(LABELS[field], { exact: true });
    assert.equal(await control.getAttribute("aria-invalid"), "true", `${field} is marked invalid`);
    const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
    const description = await page.evaluate(
      (ids) => ids.map((i) => document.getElementById(i)?.innerText ?? "").join(" "),
      describedBy.split(/\s+/).filter(Boolean),
    );
    assert.ok(description.includes(message), `${field}'s error is its accessible description (${description})`);
  }
  assert.equal(await f.getByLabel(LABELS.phone, { exact: true }).getAttribute("aria-invalid"), null, "phone is optional");
  assert.equal(
    await page.evaluate(() => document.activeElement?.id),
    await f.getByLabel(LABELS.name, { exact: true }).getAttribute("id"),
    "focus moves to the first invalid field",
  );

  // Fixing a field clears its error; a malformed address gets its own message.
  await f.getByLabel(LABELS.name, { exact: true }).fill("Ada Lovelace");
  await expectHidden(f.getByText(expected.name, { exact: true }), "the name error after typing a name");
  await f.getByLabel(LABELS.email, { exact: true }).fill("ada@");
  await expectText(f.getByText(/valid email address/), "Please enter a valid email address, like name@company.com.");

  await expectVisible(f.getByRole("button", { name: SUBMIT }), "the form, still there");
  await expectHidden(page.getByRole("heading", { name: "Thank You!" }), "the thank-you state");
  assert.deepEqual(leadRequests, [], "no request reached /api/v1/leads");
  assert.equal((await suite.server.leads()).length, before, "nothing was stored");
});
