// The support desk in Chromium against the demo data (`serve --demo`) and the harness's SMTP
// server: a customer opens a ticket with a file; staff filter, assign, answer, write an
// internal note and resolve; the customer sees the answer but never the note, gets the e-mail,
// follows its link, replies and so reopens the ticket; staff delete it with the confirmation.

import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { e2eSuite, expectHidden, expectVisible, normalize, open, waitUntil, portalHome } from "./harness.mjs";

const { pageTest } = e2eSuite({ smtp: true, args: ["--demo"] });

const PASSWORD = "growthdesk-demo";
const CUSTOMER = { email: "customer@demo.growthdesk.io", name: "Casey Customer" };
const STAFF = { email: "staff@demo.growthdesk.io", name: "Sam Support" };
const NOTE = "Internal: check the billing system before answering";

async function signIn(page, { email, name }) {
  await open(page, "/portal/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expectVisible(portalHome(page, name), "the dashboard");
}

const ticketDialog = (page, title) => page.getByRole("dialog", { name: title });
const thread = (dialog) => dialog.locator("ol > li");

pageTest(
  "a ticket from creation to deletion, with the customer, staff and the e-mail",
  { timeout: 120_000 },
  async ({ page, server, newContext }) => {
    const title = `Exports fail ${Date.now()}`;
    const file = join(tmpdir(), `export-log-${Date.now()}.txt`);
    await writeFile(file, "export failed at 10:42\n");

    // The customer opens a ticket with a file, from the create dialog's own URL.
    await signIn(page, CUSTOMER);
    await open(page, "/portal/support?new=1");
    const create = page.getByRole("dialog", { name: "New Ticket" });
    await expectVisible(create, "the create dialog");
    await create.getByLabel("Title").fill(title);
    await create.getByLabel("Description").fill("The CSV export stops halfway.");
    await create.getByLabel("Priority").selectOption("high");
    await create.getByLabel("Category").selectOption({ label: "Technical Issue" });
    await create.getByLabel("Attachments").setInputFiles(file);
    await create.getByRole("button", { name: "Create Ticket" }).click();
    const mine = ticketDialog(page, title);
    await expectVisible(mine, "the new ticket's dialog");
    await page.waitForURL(/\/portal\/support\/[0-9a-f-]{36}/);
    const ticketPath = new URL(page.url()).pathname;
    await expectVisible(mine.getByRole("button", { name: /export-log-.*\.txt/ }), "the attached file");
    const code = normalize(await mine.locator(".font-mono").first().innerText());
    assert.match(code, /^T-\d+$/);
    await mine.press("Escape");
    await expectHidden(mine, "the closed dialog");
    await expectVisible(page.getByRole("heading", { name: title }), "the new ticket's card");

    // Staff find it by its shown id among every organization's tickets and triage it.
    const staffContext = await newContext();
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, STAFF);
    await open(staffPage, "/portal/support");
    for (const tile of ["Open", "In Progress", "Resolved", "Total"]) {
      await expectVisible(staffPage.getByRole("region", { name: "Ticket summary" }).getByText(tile, { exact: true }), `the ${tile} tile`);
    }
    await staffPage.getByLabel("Organization").selectOption({ label: "Brightside Dental" });
    await staffPage.getByLabel("Search tickets").fill(code);
    await waitUntil(async () => new URL(staffPage.url()).searchParams.get("q") === code, "the search in the URL");
    assert.equal(new URL(staffPage.url()).searchParams.get("organization") !== null, true, "the organization filter is in the URL");
    await expectVisible(staffPage.getByRole("heading", { name: title }), "the ticket found by its id");
    assert.equal(await staffPage.getByRole("button", { name: /^View ticket/ }).count(), 1);
    await staffPage.getByRole("button", { name: `View ticket ${code}: ${title}` }).click();
    const staffDialog = ticketDialog(staffPage, title);
    await staffDialog.getByLabel("Assigned to").selectOption({ label: STAFF.name });
    await waitUntil(async () => await staffDialog.getByLabel("Assigned to").isEnabled(), "the assignment saved");
    await staffDialog.getByLabel("Status").selectOption("in_progress");
    await waitUntil(async () => await staffDialog.getByLabel("Status").isEnabled(), "the status saved");
    // An internal note, then a public answer.
    await staffDialog.getByLabel("Add a response").fill(NOTE);
    await staffDialog.getByRole("switch", { name: "Internal note" }).click();
    await staffDialog.getByRole("button", { name: "Add Note" }).click();
    await expectVisible(thread(staffDialog).getByText(NOTE), "the note in the thread");
    await expectVisible(thread(staffDialog).getByText("Internal note", { exact: true }), "the note's marker");
    // The thread can show the note before the form has cleared itself: type once it has.
    await waitUntil(async () => (await staffDialog.getByLabel("Add a response").inputValue()) === "", "the reply box cleared");
    await staffDialog.getByLabel("Add a response").fill("We found the cause and fixed the export.");
    await staffDialog.getByRole("button", { name: "Send Response" }).click();
    await expectVisible(thread(staffDialog).getByText("We found the cause and fixed the export."), "the answer in the thread");
    await staffDialog.getByLabel("Status").selectOption("resolved");
    await waitUntil(
      async () =>
        (await staffDialog.getByLabel("Status").inputValue()) === "resolved" && (await staffDialog.getByLabel("Status").isEnabled()),
      "resolved",
    );
    // "Assigned to me" keeps it in the list.
    await staffDialog.press("Escape");
    await staffPage.getByLabel("Assignee").selectOption("me");
    await expectVisible(staffPage.getByRole("heading", { name: title }), "the ticket under Assigned to me");

    // The customer's e-mail: the answer, never the note, with a link to the ticket.
    const mail = await server.smtp.waitForMail({ to: CUSTOMER.email, subject: /New reply to your/ });
    assert.ok(mail.text.includes("We found the cause"), mail.text);
    for (const m of server.smtp.messages())
      assert.ok(!m.text.includes(NOTE) && !(m.html ?? "").includes(NOTE), `a mail to ${m.to} carries the note`);
    const link = /(https?:\/\/\S+\/portal\/support\/[0-9a-f-]{36})/.exec(mail.text)?.[1];
    assert.ok(link, `no ticket link in:\n${mail.text}`);
    assert.equal(new URL(link).pathname, ticketPath);

    // The customer follows the link: the answer, not the note; replies, which reopens it.
    await open(page, ticketPath);
    await expectVisible(thread(mine).getByText("We found the cause and fixed the export."), "the answer");
    assert.equal(await mine.getByText(NOTE).count(), 0, "the customer sees the internal note");
    assert.equal(await mine.getByText("Internal note", { exact: true }).count(), 0);
    await expectVisible(mine.getByText("Resolved", { exact: true }), "the resolved status");
    await mine.getByLabel("Reply").fill("It fails again for large files.");
    await mine.getByRole("button", { name: "Send Response" }).click();
    await expectVisible(thread(mine).getByText("It fails again for large files."), "the reply");
    await expectVisible(mine.getByText("Open", { exact: true }), "the reopened status");
    await server.smtp.waitForMail({ to: STAFF.email, subject: /A customer replied/ });

    // Staff delete it, after the confirmation question (the customer has left the page: a ticket open while deleted answers 404).
    await page.goto("about:blank");
    await open(staffPage, ticketPath);
    await staffDialog.getByRole("button", { name: "Delete ticket" }).click();
    const confirm = staffPage.getByRole("dialog", { name: "Delete ticket" });
    await expectVisible(confirm.getByText("Are you sure you want to delete this ticket? This action cannot be undone."), "the question");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectHidden(staffDialog, "the deleted ticket's dialog");
    await expectVisible(staffPage.getByRole("status").getByText(`Ticket ${code} "${title}" was deleted.`), "the deletion confirmed");
    await staffPage.getByLabel("Search tickets").fill(code);
    await expectVisible(staffPage.getByText("No tickets found"), "the empty state");
  },
);

pageTest(
  "a customer never opens another organization's ticket, and filters live in the URL",
  { allowConsoleErrors: [/status of 404/] },
  async ({ page, server }) => {
    await signIn(page, CUSTOMER);
    await open(page, "/portal/support?status=resolved");
    assert.equal(await page.getByLabel("Status").inputValue(), "resolved");
    const cards = page.getByRole("button", { name: /^View ticket/ });
    await waitUntil(async () => (await cards.count()) > 0, "resolved tickets listed");
    assert.equal(await page.getByText("Organization:", { exact: true }).count(), 0, "customers see no organization column");
    assert.equal(await page.getByLabel("Organization").count(), 0, "customers get no organization filter");
    // Northwind's ticket by its URL: the same answer as a ticket that does not exist.
    const token = await (
      await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "owner@northwind.example", password: PASSWORD }),
      })
    ).json();
    const list = await (await fetch(`${server.url}/api/v1/tickets`, { headers: { Authorization: `Bearer ${token.access_token}` } })).json();
    const foreign = list.items[0].id;
    await open(page, `/portal/support/${foreign}`);
    await expectVisible(page.getByRole("dialog", { name: "Ticket not found" }), "the not-found dialog");
  },
);

pageTest(
  "a reply whose files fail to upload is kept once, and the form says which files were not attached",
  { allowConsoleErrors: [/status of 503/] },
  async ({ page, server }) => {
    const token = await (
      await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: CUSTOMER.email, password: PASSWORD }),
      })
    ).json();
    const list = await (await fetch(`${server.url}/api/v1/tickets?status=open`, { headers: { Authorization: `Bearer ${token.access_token}` } })).json();
    const ticket = list.items[0];
    const file = join(tmpdir(), `screenshot-${Date.now()}.png`);
    await writeFile(file, "\x89PNG not really");
    // The upload fails on the way (a proxy, a dropped connection): the response itself was saved.
    await page.route("**/api/v1/tickets/*/attachments", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "unavailable", message: "The service is busy." }) }),
    );

    await signIn(page, CUSTOMER);
    await open(page, `/portal/support/${ticket.id}`);
    const dialog = ticketDialog(page, ticket.title);
    const text = `With a screenshot ${Date.now()}`;
    await dialog.getByLabel("Reply").fill(text);
    await dialog.locator("#reply-files").setInputFiles(file);
    await dialog.getByRole("button", { name: "Send Response" }).click();
    const name = file.split("/").at(-1);
    await expectVisible(
      dialog.getByText(`Your response was added, but ${name} was not attached (The service is busy). Add it to another reply.`),
      "the warning naming the file",
    );
    assert.equal(await dialog.getByText("Failed to add response").count(), 0, "no failure title: the response was added");
    assert.equal(await dialog.getByLabel("Reply").inputValue(), "", "the text is cleared, so it is not sent twice");
    await expectVisible(thread(dialog).getByText(text), "the reply in the thread");
    const detail = await (await fetch(`${server.url}/api/v1/tickets/${ticket.id}`, { headers: { Authorization: `Bearer ${token.access_token}` } })).json();
    assert.equal(detail.responses.filter((r) => r.content === text).length, 1, "the reply is stored once");
  },
);

pageTest("an admin adds, renames, recolours, moves and deactivates a support category in Settings", async ({ page }) => {
  await signIn(page, { email: "admin@demo.growthdesk.io", name: "Avery Admin" });
  await open(page, "/portal/settings?tab=admin");
  const panel = page.getByRole("region", { name: "Support categories" });
  await expectVisible(panel, "the categories panel");
  const name = `Onboarding ${Date.now() % 100000}`;
  // Each form reads as what it is: a category's row, the new category; its fields by their own names.
  await panel.getByRole("form", { name: "New category" }).getByLabel("Category name", { exact: true }).fill(name);
  await panel.getByRole("button", { name: "Add category" }).click();
  const field = panel.getByRole("form", { name: `Category: ${name}` }).getByLabel("Category name", { exact: true });
  await expectVisible(field, "the new category");
  await field.fill(`${name} help`);
  await field.locator("xpath=ancestor::form").getByRole("button", { name: "Save" }).click();
  const renamed = panel.getByRole("form", { name: `Category: ${name} help` }).getByLabel("Category name", { exact: true });
  await expectVisible(renamed, "the renamed category");

  // A new colour is kept by the server.
  const row = () => panel.getByRole("form", { name: `Category: ${name} help` }).locator("xpath=ancestor::li");
  await row().getByLabel("Color").fill("#16a34a");
  await row().getByRole("button", { name: "Save" }).click();
  await waitUntil(async () => (await row().getByRole("button", { name: "Save" }).isDisabled()), "the colour saved");
  // The new category comes last; moving it up puts it before the one above, after a reload too.
  const names = async () =>
    (await panel.getByRole("listitem").locator("input[type=text], input:not([type])").evaluateAll((els) => els.map((e) => e.value)));
  const before = await names();
  assert.equal(before.at(-1), `${name} help`, "a new category comes last");
  assert.ok(await panel.getByRole("button", { name: `Move ${name} help down` }).isDisabled(), "the last cannot move down");
  await panel.getByRole("button", { name: `Move ${name} help up` }).click();
  const expected = [...before.slice(0, -2), `${name} help`, before.at(-2)];
  await waitUntil(async () => JSON.stringify(await names()) === JSON.stringify(expected), "the category moved up one place");
  await open(page, "/portal/settings?tab=admin");
  await waitUntil(async () => JSON.stringify(await names()) === JSON.stringify(expected), "the order after a reload");
  assert.equal(await row().getByLabel("Color").inputValue(), "#16a34a", "the colour after a reload");

  await open(page, "/portal/support");
  const options = async () => page.getByLabel("Category").locator("option").allInnerTexts();
  await waitUntil(async () => (await options()).includes(`${name} help`), "the category offered in the filter");

  await open(page, "/portal/settings?tab=admin");
  await renamed.locator("xpath=ancestor::form").getByRole("button", { name: "Deactivate" }).click();
  await expectVisible(
    renamed.locator("xpath=ancestor::form").getByRole("button", { name: "Activate", exact: true }),
    "the Activate button",
  );
  await open(page, "/portal/support");
  await waitUntil(async () => (await options()).length > 1, "the filter's categories");
  assert.ok(!(await options()).includes(`${name} help`), "an inactive category is still offered");
});

async function tokenOf(server, email) {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return (await res.json()).access_token;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  pageTest(`a customer's tickets and new-ticket form at ${viewport.width}px`, { viewport }, async ({ page }) => {
    await signIn(page, CUSTOMER);
    await open(page, "/portal/support");
    const cards = page.getByRole("button", { name: /^View ticket/ });
    await waitUntil(async () => (await cards.count()) > 0, "the customer's tickets");
    // A customer's own tickets show their name, never their id.
    await expectVisible(page.getByText("Customer:", { exact: true }).first(), "the customer's name on a card");
    assert.equal(await page.getByText("Customer ID:", { exact: true }).count(), 0, "no Customer ID on a customer's own tickets");
    await cards.first().click();
    const detail = page.getByRole("dialog").first();
    await expectVisible(detail.getByText("Customer:", { exact: true }), "the ticket's customer");
    assert.doesNotMatch(normalize(await detail.innerText()), /Casey Customer \([0-9a-f-]{8}\)/, "no customer id in the ticket");
    await detail.press("Escape");
    await expectHidden(detail, "the closed ticket");

    // "Showing N of M": N is the cards shown, M the tickets the filters match.
    const showing = page.getByText(/^Showing \d+ of \d+ tickets$/);
    for (const status of ["open", "resolved", ""]) {
      await page.getByLabel("Status").selectOption(status);
      await waitUntil(async () => (new URL(page.url()).searchParams.get("status") ?? "") === status, "the filter in the URL");
      await waitUntil(async () => {
        const shown = await cards.count();
        return shown > 0 && (await showing.count()) === 1 && normalize(await showing.innerText()) === `Showing ${shown} of ${shown} tickets`;
      }, `Showing N of N for status "${status}"`);
    }
    // A search, typed, counts the same way once the list has followed it: N and M are the matches.
    const everyone = await cards.count();
    const word = "portal";
    await page.getByLabel("Search tickets").fill(word);
    await waitUntil(async () => new URL(page.url()).searchParams.get("q") === word, "the search in the URL");
    await waitUntil(async () => {
      const shown = await cards.count();
      return shown > 0 && shown < everyone && (await showing.count()) === 1 && normalize(await showing.innerText()) === `Showing ${shown} of ${shown} tickets`;
    }, `Showing N of N for the search "${word}" (fewer than the ${everyone} tickets)`);
    await page.getByLabel("Search tickets").fill("");
    await waitUntil(async () => normalize(await showing.innerText()) === `Showing ${everyone} of ${everyone} tickets`, "every ticket counted again");

    // Field errors clear one by one as the fields are fixed.
    await page.getByRole("button", { name: "New Ticket" }).click();
    const create = page.getByRole("dialog", { name: "New Ticket" });
    await create.getByRole("button", { name: "Create Ticket" }).click();
    await expectVisible(create.getByText("Enter a title."), "the title error");
    await expectVisible(create.getByText("Describe the problem."), "the description error");
    await create.getByLabel("Title").fill("Printer");
    await expectHidden(create.getByText("Enter a title."), "the title error after fixing it");
    await expectVisible(create.getByText("Describe the problem."), "the description error, not yet fixed");
    assert.equal(await create.getByLabel("Title").getAttribute("aria-invalid"), null, "the title is no longer invalid");
    await create.getByLabel("Description").fill("It jams.");
    await expectHidden(create.getByText("Describe the problem."), "the description error after fixing it");

    // Chosen files can be removed one by one before sending.
    const a = join(tmpdir(), `first-${Date.now()}.txt`);
    const b = join(tmpdir(), `second-${Date.now()}.txt`);
    await writeFile(a, "one");
    await writeFile(b, "two");
    await create.getByLabel("Attachments").setInputFiles([a, b]);
    const nameA = a.split("/").at(-1);
    const nameB = b.split("/").at(-1);
    await expectVisible(create.getByRole("button", { name: `Remove ${nameA}` }), "a remove button for the first file");
    await create.getByRole("button", { name: `Remove ${nameA}` }).click();
    await expectHidden(create.getByText(nameA, { exact: false }), "the removed file");
    await expectVisible(create.getByText(nameB, { exact: false }), "the kept file");
    assert.equal(await create.getByLabel("Attachments").evaluate((el) => el.files.length), 1, "the input holds the kept file only");
    await create.getByRole("button", { name: `Remove ${nameB}` }).click();
    assert.equal(await create.getByRole("list", { name: "Chosen files" }).count(), 0, "no files left");
    await create.getByRole("button", { name: "Cancel" }).click();
    await expectHidden(create, "the closed form");
  });

  pageTest(`staff see the customer's id and a confirmation after deleting at ${viewport.width}px`, { viewport }, async ({ page, server }) => {
    const token = await tokenOf(server, CUSTOMER.email);
    const title = `To delete ${viewport.width} ${Date.now()}`;
    const res = await fetch(`${server.url}/api/v1/tickets`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ title, description: "Remove me.", priority: "low" }),
    });
    assert.ok(res.ok, await res.clone().text());
    const ticket = await res.json();
    await signIn(page, STAFF);
    await open(page, "/portal/support");
    await expectVisible(page.getByText("Customer ID:", { exact: true }).first(), "staff keep the customer id");
    // The five filters share one row at 1440 px (not four and a lone "Any assignee" below); the
    // assignee filter says what it filters.
    const filters = page.getByRole("region", { name: "Filters" });
    await expectVisible(filters.getByRole("combobox", { name: "Assignee" }), "the assignee filter");
    assert.equal(await filters.getByRole("combobox", { name: "Assignee" }).locator("option:checked").innerText(), "Any assignee");
    const tops = await filters.locator("input, select").evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    assert.equal(tops.length, 5);
    if (viewport.width >= 1400) assert.equal(new Set(tops).size, 1, `filter rows at ${tops}`);
    // The selects are as tall as the search field beside them.
    const heights = await filters.locator("input, select").evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    assert.equal(new Set(heights).size, 1, `filter heights ${heights}`);
    await open(page, `/portal/support/${ticket.id}`);
    const dialog = ticketDialog(page, title);
    await expectVisible(dialog, "the ticket");
    // Opened from its address (an e-mail's link), the dialog has no focus ring drawn around the whole box.
    assert.equal(await dialog.evaluate((el) => getComputedStyle(el).outlineStyle), "none");
    // Deleting is a button that says so, not a bare red icon.
    assert.equal(normalize(await dialog.getByRole("button", { name: "Delete ticket" }).innerText()), "Delete ticket");
    await dialog.getByRole("button", { name: "Delete ticket" }).click();
    await page.getByRole("dialog", { name: "Delete ticket" }).getByRole("button", { name: "Delete" }).click();
    await expectHidden(dialog, "the deleted ticket's dialog");
    await expectVisible(page.getByRole("status").getByText(`Ticket ${ticket.code} "${title}" was deleted.`), "the deletion confirmed");
  });
}
