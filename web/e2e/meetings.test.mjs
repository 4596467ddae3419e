// The client workspace's meetings, FAQ and dashboard in Chromium against the real binary in demo
// mode with a real SMTP server: staff schedule a meeting for Brightside Dental, the invitation
// arrives with its .ics, the customer sees it, downloads it, cancels it after a confirmation (the
// cancellation goes out with the same UID and a higher SEQUENCE), searches the FAQ, and the
// dashboard shows the real welcome, the previous sign-in and the organization's activity.

import assert from "node:assert/strict";
import { test } from "node:test";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { e2eSuite, expectVisible, normalize, open, waitUntil, greeting, portalHome } from "./harness.mjs";

const suite = e2eSuite({ args: ["--demo"], smtp: true });
const { pageTest } = suite;

const PASSWORD = "growthdesk-demo";
const STAFF = "staff@demo.growthdesk.io";
const CUSTOMER = "customer@demo.growthdesk.io";
const TITLE = "E2E Roadmap Review";

/** The properties of an iCalendar text, unfolded: [{ name, params, value }] in order. */
function parseICS(text) {
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(":");
      const [name, ...params] = line.slice(0, colon).split(";");
      return { name, params, value: line.slice(colon + 1) };
    });
}

function prop(props, name) {
  return props.find((p) => p.name === name)?.value;
}

async function signIn(page, email) {
  await open(page, "/portal/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expectVisible(portalHome(page), "the dashboard");
}

async function downloadICS(page, card) {
  const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: "Add to calendar" }).click()]);
  assert.match(download.suggestedFilename(), /\.ics$/);
  return readFile(await download.path(), "utf8");
}

pageTest("staff schedule a meeting; the customer sees it, downloads it, cancels it; attendees get REQUEST then CANCEL", { timeout: 120_000 }, async ({ page, server, newContext }) => {
  // Staff: New meeting for Brightside Dental.
  await signIn(page, STAFF);
  await open(page, "/portal/meetings");
  await expectVisible(page.getByRole("heading", { name: "Meetings & Consultations", level: 1 }), "the meetings page");
  // Staff schedule meetings themselves: no "Schedule Meeting" that offers to e-mail or call the team.
  assert.equal(await page.getByRole("button", { name: "Schedule Meeting" }).count(), 0, "staff get no Schedule Meeting beside New meeting");
  await page.getByRole("button", { name: "New meeting" }).click();
  const form = page.getByRole("dialog", { name: "Schedule a meeting" });
  await expectVisible(form, "the meeting form");
  await form.getByLabel("Organization").selectOption({ label: "Brightside Dental" });
  await form.getByLabel("Title").fill(TITLE);
  await form.getByLabel("Type").selectOption("review");
  const day = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
  await form.getByLabel("Starts").fill(`${day}T10:00`);
  await form.getByLabel("Ends").fill(`${day}T11:00`);
  await form.getByLabel("Location").fill("Zoom");
  await form.getByLabel("Meeting link").fill("https://zoom.example/j/42");
  await form.getByLabel("Attendees").fill(`Casey Customer <${CUSTOMER}>`);
  await form.getByRole("button", { name: "Schedule meeting" }).click();
  await waitUntil(async () => (await form.count()) === 0 || !(await form.isVisible()), "the form closes");
  await expectVisible(page.getByRole("article", { name: TITLE }), "the new meeting's card");
  const startUTC = await page.evaluate((local) => new Date(local).toISOString(), `${day}T10:00`);
  const dtstart = startUTC.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

  // The invitation reaches the attendee with its .ics (METHOD:REQUEST, SEQUENCE:0).
  const invite = await server.smtp.waitForMail({ to: CUSTOMER, subject: new RegExp(`^Invitation: ${TITLE}$`) });
  const inviteICS = invite.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  assert.ok(inviteICS, `the invitation carries an .ics: ${JSON.stringify(invite.attachments.map((a) => a.contentType))}`);
  const inviteProps = parseICS(inviteICS.content);
  const uid = prop(inviteProps, "UID");
  assert.equal(prop(inviteProps, "METHOD"), "REQUEST");
  assert.equal(prop(inviteProps, "SEQUENCE"), "0");
  assert.equal(prop(inviteProps, "DTSTART"), dtstart);
  assert.ok(uid && uid.endsWith("@127.0.0.1"), `UID ${uid}`);

  // The customer, in a second browser: the meeting is under Upcoming with Join.
  const customerContext = await newContext();
  const customer = await customerContext.newPage();
  await signIn(customer, CUSTOMER);
  await open(customer, "/portal/meetings");
  const card = customer.getByRole("article", { name: TITLE });
  await expectVisible(card, "the meeting on the customer's Upcoming tab");
  assert.equal(await customer.getByRole("tab", { name: "Upcoming" }).getAttribute("aria-selected"), "true");
  assert.equal(await card.getByRole("link", { name: "Join" }).getAttribute("href"), "https://zoom.example/j/42");
  const cardText = normalize(await card.innerText());
  assert.ok(cardText.includes("1 attendee") && cardText.includes("Review") && cardText.includes("Scheduled"), cardText);
  assert.ok(/10:00 AM – 11:00 AM E[SD]T/.test(cardText), `times in the viewer's zone: ${cardText}`);

  // Add to calendar: a published copy (not an invitation to answer), the same UID, SEQUENCE 0, the start in UTC.
  const downloaded = parseICS(await downloadICS(customer, card));
  assert.equal(prop(downloaded, "UID"), uid);
  assert.equal(prop(downloaded, "SEQUENCE"), "0");
  assert.equal(prop(downloaded, "METHOD"), "PUBLISH");
  assert.equal(prop(downloaded, "DTSTART"), dtstart);
  assert.equal(prop(downloaded, "SUMMARY"), TITLE);

  // Cancel, after the confirmation.
  await card.getByRole("button", { name: `Cancel meeting: ${TITLE}` }).click();
  const confirm = customer.getByRole("dialog", { name: "Cancel this meeting?" });
  await expectVisible(confirm, "the confirmation");
  await confirm.getByRole("button", { name: "Keep meeting" }).click();
  assert.equal(await card.getAttribute("data-status"), "scheduled", "Keep meeting changes nothing");
  await card.getByRole("button", { name: `Cancel meeting: ${TITLE}` }).click();
  await confirm.getByRole("button", { name: "Cancel meeting" }).click();
  await waitUntil(async () => (await card.getAttribute("data-status")) === "cancelled", "the card shows the meeting cancelled");
  assert.equal(await card.getAttribute("data-dimmed"), "true", "a cancelled meeting is dimmed");
  assert.match(await card.getAttribute("class"), /bg-slate-100/, "on a grey, dashed card");
  assert.equal(await card.getByRole("link", { name: "Join" }).count(), 0, "no Join for a cancelled meeting");
  assert.equal(await card.getByRole("button", { name: /^Cancel meeting/ }).count(), 0, "no cancel icon any more");

  const cancelMail = await server.smtp.waitForMail({ to: CUSTOMER, subject: new RegExp(`^Cancelled: ${TITLE}$`) });
  const cancelProps = parseICS(cancelMail.attachments.find((a) => a.contentType.startsWith("text/calendar")).content);
  assert.equal(prop(cancelProps, "METHOD"), "CANCEL");
  assert.equal(prop(cancelProps, "UID"), uid);
  assert.equal(prop(cancelProps, "SEQUENCE"), "1");
  assert.equal(prop(cancelProps, "STATUS"), "CANCELLED");
  const staffMail = await server.smtp.waitForMail({ to: STAFF, subject: new RegExp(`^A customer cancelled: ${TITLE}$`) });
  assert.ok(staffMail.text.includes(CUSTOMER), "the staff notice names who cancelled");

  // A cancelled meeting is not offered for a calendar any more.
  assert.equal(await card.getByRole("button", { name: "Add to calendar" }).count(), 0, "no Add to calendar for a cancelled meeting");

  // Past shows the demo organization's history; Northwind's meetings never appear.
  await customer.getByRole("tab", { name: "Past" }).click();
  await expectVisible(customer.getByRole("article", { name: "Monthly Performance Review" }), "a past demo meeting");
  await customer.getByRole("tab", { name: "All" }).click();
  await expectVisible(customer.getByRole("article", { name: TITLE }), "the cancelled meeting under All");
  assert.equal(await customer.getByRole("article", { name: "Dispatch Workflow Review" }).count(), 0, "Northwind's meeting is not shown");

  // Schedule Meeting offers the three contact options.
  await customer.getByRole("button", { name: "Schedule Meeting" }).click();
  const options = customer.getByRole("dialog", { name: "Schedule Meeting" });
  await expectVisible(options, "the schedule options");
  assert.equal(await options.getByRole("link", { name: /Book online/ }).getAttribute("href"), "https://cal.com/growthdesk/strategy-call");
  assert.match(await options.getByRole("link", { name: /Email us/ }).getAttribute("href"), /^mailto:hello@growthdesk\.io/);
  assert.equal(await options.getByRole("link", { name: /Call us/ }).getAttribute("href"), "tel:3175550142");
  await options.getByRole("button", { name: "Close" }).click();
});

pageTest("the FAQ searches questions and answers and opens the schedule options", async ({ page }) => {
  await signIn(page, CUSTOMER);
  await open(page, "/portal/faq");
  await expectVisible(page.getByRole("heading", { name: "Frequently Asked Questions", level: 1 }), "the FAQ");
  for (const category of ["Getting Started", "AI Chatbots", "Workflow Automation", "Billing & Support", "Security & Data"]) {
    await expectVisible(page.getByRole("heading", { name: category, level: 2 }), category);
  }
  await page.getByLabel("Search FAQs").fill("WhatsApp");
  const question = page.getByRole("button", { name: "Which channels can the chatbot run on?" });
  await expectVisible(question, "the matching question");
  assert.equal(await page.getByRole("heading", { name: "Getting Started" }).count(), 0, "other categories are hidden");
  await question.click();
  assert.equal(await question.getAttribute("aria-expanded"), "true");
  await expectVisible(page.getByText(/Facebook Messenger, WhatsApp, SMS/), "the answer");
  // Answers are searched too, case-insensitively.
  await page.getByLabel("Search FAQs").fill("AUTHENTICATOR APP");
  await expectVisible(page.getByRole("button", { name: "Is two-factor authentication available?" }), "a question found by its answer");
  await page.getByLabel("Search FAQs").fill("zebra crossing");
  await expectVisible(page.getByRole("heading", { name: "No results found" }), "the empty result");

  assert.equal(await page.getByRole("link", { name: "Contact Support" }).getAttribute("href"), "/portal/support?new=1");
  await page.getByRole("button", { name: "Book Consultation" }).click();
  await expectVisible(page.getByRole("dialog", { name: "Schedule Meeting" }), "the schedule options");
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  pageTest(`the FAQ's payment-method answer names the Billing page's button, which is there, at ${viewport.width}px`, { viewport }, async ({ page }) => {
    await signIn(page, CUSTOMER);
    await open(page, "/portal/faq");
    await page.getByLabel("Search FAQs").fill("payment method");
    const question = page.getByRole("button", { name: "How do I update my payment method?" });
    await question.click();
    const answer = page.locator(`#${await question.getAttribute("aria-controls")}`);
    await expectVisible(answer, "the answer");
    const said = normalize(await answer.innerText());
    assert.match(said, /Billing page/, said);
    assert.match(said, /Update Payment Method/, said);
    assert.doesNotMatch(said, /new checkout/, `the answer no longer sends people through a new checkout: ${said}`);
    await page.screenshot({ path: `/tmp/customer-faq-${viewport.width}.png` });

    await open(page, "/portal/billing");
    const card = page.getByRole("region", { name: "Payment Method" });
    await expectVisible(card.getByRole("button", { name: /^(Update|Add) Payment Method$/ }), "the button the answer names");
  });
}

/** The caller's own open and in-progress tickets (the dashboard's count: customer_id is the caller), read from the API. */
async function openTicketsOf(server, email) {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "growthdesk-demo" }),
  });
  const { access_token: token, user } = await res.json();
  let n = 0;
  for (const status of ["open", "in_progress"]) {
    const list = await fetch(`${server.url}/api/v1/tickets?status=${status}&limit=100`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(list.status, 200);
    const { items, total } = await list.json();
    assert.ok(total <= 100, "one page holds them all");
    n += items.filter((t) => t.customer?.id === user.id).length;
  }
  return n;
}

pageTest("the dashboard greets by name and shows real figures: the previous sign-in and the organization's activity", async ({ page, newContext, server }) => {
  await signIn(page, "owner@northwind.example");
  await expectVisible(page.getByRole("heading", { name: greeting("Noor Haddad") }), "the welcome");
  await waitUntil(async () => normalize(await page.getByTestId("stat-account-status").innerText()) === "Active", "Account Status");
  const open = await openTicketsOf(server, "owner@northwind.example");
  assert.ok(open > 0, "the demo gives Noor open tickets of her own");
  assert.equal(normalize(await page.getByTestId("stat-open-tickets").innerText()), String(open));
  const firstLogin = normalize(await page.getByTestId("stat-last-login").innerText());
  assert.ok(firstLogin === "First sign-in" || /\d{4}/.test(firstLogin), `Last Login ${firstLogin}`);

  // A second sign-in shows the first one as Last Login, never "Today".
  const second = await (await newContext()).newPage();
  await signIn(second, "owner@northwind.example");
  await waitUntil(async () => /, \d{4}, \d{1,2}:\d\d [AP]M$/.test(normalize(await second.getByTestId("stat-last-login").innerText())), "Last Login is a date and time");
  const activity = second.getByRole("region", { name: "Recent Activity" });
  await expectVisible(activity.getByText("Meeting scheduled: Dispatch Workflow Review"), "Northwind's meeting in the activity");
  assert.equal(await activity.getByText(/Roadmap|Brightside|Chatbot Training/).count(), 0, "no other organization's events");
  await expectVisible(activity.getByText("Welcome to the customer portal"), "the welcome event");

  assert.equal(await second.getByRole("link", { name: "Create Support Ticket" }).getAttribute("href"), "/portal/support?new=1");
  await second.getByRole("button", { name: "Schedule Consultation" }).click();
  await expectVisible(second.getByRole("dialog", { name: "Schedule Meeting" }), "the schedule options");
});

pageTest("staff edit a meeting (attendees get an update with a higher SEQUENCE) and mark another completed", async ({ page, server }) => {
  await signIn(page, STAFF);
  await open(page, "/portal/meetings");
  const card = page.getByRole("article", { name: "Dispatch Workflow Review" });
  await expectVisible(card, "Northwind's meeting in the staff view");
  await card.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("dialog", { name: "Edit meeting" });
  assert.equal(await form.getByLabel("Title").inputValue(), "Dispatch Workflow Review", "the form is filled in");
  assert.match(await form.getByLabel("Starts").inputValue(), /^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
  await form.getByLabel("Title").fill("Dispatch Workflow Review (moved)");
  await form.getByLabel("Ends").fill("");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expectVisible(form.getByText("Enter the end as a date and time."), "the missing end is named");
  const starts = await form.getByLabel("Starts").inputValue();
  const later = await page.evaluate((v) => {
    const d = new Date(v);
    d.setHours(d.getHours() + 2);
    const pad = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, starts);
  await form.getByLabel("Ends").fill(later);
  await form.getByRole("button", { name: "Save changes" }).click();
  await expectVisible(page.getByRole("article", { name: "Dispatch Workflow Review (moved)" }), "the renamed meeting");
  const update = await server.smtp.waitForMail({ to: "owner@northwind.example", subject: /^Updated invitation: Dispatch Workflow Review \(moved\)$/ });
  const props = parseICS(update.attachments.find((a) => a.contentType.startsWith("text/calendar")).content);
  assert.equal(prop(props, "METHOD"), "REQUEST");
  assert.equal(prop(props, "SEQUENCE"), "1");

  const planning = page.getByRole("article", { name: "Appointment Reminder Planning" });
  await planning.getByRole("button", { name: "Mark completed" }).click();
  await page.getByRole("dialog", { name: "Mark this meeting as completed?" }).getByRole("button", { name: "Mark completed" }).click();
  await waitUntil(async () => (await planning.getAttribute("data-status")) === "completed", "the meeting shows completed");
  assert.equal(await planning.getByRole("button", { name: /^Cancel meeting/ }).count(), 0, "a completed meeting cannot be cancelled");
});

pageTest("a customer creates a private calendar feed, a calendar app reads it, and a reset retires the old address", async ({ page, server }) => {
  await signIn(page, CUSTOMER);
  await open(page, "/portal/meetings");
  const panel = page.getByRole("region", { name: "Calendar feed" });
  await panel.getByRole("button", { name: "Create feed address" }).click();
  const field = panel.getByLabel(/Your calendar feed address/);
  await expectVisible(field, "the new address");
  const first = await field.inputValue();
  assert.match(first, new RegExp(`^${server.url}/api/v1/calendar/[A-Za-z0-9]{40,}\\.ics$`));
  // A calendar app sends no credentials: the address alone authorizes it.
  const res = await fetch(first);
  const body = await res.text();
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type"), /^text\/calendar/);
  const props = parseICS(body);
  assert.equal(prop(props, "METHOD"), "PUBLISH");
  const summaries = props.filter((p) => p.name === "SUMMARY").map((p) => p.value);
  assert.ok(summaries.includes("AI Strategy Consultation"), `Brightside's meetings: ${summaries}`);
  assert.ok(!summaries.includes("Dispatch Workflow Review") && !summaries.some((s) => s.startsWith("Dispatch")), "no Northwind meeting");

  await panel.getByRole("button", { name: "Reset feed address" }).click();
  await page.getByRole("dialog", { name: "Reset your calendar feed?" }).getByRole("button", { name: "Reset address" }).click();
  await waitUntil(async () => (await field.inputValue()) !== first, "a new address");
  assert.equal((await fetch(first)).status, 404, "the old address stops working");
  assert.equal((await fetch(await field.inputValue())).status, 200, "the new one works");
});

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe's WCAG 2.x A and AA violations of the page as it is now, one line each. */
for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  pageTest(`the meetings tabs show their counts, times name the zone, and only meetings ahead go into a calendar at ${viewport.width}px`, { viewport }, async ({ page }) => {
    await signIn(page, CUSTOMER);
    await open(page, "/portal/meetings");
    const tabs = page.getByRole("tab");
    // Until the page has loaded there are no tabs at all, and every() of none is true.
    await waitUntil(async () => {
      const texts = (await tabs.allInnerTexts()).map(normalize);
      return texts.length === 3 && texts.every((t) => /^(Upcoming|Past|All) \(\d+\)$/.test(t));
    }, "tabs with counts");
    const names = (await tabs.allInnerTexts()).map(normalize);
    assert.deepEqual(names.map((n) => n.replace(/ \(\d+\)$/, "")), ["Upcoming", "Past", "All"], "the tabs keep their names and order");
    const panel = page.getByRole("tabpanel");
    let sum = 0;
    for (const name of ["Upcoming", "Past", "All"]) {
      const tab = page.getByRole("tab", { name: new RegExp(`^${name} \\(\\d+\\)$`) });
      await tab.click();
      const count = Number(/\((\d+)\)/.exec(await tab.innerText())[1]);
      const cards = panel.getByRole("article");
      await waitUntil(async () => (await cards.count()) === count || (count === 0 && (await panel.getByText("No meetings found").count()) === 1), `${count} meetings under ${name}`);
      if (name !== "All") sum += count;
      else assert.ok(count >= sum, `All (${count}) holds Upcoming and Past (${sum})`);
      for (const card of await cards.all()) {
        const status = await card.getAttribute("data-status");
        const text = normalize(await card.innerText());
        assert.match(text, /\d{1,2}:\d\d [AP]M – \d{1,2}:\d\d [AP]M E[SD]T/, `times in the viewer's zone, named: ${text}`);
        const offered = (await card.getByRole("button", { name: "Add to calendar" }).count()) === 1;
        if (name === "Past" || status !== "scheduled") assert.equal(offered, false, `no Add to calendar for a ${name === "Past" ? "past" : status} meeting: ${text}`);
        else if (name === "Upcoming") assert.equal(offered, true, `Add to calendar for an upcoming meeting: ${text}`);
      }
    }
  });
}

/** What the portal should show for a meeting's time in Berlin: "2:00 PM – 3:00 PM CET" (CEST in summer). */
function berlinTimeRange(startIso, endIso) {
  const time = (iso) => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "Europe/Berlin" }).format(new Date(iso));
  const zone = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", timeZoneName: "short" })
    .formatToParts(new Date(endIso))
    .find((p) => p.type === "timeZoneName").value;
  return `${time(startIso)} – ${time(endIso)} ${zone}`;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a viewer in Berlin sees meeting times in Berlin time, named CET or CEST, on the cards and in the cancel dialog at ${viewport.width}px`, async () => {
    const context = await suite.browser.newContext({ viewport, baseURL: suite.server.url, locale: "en-US", timezoneId: "Europe/Berlin" });
    try {
      const page = await context.newPage();
      await signIn(page, CUSTOMER);
      const meetings = await apiMeetings(suite.server, CUSTOMER, "upcoming");
      const scheduled = meetings.find((m) => m.status === "scheduled");
      assert.ok(scheduled, "the demo customer has an upcoming scheduled meeting");
      await open(page, "/portal/meetings");
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: scheduled.title, exact: true }) });
      const expected = berlinTimeRange(scheduled.start_time, scheduled.end_time);
      assert.match(expected, / CES?T$/, `Berlin's zone is named: ${expected}`);
      await waitUntil(async () => normalize(await card.innerText()).includes(expected), async () => `the card shows ${expected}: ${normalize(await card.innerText())}`);
      await page.screenshot({ path: `/tmp/customer-meetings-berlin-${viewport.width}.png` });

      await card.getByRole("button", { name: `Cancel meeting: ${scheduled.title}` }).click();
      const dialog = page.getByRole("dialog", { name: "Cancel this meeting?" });
      await expectVisible(dialog, "the cancel dialog");
      const said = normalize(await dialog.innerText());
      assert.ok(said.includes(expected), `the dialog names the time in Berlin (${expected}): ${said}`);
      await page.screenshot({ path: `/tmp/customer-meetings-berlin-dialog-${viewport.width}.png` });
      await dialog.getByRole("button", { name: "Keep meeting" }).click();
      await expectVisible(card.getByRole("button", { name: `Cancel meeting: ${scheduled.title}` }), "the meeting kept");
    } finally {
      await context.close();
    }
  });
}

/** The meetings of a tab as the API gives them to that account. */
async function apiMeetings(server, email, when) {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access_token: token } = await res.json();
  const list = await fetch(`${server.url}/api/v1/meetings?when=${when}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(list.status, 200);
  return (await list.json()).items;
}

async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] }, resultTypes: ["violations"] }),
  );
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  pageTest(`the dashboard, meetings (with their dialogs) and FAQ pass the WCAG A and AA rules at ${viewport.width}px`, { viewport }, async ({ page, newContext }) => {
    const found = [];
    const check = async (what, on = page) => found.push(...(await axeViolations(on)).map((v) => `${what}: ${v}`));
    // The dashboard is a customer's: staff land on the Admin Dashboard.
    const customer = await (await newContext()).newPage();
    await signIn(customer, CUSTOMER);
    await waitUntil(async () => normalize(await customer.getByTestId("stat-account-status").innerText()) === "Active", "the figures");
    await check("/portal", customer);
    await signIn(page, STAFF);
    await open(page, "/portal/meetings");
    await expectVisible(page.getByRole("article").first(), "a meeting card");
    await check("/portal/meetings");
    await page.getByRole("tab", { name: "All" }).click();
    await expectVisible(page.locator('article[data-status="cancelled"]').first(), "a cancelled, dimmed meeting");
    await check("/portal/meetings, All with cancelled and completed meetings");
    await page.getByRole("button", { name: "New meeting" }).click();
    await page.getByRole("dialog", { name: "Schedule a meeting" }).getByRole("button", { name: "Schedule meeting" }).click();
    await expectVisible(page.getByText("Enter a title."), "the form's errors");
    await check("/portal/meetings, the meeting form with errors");
    await page.keyboard.press("Escape");
    await open(customer, "/portal/meetings");
    await customer.getByRole("button", { name: "Schedule Meeting" }).click();
    await expectVisible(customer.getByRole("dialog", { name: "Schedule Meeting" }), "the schedule options");
    await check("/portal/meetings, the customer's schedule options", customer);
    await open(page, "/portal/faq");
    await page.getByRole("button", { name: "How do I get access to the customer portal?" }).click();
    await check("/portal/faq with a question open");
    assert.deepEqual(found, []);
  });
}
