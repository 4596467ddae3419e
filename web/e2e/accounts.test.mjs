// Accounts in the portal, as a person sees them in Chromium: registration, e-mail confirmation,
// staff approval, sign-in and sign-out, the sign-in errors, password reset, two-factor sign-in,
// staff-only parts and the profile. The server sends its e-mail to the harness's SMTP server, and
// the tests open the links in those e-mails like a reader would. Staff and existing customers are
// created with `growthdesk users create` (confirmed and approved).

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { e2eSuite, expectHidden, expectText, expectVisible, normalize, open, siteConfig, waitUntil, portalHome } from "./harness.mjs";
import { currentTotp, nextTotp, wrongTotp } from "./totp.mjs";

const { pageTest } = e2eSuite({ smtp: true });

const PASSWORD = "Sunny-Meadow-42";
const NEW_PASSWORD = "Quiet-River-17";
const SITE_NAME = (await siteConfig()).name;

const PORTAL_NAV = ["Dashboard", "Projects", "Automations", "Reports", "Meetings", "Support", "Billing", "FAQ", "Community", "Settings"];

const TEXT = {
  invalidCredentials: "The email or password you entered is incorrect. Please check your credentials and try again.",
  emailNotConfirmed: "Please check your email and click the confirmation link before signing in.",
  mismatch: "Passwords do not match",
  tooShort: "Password must be at least 6 characters",
  math: "Please solve the math problem correctly",
  verified: "✓ Verified",
  profileSaved: "Profile updated successfully!",
  wrongTotp:
    "That code did not match. Enter the 6-digit code your authenticator app shows right now; if it keeps failing, check that your phone sets its clock automatically.",
};

// The browser logs every 4xx answer of a fetch as a console error; a test that provokes one allows it.
const failedStatus = (...codes) => codes.map((c) => new RegExp(`the server responded with a status of ${c}\\b`));

const uniqueEmail = (label) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** A confirmed, approved account made with the CLI while the server runs: { email, password, name, role }. */
async function createUser(server, { role = "customer", name, label = role } = {}) {
  const email = uniqueEmail(label);
  const fullName = name ?? `${label[0].toUpperCase()}${label.slice(1)} ${randomUUID().slice(0, 4)}`;
  await server.cli(
    "users",
    "create",
    "--email",
    email,
    "--role",
    role,
    "--password",
    PASSWORD,
    "--name",
    fullName,
    "--data-dir",
    server.dataDir,
  );
  return { email, password: PASSWORD, name: fullName, role };
}

async function accountOf(server, email) {
  const account = (await server.users()).find((u) => u.email === email);
  assert.ok(account, `${email} is not among the accounts`);
  return account;
}

/** An access token for the account, from the password grant of the auth service. */
async function passwordToken(server, { email, password }) {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, `sign-in of ${email} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The /auth/v1/verify link of an e-mail (plain-text part), as an absolute URL. */
function verifyLink(mail) {
  const m = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text);
  assert.ok(m, `no /auth/v1/verify link in the e-mail:\n${mail.text}`);
  return m[1];
}

/** Where an error or notice box of the portal shows its text. */
const alertBox = (page) => page.getByRole("alert");

async function expectAlert(page, text) {
  const box = alertBox(page).filter({ hasText: text });
  await expectVisible(box, `an alert with ${JSON.stringify(text)}`);
  return box;
}

// ---------------------------------------------------------------------------------------------
// Steps a person takes

/** The registration form filled in completely and correctly (math answered), not yet submitted. */
async function fillRegistration(page, { name, email, password = PASSWORD, confirm = password, math = "right" }) {
  await open(page, "/portal/register");
  await expectVisible(page.getByRole("heading", { name: "Request Account Access", level: 1 }));
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(confirm);
  const sum = await mathSum(page);
  await page.getByLabel(/^What is \d+ \+ \d+\?$/).fill(String(math === "right" ? sum : sum + 1));
  await page.getByLabel(/I agree to the Terms of Service/).check();
  return sum;
}

/** The sum the security check asks for, read from the page. */
async function mathSum(page) {
  const question = page.getByText(/^What is \d+ \+ \d+\?$/);
  await expectVisible(question, "the math question");
  const m = /What is (\d+) \+ (\d+)\?/.exec(await question.innerText());
  const [a, b] = [Number(m[1]), Number(m[2])];
  assert.ok(a >= 1 && a <= 10 && b >= 1 && b <= 10, `operands from 1 to 10, got ${a} and ${b}`);
  return a + b;
}

const submitRegistration = (page) => page.getByRole("button", { name: "Request Account Access" }).click();

/** Fills in the sign-in form and submits it (does not wait for the outcome). */
async function submitSignIn(page, email, password) {
  if (!new URL(page.url()).pathname.startsWith("/portal/login")) await open(page, "/portal/login");
  await expectVisible(page.getByRole("heading", { name: "Sign in to your portal" }));
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs in and waits for the dashboard greeting. */
async function signIn(page, { email, password, name }) {
  await submitSignIn(page, email, password);
  await expectDashboard(page, name);
}

async function expectDashboard(page, name) {
  await expectVisible(portalHome(page, name), `the greeting of ${name}`);
  // Customers land on /portal, staff on their home, the Admin Dashboard.
  assert.ok(["/portal", "/portal/admin"].includes(new URL(page.url()).pathname), page.url());
}

/** Waits until the page is at pathname, failing with where it is and what it shows instead. */
async function expectPath(page, pathname) {
  try {
    await page.waitForURL((u) => u.pathname === pathname);
  } catch (err) {
    const headings = await page
      .getByRole("heading")
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `expected to be at ${pathname}, still at ${page.url()} showing ${JSON.stringify(headings.map(normalize))}`,
      { cause: err },
    );
  }
}

async function expectSignInPage(page) {
  await expectPath(page, "/portal/login");
  await expectVisible(page.getByRole("heading", { name: "Sign in to your portal" }), "the sign-in page");
}

async function signOut(page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expectSignInPage(page);
}

const sidebar = (page) => page.locator("#portal-sidebar");

async function openSettingsTab(page, tab) {
  await sidebar(page).getByRole("link", { name: "Settings" }).click();
  await expectPath(page, "/portal/settings");
  await page.getByRole("tab", { name: tab }).click();
  await waitUntil(
    async () => (await page.getByRole("tab", { name: tab }).getAttribute("aria-selected")) === "true",
    `the ${tab} tab is selected`,
  );
}

/** The session the portal keeps (localStorage; sessionStorage is where an earlier version kept it). */
const storedSession = (page) =>
  page.evaluate(() => window.sessionStorage.getItem("growthdesk-auth") ?? window.localStorage.getItem("growthdesk-auth"));

// ---------------------------------------------------------------------------------------------
// Tests

pageTest(
  "register, confirm by e-mail, wait for approval, get approved by staff, sign in and out",
  { timeout: 60_000, allowConsoleErrors: failedStatus(401, 403) },
  async ({ page, server, newContext }) => {
    const name = `Grace Hopper ${randomUUID().slice(0, 4)}`;
    const email = uniqueEmail("grace");
    const staff = await createUser(server, { role: "admin", label: "admin" });

    // Register.
    await fillRegistration(page, { name, email });
    await submitRegistration(page);
    await expectVisible(page.getByRole("heading", { name: "Registration Submitted" }));
    await expectVisible(page.getByText("Pending administrator approval."));
    await expectVisible(page.getByRole("link", { name: "Back to Sign In" }));
    assert.equal((await accountOf(server, email)).approval_status, "pending");

    // Confirm: the link in the e-mail signs the new user in; the portal waits for approval.
    const confirmation = await server.smtp.waitForMail({ to: email, subject: new RegExp(`^Confirm your email for ${SITE_NAME}$`) });
    await page.goto(verifyLink(confirmation));
    await expectVisible(page.getByRole("heading", { name: "Account Pending Approval" }));
    await expectVisible(page.getByText(`Thanks for registering with ${email}.`, { exact: false }));
    assert.equal(new URL(page.url()).pathname, "/portal");
    await expectHidden(sidebar(page), "the portal sidebar while pending");
    await page.getByRole("button", { name: "Back to Login" }).click();
    await expectSignInPage(page);

    // A staff member approves the account in another browser.
    const staffPage = await (await newContext()).newPage();
    await signIn(staffPage, staff);
    await openSettingsTab(staffPage, "Admin Management");
    await staffPage.getByLabel("Search users by name or email").fill(email);
    await staffPage.getByLabel("Approval status").selectOption({ label: "Pending" });
    const row = staffPage.getByRole("row").filter({ hasText: email });
    await expectVisible(row, `the row of ${email}`);
    await expectText(row.getByRole("cell").first(), `${name} Pending ${email}`);
    await expectVisible(row.getByText("Pending", { exact: true }));
    const organization = await createOrganizationInPanel(staffPage, `Hopper Labs ${randomUUID().slice(0, 4)}`);
    await row.getByRole("button", { name: `Approve ${name}` }).click();
    const dialog = staffPage.getByRole("dialog", { name: `Approve ${name}` });
    await dialog.getByLabel("Organization to join").selectOption({ label: organization });
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await expectVisible(staffPage.getByRole("status").filter({ hasText: `Approved ${name} into ${organization}.` }));
    const approval = await server.smtp.waitForMail({ to: email, subject: new RegExp(`^Your ${SITE_NAME} account is approved$`) });
    assert.match(approval.text, new RegExp(`${server.url}/portal/login`), "the approval e-mail links to the sign-in page");
    assert.equal((await accountOf(server, email)).approval_status, "approved");

    // The customer signs in and sees the portal.
    await signIn(page, { email, password: PASSWORD, name });
    const nav = page.getByRole("navigation", { name: "Portal" });
    await expectVisible(nav);
    assert.deepEqual((await nav.getByRole("link").allInnerTexts()).map(normalize), PORTAL_NAV);
    assert.equal(await page.getByText("Administration").count(), 0, "no 'Administration' group for a customer");
    assert.equal(await page.getByRole("link", { name: "Admin Dashboard" }).count(), 0);
    const footer = sidebar(page);
    await expectVisible(footer.getByText(name, { exact: true }), "the name in the sidebar footer");
    await expectVisible(footer.getByText(email, { exact: true }), "the e-mail in the sidebar footer");
    await expectVisible(footer.getByText(name[0], { exact: true }), "the initial in the sidebar footer");

    // Sign out: back at the sign-in page, and the session is gone for good.
    const session = JSON.parse(await storedSession(page));
    assert.ok(session?.access_token, "a session is stored while signed in");
    await signOut(page);
    assert.equal(await storedSession(page), null, "no session is kept after signing out");
    await page.reload();
    await expectSignInPage(page);
    await page.goto("/portal");
    await expectSignInPage(page);

    const user = await fetch(`${server.url}/auth/v1/user`, { headers: { Authorization: `Bearer ${session.access_token}` } });
    assert.equal(user.status, 403, "the old access token is refused by the auth service");
    const profile = await fetch(`${server.url}/api/v1/profile`, { headers: { Authorization: `Bearer ${session.access_token}` } });
    assert.equal(profile.status, 401, "the old access token is refused by the portal API");

    // Even a copy of the old session put back into the browser does not open the portal.
    await page.evaluate((value) => window.sessionStorage.setItem("growthdesk-auth", value), JSON.stringify(session));
    await page.goto("/portal");
    await expectSignInPage(page);
  },
);

pageTest("registration checks passwords, then their length, then the math answer, with the product's texts", async ({ page }) => {
  const email = uniqueEmail("checks");
  // Everything wrong at once: the mismatch is reported first.
  const sum = await fillRegistration(page, { name: "Check Order", email, password: "abcde", confirm: "abcdf", math: "wrong" });
  await submitRegistration(page);
  await expectText(await expectAlert(page, TEXT.mismatch), TEXT.mismatch);

  // Matching but 5 characters, math still wrong: the length.
  await page.getByLabel("Confirm password", { exact: true }).fill("abcde");
  await submitRegistration(page);
  await expectText(await expectAlert(page, TEXT.tooShort), TEXT.tooShort);

  // A good password, math still wrong: the math.
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await submitRegistration(page);
  await expectText(await expectAlert(page, TEXT.math), TEXT.math);
  assert.equal(await page.getByText(TEXT.verified).count(), 0, "a wrong answer is not verified");

  // Verify with a wrong answer, then with the right one; editing the answer clears the mark.
  const answer = page.getByLabel(/^What is \d+ \+ \d+\?$/);
  const status = page.locator("#register-math-status");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expectText(status, TEXT.math);
  await answer.fill(String(sum));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expectText(status, TEXT.verified);
  await answer.fill(`${sum}0`);
  await waitUntil(async () => normalize(await status.innerText()) === "", "editing the answer clears '✓ Verified'");
  await answer.fill(String(sum));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expectText(status, TEXT.verified);
  assert.equal(new URL(page.url()).pathname, "/portal/register", "nothing was submitted");
});

pageTest("registration shows its own messages, never the browser's: the form is not validated by the browser", async ({ page }) => {
  // Terms unchecked and an address the browser would call malformed: the browser would stop the
  // submission with its own bubble; the form reports its own first problem instead.
  await fillRegistration(page, { name: "No Bubbles", email: "not-an-address", password: "abcdef", confirm: "abcdeg" });
  await page.getByLabel(/I agree to the Terms of Service/).uncheck();
  assert.equal(await page.locator("form").first().evaluate((form) => form.noValidate), true, "the form has noValidate");
  await submitRegistration(page);
  await expectText(await expectAlert(page, TEXT.mismatch), TEXT.mismatch);
});

pageTest(
  "sign-in errors: a wrong password, and an address not confirmed yet, each with its help list",
  { allowConsoleErrors: failedStatus(400) },
  async ({ page, server }) => {
    const customer = await createUser(server, { label: "typo" });
    await submitSignIn(page, customer.email, "Not-The-Password-1");
    const wrong = await expectAlert(page, TEXT.invalidCredentials);
    assert.equal(normalize(await wrong.locator("p").first().innerText()), TEXT.invalidCredentials);
    await expectVisible(wrong.getByText("Having trouble signing in?"));
    assert.deepEqual((await wrong.getByRole("listitem").allInnerTexts()).map(normalize), [
      "Check your email address for typos.",
      "Make sure your password is correct and Caps Lock is off.",
      "Use the same email address you registered with.",
      "If you copied and pasted your password, make sure no extra spaces came with it.",
    ]);
    assert.equal(new URL(page.url()).pathname, "/portal/login");

    // Registered, but the confirmation link not clicked yet.
    const email = uniqueEmail("unconfirmed");
    await fillRegistration(page, { name: "Not Confirmed", email });
    await submitRegistration(page);
    await expectVisible(page.getByRole("heading", { name: "Registration Submitted" }));
    await page.getByRole("link", { name: "Back to Sign In" }).click();
    await expectSignInPage(page);
    await submitSignIn(page, email, PASSWORD);
    const unconfirmed = await expectAlert(page, TEXT.emailNotConfirmed);
    assert.equal(normalize(await unconfirmed.locator("p").first().innerText()), TEXT.emailNotConfirmed);
    await expectVisible(unconfirmed.getByText("Confirm your email address"));
    assert.deepEqual((await unconfirmed.getByRole("listitem").allInnerTexts()).map(normalize), [
      "Check your inbox for the confirmation email and click the link in it.",
      "If you cannot find it, look in your spam or junk folder.",
    ]);
    assert.equal(new URL(page.url()).pathname, "/portal/login");
    assert.equal(await storedSession(page), null, "no session for an unconfirmed address");
  },
);

pageTest(
  "a sign-in link asked for with a redirect_to that a browser reads as another host signs in on this site",
  { allowConsoleErrors: failedStatus(404) },
  async ({ page, context, server }) => {
    const customer = await createUser(server, { label: "linked" });
    const site = new URL(server.url);
    const requested = [];
    context.on("request", (request) => requested.push(request.url()));
    /** Opens url and fails if any request of the way went to another host. */
    async function visit(url) {
      const error = await page.goto(url).then(
        () => undefined,
        (err) => err,
      );
      const offSite = requested.filter((u) => new URL(u).host !== site.host).map((u) => u.split("#")[0]);
      assert.deepEqual(offSite, [], `${url} sent the browser to another host${error ? ` (${error.message.split("\n")[0]})` : ""}`);
      if (error) throw error;
      assert.equal(new URL(page.url()).origin, site.origin, `${url} led to ${page.url()}`);
    }

    // Whoever asks for the link names the path; the escaped backslash was once decoded into a
    // Location that a browser reads as http://attacker.example/, the session still in the fragment.
    const res = await fetch(`${server.url}/auth/v1/otp?redirect_to=${encodeURIComponent("/%5Cattacker.example/")}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: customer.email }),
    });
    assert.equal(res.status, 200, `/auth/v1/otp answered ${res.status}: ${await res.text()}`);
    const mail = await server.smtp.waitForMail({ to: customer.email, subject: new RegExp(`^Your ${SITE_NAME} sign-in link$`) });
    await visit(verifyLink(mail));
    await expectDashboard(page, customer.name);

    // The page server's own redirects stay on the site too (to a page or its 404).
    for (const path of ["/%5Cattacker.example/", "/%09/attacker.example/", "/%5C%5Cattacker.example/"]) {
      await visit(`${server.url}${path}`);
    }
  },
);

pageTest(
  "forgot password: the e-mailed link sets a new password; the old one stops working",
  { allowConsoleErrors: failedStatus(400) },
  async ({ page, server }) => {
    const customer = await createUser(server, { label: "forgetful" });
    await open(page, "/portal/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expectPath(page, "/portal/forgot-password");
    await expectVisible(page.getByRole("heading", { name: "Reset your password" }));
    await page.getByLabel("Email", { exact: true }).fill(customer.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expectVisible(page.getByRole("heading", { name: "Check your email" }));
    await expectVisible(page.getByText("If an account exists for that email address, we have sent a link to reset your password."));

    const mail = await server.smtp.waitForMail({ to: customer.email, subject: new RegExp(`^Reset your ${SITE_NAME} password$`) });
    await page.goto(verifyLink(mail));
    await expectVisible(page.getByRole("heading", { name: "Choose a new password" }));
    await expectVisible(page.getByText(`For ${customer.email}.`));
    assert.equal(new URL(page.url()).pathname, "/portal/reset-password");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Update password" }).click();
    await expectVisible(page.getByRole("heading", { name: "Your password has been updated" }));
    await page.getByRole("link", { name: "Continue to the portal" }).click();
    await expectDashboard(page, customer.name);
    await signOut(page);

    await submitSignIn(page, customer.email, customer.password);
    await expectAlert(page, TEXT.invalidCredentials);
    await submitSignIn(page, customer.email, NEW_PASSWORD);
    await expectDashboard(page, customer.name);
  },
);

pageTest(
  "two-factor: enroll in Settings → Security, then sign-in asks for a code; a wrong one is refused",
  { timeout: 60_000, allowConsoleErrors: failedStatus(422) },
  async ({ page, server }) => {
    const customer = await createUser(server, { label: "careful" });
    await signIn(page, customer);
    await openSettingsTab(page, "Security");
    await expectVisible(page.getByText("Two-factor authentication is off."));
    const [setUpBox, nameBox, updateBox] = await Promise.all([
      page.getByRole("button", { name: "Set up two-factor authentication" }).boundingBox(),
      page.getByLabel("Name of the device").boundingBox(),
      page.getByRole("button", { name: "Update password" }).boundingBox(),
    ]);
    assert.ok(Math.abs(setUpBox.height - nameBox.height) <= 1, `the set-up button (${setUpBox.height} px) is as tall as the name field (${nameBox.height} px)`);
    assert.ok(setUpBox.height >= updateBox.height, `the set-up button is no smaller than 'Update password' (${updateBox.height} px)`);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();

    const qr = page.getByRole("img", { name: "QR code for setting up two-factor authentication in an authenticator app" });
    await expectVisible(qr, "the QR code");
    await waitUntil(() => qr.evaluate((img) => img.complete && img.naturalWidth > 0), "the QR code image loaded");
    const secret = normalize(await page.getByLabel("Key for manual entry").innerText());
    assert.match(secret, /^[A-Z2-7]{32}$/, "a base32 secret for manual entry");

    const setupCode = await currentTotp(secret);
    await page.getByLabel("6-digit code").fill(setupCode.code);
    await page.getByRole("button", { name: "Verify and turn on" }).click();
    await expectVisible(page.getByRole("status").filter({ hasText: "Two-factor authentication is on." }));
    await expectVisible(page.getByRole("button", { name: "Remove Authenticator app" }));
    await signOut(page);

    // The password alone is not enough any more.
    await submitSignIn(page, customer.email, customer.password);
    await expectVisible(page.getByRole("heading", { name: "Two-factor authentication", level: 1 }));
    const code = page.getByLabel("Authentication code");
    await expectVisible(code);
    assert.equal(new URL(page.url()).pathname, "/portal/login");

    const { counter } = await currentTotp(secret);
    await code.fill(wrongTotp(secret, counter));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expectText(await expectAlert(page, "That code did not match."), TEXT.wrongTotp);
    assert.equal(await page.getByText("Invalid TOTP code entered").count(), 0, "the server's raw wording is not shown");
    await expectHidden(portalHome(page));

    // The set-up code was used once and is refused now; the next one lets the customer in.
    await code.fill(setupCode.code);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expectText(await expectAlert(page, "already been used"), "This code has already been used. Wait for the next code from your authenticator app.");
    await code.fill((await nextTotp(secret, setupCode.counter)).code);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expectDashboard(page, customer.name);
  },
);

pageTest("staff-only parts: hidden from a customer, shown to an employee", async ({ page, server, newContext }) => {
  const [customer, employee] = await Promise.all([
    createUser(server, { label: "client" }),
    createUser(server, { role: "employee", label: "employee" }),
  ]);

  await signIn(page, customer);
  await expectVisible(page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Settings" }));
  assert.equal(await page.getByText("Administration").count(), 0, "no 'Administration' group for a customer");
  assert.equal(await page.getByRole("link", { name: "Admin Dashboard" }).count(), 0);
  await page.goto("/portal/admin");
  await expectDashboard(page, customer.name);
  await openSettingsTab(page, "Profile");
  assert.deepEqual((await page.getByRole("tab").allInnerTexts()).map(normalize), ["Profile", "Notifications", "Security"]);
  assert.equal(await page.getByRole("tab", { name: "Admin Management" }).count(), 0);
  await page.goto("/portal/settings?tab=admin");
  await expectVisible(page.getByRole("tab", { name: "Profile", selected: true }));
  assert.equal(await page.getByRole("heading", { name: "Admin Management" }).count(), 0);

  const staffPage = await (await newContext()).newPage();
  await signIn(staffPage, employee);
  const nav = staffPage.getByRole("navigation", { name: "Portal" });
  await expectVisible(nav.getByRole("heading", { name: "Administration" }));
  const adminGroup = nav.getByRole("group", { name: "Administration" });
  assert.deepEqual((await adminGroup.getByRole("link").allInnerTexts()).map(normalize), ["Admin Dashboard", "Leads"]);
  await adminGroup.getByRole("link", { name: "Admin Dashboard" }).click();
  await expectPath(staffPage, "/portal/admin");
  await expectVisible(staffPage.getByRole("heading", { name: "Admin Dashboard", exact: true }));
});

pageTest(
  "a rejected account gets its own screen that says whom to contact, with Back to Login",
  { timeout: 60_000, allowConsoleErrors: failedStatus(401, 403) },
  async ({ page, server }) => {
    const name = `Turned Down ${randomUUID().slice(0, 4)}`;
    const email = uniqueEmail("rejected");
    const admin = await createUser(server, { role: "admin", label: "admin" });
    await fillRegistration(page, { name, email });
    await submitRegistration(page);
    await expectVisible(page.getByRole("heading", { name: "Registration Submitted" }));
    const confirmation = await server.smtp.waitForMail({ to: email, subject: new RegExp(`^Confirm your email for ${SITE_NAME}$`) });

    const token = await passwordToken(server, admin);
    const account = await accountOf(server, email);
    const res = await fetch(`${server.url}/api/v1/admin/users/${account.id}/reject`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    assert.equal(res.status, 200, `reject answered ${res.status}: ${await res.text()}`);
    assert.equal((await accountOf(server, email)).approval_status, "rejected");

    await page.goto(verifyLink(confirmation));
    await expectVisible(page.getByRole("heading", { name: "Account Request Not Approved" }), "the rejected screen");
    assert.equal(await page.getByRole("heading", { name: "Account Pending Approval" }).count(), 0);
    const { email: companyEmail } = await siteConfig();
    const contact = page.getByRole("link", { name: companyEmail });
    await expectVisible(contact, "the company e-mail to contact");
    assert.equal(await contact.getAttribute("href"), `mailto:${companyEmail}`);
    await expectHidden(sidebar(page), "the portal sidebar");
    await page.getByRole("button", { name: "Back to Login" }).click();
    await expectSignInPage(page);
  },
);

pageTest(
  "a profile that does not arrive in time: the portal continues with the session's e-mail, without staff parts, and picks the profile up later",
  { timeout: 60_000, allowConsoleErrors: [/ERR_FAILED/] },
  async ({ page, server }) => {
    const admin = await createUser(server, { role: "admin", label: "slowprofile" });
    let blocked = true;
    let attempts = 0;
    await page.route("**/api/v1/profile", (route) => {
      if (!blocked) return route.continue();
      attempts++;
      return route.abort("failed");
    });

    await submitSignIn(page, admin.email, admin.password);
    const notice = page.getByRole("status").filter({ hasText: "Your account details have not loaded yet" });
    await notice.waitFor({ state: "visible", timeout: 20_000 });
    // The dashboard's own answer carries the name, so the greeting does not need the profile.
    await expectVisible(portalHome(page, admin.name), "the greeting from the dashboard");
    await expectVisible(sidebar(page).getByText(admin.email, { exact: true }).first(), "the e-mail in the sidebar footer");
    assert.equal(await page.getByRole("link", { name: "Admin Dashboard" }).count(), 0, "no staff navigation without a profile");

    // Still on the same page, the profile is asked for again in the background.
    const before = attempts;
    await waitUntil(() => attempts > before, `the profile is requested again after ${before} attempts`, 15_000);

    await sidebar(page).getByRole("link", { name: "Settings" }).click();
    await expectPath(page, "/portal/settings");
    await expectVisible(page.getByRole("tab", { name: "Profile", selected: true }));
    assert.deepEqual((await page.getByRole("tab").allInnerTexts()).map(normalize), ["Profile", "Notifications", "Security"]);
    assert.equal(await page.getByRole("button", { name: "Save changes" }).isDisabled(), true, "no profile, nothing to save over");
    // A fresh start waits for the profile, then continues without it; the admin page is not for it.
    await page.goto("/portal/admin");
    await notice.waitFor({ state: "visible", timeout: 20_000 });
    // The admin page sends a portal without a profile to the dashboard (a redirect after it renders).
    await expectPath(page, "/portal");

    blocked = false;
    await page.getByRole("button", { name: "Try again now" }).click();
    await expectDashboard(page, admin.name);
    await expectHidden(notice, "the notice once the profile arrived");
    await expectVisible(page.getByRole("link", { name: "Admin Dashboard" }), "the staff navigation once the profile arrived");
  },
);

/** Creates an organization with Admin Management's form (the tab is open) and returns its name. */
async function createOrganizationInPanel(page, organization) {
  await page.getByLabel("New organization").fill(organization);
  await page.getByRole("button", { name: "Create organization" }).click();
  await expectVisible(page.getByRole("status").filter({ hasText: `${organization} has been created.` }), "the created organization");
  return organization;
}

for (const { width, role, choice } of [
  { width: 1440, role: "employee", choice: "new" },
  { width: 1440, role: "admin", choice: "existing" },
  { width: 390, role: "admin", choice: "new" },
  { width: 390, role: "employee", choice: "existing" },
]) {
  const viewport = width === 390 ? { width: 390, height: 844 } : { width: 1440, height: 900 };
  pageTest(
    `an ${role} approves a customer into ${choice === "new" ? "a new" : "an existing"} organization in the approval dialog; the customer sees that organization's portal, at ${width} px`,
    { viewport, timeout: 60_000, allowConsoleErrors: failedStatus(401, 403, 409) },
    async ({ page, server, newContext }) => {
      const name = `Pat Pending ${randomUUID().slice(0, 4)}`;
      const email = uniqueEmail("pat");
      const staff = await createUser(server, { role, label: role });

      // Register and confirm; the account waits for approval.
      await fillRegistration(page, { name, email });
      await submitRegistration(page);
      await expectVisible(page.getByRole("heading", { name: "Registration Submitted" }));
      // The address is broken only when it cannot fit a line (not at its hyphen or '@' where a line
      // happens to end): this one stays whole, even at 390 px.
      const address = page.getByText(email, { exact: true });
      const lines = await address.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
      assert.ok(lines < 1.5, `the e-mail address on one line (${lines} lines)`);
      const confirmation = await server.smtp.waitForMail({ to: email, subject: new RegExp(`^Confirm your email for ${SITE_NAME}$`) });
      await page.goto(verifyLink(confirmation));
      await expectVisible(page.getByRole("heading", { name: "Account Pending Approval" }));
      await page.getByRole("button", { name: "Back to Login" }).click();
      await expectSignInPage(page);

      const staffPage = await (await newContext()).newPage();
      await signIn(staffPage, staff);
      await open(staffPage, "/portal/settings?tab=admin");
      await expectVisible(staffPage.getByRole("heading", { name: "Admin Management" }));
      const taken = await createOrganizationInPanel(staffPage, `Brightside Dental ${randomUUID().slice(0, 4)}`);
      await staffPage.getByLabel("Search users by name or email").fill(email);
      await staffPage.getByLabel("Approval status").selectOption({ label: "Pending" });
      const row = staffPage.getByRole("row").filter({ hasText: email });
      await expectVisible(row, "the pending account");
      // A pending account's row has no selects, hence no Save or Discard beside Approve, and no last sign-in.
      assert.equal(await row.getByRole("combobox").count(), 0, "no selects in a pending row");
      await expectVisible(row.getByText("Chosen on approval"), "the organization, chosen on approval");
      assert.equal(await row.getByText("Last sign-in").count(), 0, "no 'Last sign-in' on a pending account");
      assert.equal(await row.getByText("Never", { exact: true }).count(), 0, "no 'Never' either");

      await row.getByRole("button", { name: `Approve ${name}` }).click();
      const dialog = staffPage.getByRole("dialog", { name: `Approve ${name}` });
      await expectVisible(dialog, "the approval dialog");
      assert.equal(await dialog.getByLabel("Role", { exact: true }).count(), role === "admin" ? 1 : 0, "only admins choose the role");
      // Approve without an organization: the dialog asks for one and stays open.
      await dialog.getByRole("button", { name: "Approve", exact: true }).click();
      await expectVisible(dialog.getByText("Choose an organization for this customer."), "the organization error");

      let organization = taken;
      if (choice === "new") {
        await dialog.getByLabel("New organization", { exact: true }).check();
        // A taken name is refused on its field, and nothing is approved.
        await dialog.getByLabel("Name of the new organization").fill(taken.toLowerCase());
        await dialog.getByRole("button", { name: "Approve", exact: true }).click();
        await expectVisible(dialog.getByText("An organization with this name already exists."), "the taken-name error");
        assert.equal((await accountOf(server, email)).approval_status, "pending");
        organization = `Sunrise Clinic ${randomUUID().slice(0, 4)}`;
        await dialog.getByLabel("Name of the new organization").fill(organization);
        await expectHidden(dialog.getByText("An organization with this name already exists."), "the error, once the name changed");
      } else {
        await dialog.getByLabel("Organization to join").selectOption({ label: taken });
      }
      await staffPage.screenshot({ path: `/tmp/admin-approve-${role}-${choice}-${width}.png` });
      await dialog.getByRole("button", { name: "Approve", exact: true }).click();
      await expectHidden(dialog, "the dialog, once approved");
      await expectVisible(staffPage.getByRole("status").filter({ hasText: `Approved ${name} into ${organization}.` }), "the success notice");
      const account = await accountOf(server, email);
      assert.equal(account.approval_status, "approved");
      assert.equal(account.organization_name, organization);
      if (choice === "new") {
        await expectVisible(staffPage.getByRole("listitem").filter({ hasText: organization }), "the new organization in the list");
      }

      // The customer signs in and sees their organization's portal.
      await signIn(page, { email, password: PASSWORD, name });
      await open(page, "/portal/settings");
      await expectVisible(page.getByText(`Everyone at ${organization} with access to this portal.`), "the organization's team");
      await open(page, "/portal/support");
      await expectVisible(page.getByRole("heading", { name: "Support Tickets" }), "the support page");
      assert.equal(await page.getByText("not part of an organization yet").count(), 0, "no 'not part of an organization yet'");
    },
  );
}

pageTest("Settings → Profile: the e-mail is read-only; a bad picture address is refused under its field; a new name is saved and shown in the sidebar", { allowConsoleErrors: failedStatus(422) }, async ({ page, server }) => {
  const customer = await createUser(server, { name: "Katherine Johnson", label: "profile" });
  await signIn(page, customer);
  await openSettingsTab(page, "Profile");

  const email = page.getByLabel("Email", { exact: true });
  await expectVisible(email);
  assert.equal(await email.inputValue(), customer.email);
  assert.equal(await email.isEditable(), false, "the e-mail field is read-only");
  await expectVisible(page.getByText("Email cannot be changed", { exact: true }));

  const fullName = page.getByLabel("Full name");
  const look = (locator) =>
    locator.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, border: s.borderStyle };
    });
  const [readOnlyLook, editableLook] = await Promise.all([look(email), look(fullName)]);
  assert.notEqual(readOnlyLook.background, editableLook.background, "the read-only field has its own background");
  assert.notEqual(readOnlyLook.border, editableLook.border, "the read-only field has its own border");
  assert.equal(await fullName.inputValue(), customer.name);
  // A bad picture address gets the product's message under the field (not the browser's bubble),
  // which goes as soon as the field is edited.
  const avatar = page.getByLabel("Avatar URL");
  const avatarError = page.getByText("Enter a full image URL starting with https://.", { exact: true });
  await avatar.fill("not a url");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expectVisible(avatarError, "the avatar URL's error under the field");
  assert.equal(await avatar.getAttribute("aria-invalid"), "true");
  await avatar.fill("");
  await expectHidden(avatarError, "the avatar URL's error once the field is edited");
  await fullName.fill("Mary Jackson");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expectText(page.getByRole("status").filter({ hasText: TEXT.profileSaved }), TEXT.profileSaved);

  const footer = sidebar(page);
  await expectVisible(footer.getByText("Mary Jackson", { exact: true }), "the new name in the sidebar footer");
  await expectVisible(footer.getByText("M", { exact: true }), "the new initial in the sidebar footer");
  assert.equal(await footer.getByText(customer.name, { exact: true }).count(), 0, "the old name is gone");
  assert.equal((await accountOf(server, customer.email)).full_name, "Mary Jackson");

  // Still there after a reload.
  await page.reload();
  await expectVisible(sidebar(page).getByText("Mary Jackson", { exact: true }));
  await sidebar(page).getByRole("link", { name: "Dashboard" }).click();
  await expectDashboard(page, "Mary Jackson");
});

// ---------------------------------------------------------------------------------------------
// Registration errors per field, the live math check, and one pending-approval message, at both widths

const REQUIRED_FORM = "Please fill in all required fields.";
const REQUIRED_FIELD = "This field is required.";
const TERMS = "Please accept the Terms of Service and Privacy Policy.";
const PENDING =
  "Your account is pending approval. An administrator must approve your account before you can sign in.";

/** The error shown under a registration field, found through the field's aria-describedby. */
async function fieldError(page, control) {
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter((id) => id.endsWith("-error"));
  if (ids.length === 0) return null;
  const texts = await Promise.all(ids.map((id) => page.locator(`#${id}`).innerText()));
  return normalize(texts.join(" "));
}

async function expectFieldError(page, control, label, text) {
  let actual;
  await waitUntil(
    async () =>
      (actual = await fieldError(page, control)) === text && (await control.getAttribute("aria-invalid")) === "true",
    () => `expected ${label} to be invalid with ${JSON.stringify(text)}, got ${JSON.stringify(actual)}`,
  );
  await expectVisible(page.getByText(text, { exact: true }).first(), `${label}'s message`);
}

async function expectFieldFine(page, control, label) {
  await waitUntil(
    async () => (await fieldError(page, control)) === null && (await control.getAttribute("aria-invalid")) === null,
    `${label} shows no error`,
  );
}

/** How many times the text appears in what the page shows. */
const occurrences = async (page, text) => (await page.locator("body").innerText()).split(text).length - 1;

for (const [width, viewport] of [
  [1440, { width: 1440, height: 900 }],
  [390, { width: 390, height: 844 }],
]) {
  pageTest(`registration marks each field with its own error and clears each as it is fixed, at ${width} px`, { viewport }, async ({ page }) => {
    await open(page, "/portal/register");
    await expectVisible(page.getByRole("heading", { name: "Request Account Access", level: 1 }));
    const sum = await mathSum(page);
    const fields = {
      name: page.getByLabel("Full name"),
      email: page.getByLabel("Email", { exact: true }),
      password: page.getByLabel("Password", { exact: true }),
      confirm: page.getByLabel("Confirm password", { exact: true }),
      terms: page.getByLabel(/I agree to the Terms of Service/),
    };
    const answer = page.getByLabel(/^What is \d+ \+ \d+\?$/);
    const status = page.locator("#register-math-status");

    // Nothing filled in: the general message on top, and every field marked with its own.
    await submitRegistration(page);
    await expectText(await expectAlert(page, REQUIRED_FORM), REQUIRED_FORM);
    for (const key of ["name", "email", "password", "confirm"]) await expectFieldError(page, fields[key], key, REQUIRED_FIELD);
    await expectText(status, REQUIRED_FIELD);
    assert.equal(await answer.getAttribute("aria-invalid"), "true");
    await expectFieldError(page, fields.terms, "the terms box", TERMS);

    // Each message goes as soon as its field is filled in; the others stay until theirs is.
    await fields.name.fill("Per Field");
    await expectFieldFine(page, fields.name, "the full name");
    await expectFieldError(page, fields.email, "email", REQUIRED_FIELD);
    await fields.email.fill(uniqueEmail("fields"));
    await expectFieldFine(page, fields.email, "the email");
    await fields.password.fill("abcde");
    await expectFieldFine(page, fields.password, "the password");
    await fields.confirm.fill("abcdf");
    await expectFieldFine(page, fields.confirm, "the confirmation");
    await expectFieldError(page, fields.terms, "the terms box", TERMS);
    await expectAlert(page, REQUIRED_FORM);
    await answer.fill(String(sum));
    await expectText(status, TEXT.verified);
    await expectHidden(alertBox(page).filter({ hasText: REQUIRED_FORM }), "the general message once every field is filled in");
    await fields.terms.check();
    await expectFieldFine(page, fields.terms, "the terms box");

    // The next submission reports the mismatch next to the confirmation; matching clears it.
    await submitRegistration(page);
    await expectAlert(page, TEXT.mismatch);
    await expectFieldError(page, fields.confirm, "the confirmation", TEXT.mismatch);
    await fields.confirm.fill("abcde");
    await expectFieldFine(page, fields.confirm, "the confirmation");
    await expectHidden(alertBox(page).filter({ hasText: TEXT.mismatch }), "the mismatch message once the passwords match");

    // Then the length, next to the password; a long enough password clears it.
    await submitRegistration(page);
    await expectAlert(page, TEXT.tooShort);
    await expectFieldError(page, fields.password, "the password", TEXT.tooShort);
    assert.equal(await fields.password.getAttribute("aria-describedby"), "register-password-hint register-password-error");
    await fields.password.fill(PASSWORD);
    await expectFieldFine(page, fields.password, "the password");
    await fields.confirm.fill(PASSWORD);
    assert.equal(await page.getByText(TEXT.tooShort).count(), 0, "the length message is gone");
    assert.equal(new URL(page.url()).pathname, "/portal/register", "nothing was submitted");

    // With everything fixed, the request goes through.
    await submitRegistration(page);
    await expectVisible(page.getByRole("heading", { name: "Registration Submitted" }));
  });

  pageTest(`the math check judges the answer as it is typed, at ${width} px`, { viewport }, async ({ page }) => {
    await open(page, "/portal/register");
    const sum = await mathSum(page);
    const answer = page.getByLabel(/^What is \d+ \+ \d+\?$/);
    const status = page.locator("#register-math-status");
    const digits = String(sum).length;
    const wrong = String(digits === 1 ? (sum % 9) + 1 : sum === 20 ? 19 : sum + 1);
    assert.equal(wrong.length, digits);

    // Too short to judge: no state yet.
    if (digits === 2) {
      await answer.fill(String(sum)[0]);
      assert.equal(normalize(await status.innerText()), "", "half a two-digit answer is not judged");
    }
    // A wrong answer of the right length: the error at once, without Verify or submitting.
    await answer.fill(wrong);
    await expectText(status, TEXT.math);
    assert.equal(await answer.getAttribute("aria-invalid"), "true");
    // The right answer: verified at once.
    await answer.fill(String(sum));
    await expectText(status, TEXT.verified);
    assert.equal(await answer.getAttribute("aria-invalid"), null);
    assert.equal(await page.getByRole("alert").count(), 0, "nothing was submitted");
    assert.equal(new URL(page.url()).pathname, "/portal/register");
  });

  pageTest(
    `a pending account's sign-in shows the pending-approval message once, at ${width} px`,
    { viewport, timeout: 60_000, allowConsoleErrors: failedStatus(401, 403) },
    async ({ page, server }) => {
      const email = uniqueEmail("waiting");
      await fillRegistration(page, { name: `Still Waiting ${randomUUID().slice(0, 4)}`, email });
      await submitRegistration(page);
      await expectVisible(page.getByRole("heading", { name: "Registration Submitted" }));
      const confirmation = await server.smtp.waitForMail({ to: email, subject: new RegExp(`^Confirm your email for ${SITE_NAME}$`) });
      await page.goto(verifyLink(confirmation));
      await expectVisible(page.getByRole("heading", { name: "Account Pending Approval" }));
      await page.getByRole("button", { name: "Back to Login" }).click();
      await expectSignInPage(page);

      await submitSignIn(page, email, PASSWORD);
      const box = await expectAlert(page, PENDING);
      assert.equal(normalize(await box.locator("p").first().innerText()), PENDING);
      await expectVisible(box.getByText("Your account is waiting for approval"), "the approval help list");
      // Give any late toast or second copy time to appear before counting.
      await page.waitForTimeout(1000);
      assert.equal(await occurrences(page, PENDING), 1, "the pending-approval message appears exactly once");
      assert.equal(await page.getByRole("alert").count(), 1, "one alert");
      assert.equal(new URL(page.url()).pathname, "/portal/login");
    },
  );
}
