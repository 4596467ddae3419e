// End-to-end harness: the real growthdesk binary, headless Chromium through playwright-core, and
// Node's built-in test runner. Each test file calls e2eSuite() once: it starts one server on a free
// port with a fresh data directory and one browser, and gives every test its own browser context.
// A test fails when its pages log a console error or throw an uncaught error (hydration errors,
// Content-Security-Policy violations, failed requests), unless the test allows that message.
// Test files that need no browser call startServer() themselves. With { smtp: true } the server
// sends its e-mail to an in-process SMTP server (startSmtpServer) that the test reads.
// Files run two at a time (the e2e script's --test-concurrency): each has its own server, data
// directory, SMTP server and browser, so a file never depends on what another file did.

import { spawn, execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtemp, mkdir, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { simpleParser } from "mailparser";
import { chromium } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { parse as parseYaml } from "yaml";

const webDir = fileURLToPath(new URL("..", import.meta.url));
const repoDir = resolve(webDir, "..");

/** The binary under test: $GROWTHDESK_BIN (relative to the working directory), else ../bin/growthdesk. */
export const BIN = process.env.GROWTHDESK_BIN
  ? resolve(process.cwd(), process.env.GROWTHDESK_BIN)
  : resolve(repoDir, "bin/growthdesk");

export const CHROMIUM = process.env.GROWTHDESK_CHROMIUM || "/usr/bin/chromium";

const READY_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
const ACTION_TIMEOUT_MS = 10_000;
const TEST_TIMEOUT_MS = 60_000;
const MAIL_TIMEOUT_MS = 15_000;

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

// ---------------------------------------------------------------------------------------------
// Server

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

function tail(text, lines = 60) {
  return text.split("\n").slice(-lines).join("\n");
}

/**
 * Starts `growthdesk serve` on a free port with a fresh data directory and waits until /readyz
 * answers 200. Retries with another port if the chosen one was taken in the meantime.
 *
 * options:
 *   smtp: true starts an SMTP server for this binary (startSmtpServer) and passes
 *         `--smtp-url smtp://127.0.0.1:PORT?tls=none`; it is `server.smtp` and stops with the server.
 *   args: further `serve` flags, e.g. ["--refresh-token-reuse-interval", "0s"].
 */
export async function startServer(options = {}) {
  const { smtp: wantSmtp = false, args = [] } = options;
  const smtp = wantSmtp ? await startSmtpServer() : undefined;
  const extra = smtp ? ["--smtp-url", `${smtp.url}?tls=none`, ...args] : [...args];
  const dataDir = await mkdtemp(join(tmpdir(), "growthdesk-e2e-"));
  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOn(await freePort(), dataDir, extra, smtp);
    } catch (err) {
      lastError = err;
      if (!err.addressInUse) break;
    }
  }
  await rm(dataDir, { recursive: true, force: true });
  await smtp?.stop();
  throw lastError;
}

async function startOn(port, dataDir, extraArgs, smtp) {
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(
    BIN,
    [
      "serve",
      "--addr",
      `127.0.0.1:${port}`,
      "--data-dir",
      dataDir,
      "--site-url",
      url,
      "--log-format",
      "json",
      ...extraArgs,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((ok) => {
    child.on("exit", (code, signal) => ok({ code, signal }));
    child.on("error", (error) => ok({ code: null, signal: null, error }));
  });
  let exit;
  exited.then((e) => (exit = e));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exit) {
      const err = new Error(
        `growthdesk serve exited before it was ready (${exit.error ?? `code ${exit.code}, signal ${exit.signal}`}).\n` +
          `binary: ${BIN}\n--- server output ---\n${tail(output)}`,
      );
      err.addressInUse = /address already in use/i.test(output);
      throw err;
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      throw new Error(
        `growthdesk serve did not answer 200 on /readyz within ${READY_TIMEOUT_MS / 1000} s.\n` +
          `--- server output ---\n${tail(output)}`,
      );
    }
    await sleep(100);
  }

  async function cli(...args) {
    return new Promise((ok, fail) => {
      execFile(BIN, args, { timeout: 15_000 }, (err, stdout, stderr) => {
        if (err) fail(new Error(`growthdesk ${args.join(" ")} failed: ${err.message}\n${stderr}`));
        else ok(stdout);
      });
    });
  }

  async function jsonLines(...args) {
    const out = await cli(...args, "--json", "--data-dir", dataDir);
    return out
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line));
  }

  return {
    url,
    port,
    dataDir,
    /** The SMTP server this binary sends to (startServer({ smtp: true })), else undefined. */
    smtp,
    output: () => output,
    /** Runs `growthdesk ARGS...` (add --data-dir server.dataDir where it applies); resolves with stdout. */
    cli,
    /** The stored contact-form leads, newest first (`growthdesk leads list --json`). */
    leads: () => jsonLines("leads", "list"),
    /** The accounts (`growthdesk users list --json`). */
    users: () => jsonLines("users", "list"),
    /** The stored newsletter subscribers, newest first (`growthdesk subscribers list --json`). */
    subscribers: () => jsonLines("subscribers", "list"),
    /**
     * SIGTERM, wait for the process to exit (SIGKILL after 10 s), remove the data directory,
     * then stop the SMTP server, if any.
     */
    async stop() {
      try {
        await stopBinary();
      } finally {
        await smtp?.stop();
      }
    },
  };

  async function stopBinary() {
    let result = exit;
    if (!result) {
      child.kill("SIGTERM");
      let timer;
      const timeout = new Promise((ok) => (timer = setTimeout(() => ok(null), STOP_TIMEOUT_MS)));
      result = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (!result) {
        child.kill("SIGKILL");
        await exited;
        await rm(dataDir, { recursive: true, force: true });
        throw new Error(`growthdesk serve did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM\n${tail(output)}`);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
    if (result.code !== 0) {
      throw new Error(
        `growthdesk serve exited with code ${result.code}, signal ${result.signal} after SIGTERM\n${tail(output)}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Mail

/**
 * An SMTP server on 127.0.0.1 and a free port that accepts every message (no TLS, no AUTH),
 * parses it with mailparser and keeps it in memory. Returns
 *   url            smtp://127.0.0.1:PORT (add ?tls=none for --smtp-url; startServer does)
 *   messages()     every message received so far, oldest first
 *   waitForMail({ to, subject, timeout }) the oldest message not yet returned by waitForMail
 *                  whose recipients include `to` (case-insensitive) and whose subject matches the
 *                  RegExp `subject` (optional); waits up to timeout ms (15 s) for it to arrive
 *   stop()         closes the server
 * A message is { to, toText, from, subject, text, html, date, headers, envelope: { from, to } }:
 * `to` is the addresses of the To header (lower case, comma-separated), `toText` the header as
 * written (with display names), `html` a string ("" when the message has no HTML part),
 * `attachments` a list of { filename, contentType, content (text) }.
 */
export async function startSmtpServer() {
  const messages = [];
  const taken = new Set();
  const waiters = new Set();
  const problems = [];

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    banner: "growthdesk e2e",
    size: 10 * 1024 * 1024,
    closeTimeout: 2_000,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push(toMessage(parsed, session.envelope));
          for (const wake of waiters) wake();
          callback();
        },
        (err) => {
          problems.push(err);
          callback(err);
        },
      );
    },
  });
  server.on("error", (err) => problems.push(err));

  let port;
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      await new Promise((ok, fail) => {
        const onError = (err) => fail(err);
        server.server.once("error", onError);
        server.listen(port, "127.0.0.1", () => {
          server.server.off("error", onError);
          ok();
        });
      });
      break;
    } catch (err) {
      if (err.code !== "EADDRINUSE" || attempt >= 2) throw err;
    }
  }
  problems.length = 0; // a port taken before the retry is no problem of the messages

  function find(to, subject) {
    const want = to?.toLowerCase();
    return messages.find(
      (m) =>
        !taken.has(m) &&
        (!want || m.envelope.to.includes(want) || m.to.split(", ").includes(want)) &&
        (!subject || subject.test(m.subject)),
    );
  }

  function describe(to, subject) {
    const seen = messages.map((m) => `  to ${m.to}: ${JSON.stringify(m.subject)}${taken.has(m) ? " (taken)" : ""}`);
    return (
      `no e-mail${to ? ` to ${to}` : ""}${subject ? ` with a subject matching ${subject}` : ""} ` +
      `arrived at the SMTP server; received:\n${seen.join("\n") || "  nothing"}` +
      (problems.length ? `\nSMTP server errors:\n  ${problems.map(String).join("\n  ")}` : "")
    );
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages: () => [...messages],
    async waitForMail({ to, subject, timeout = MAIL_TIMEOUT_MS } = {}) {
      let found = find(to, subject);
      if (!found) {
        let wake;
        let timer;
        try {
          found = await new Promise((ok, fail) => {
            wake = () => {
              const m = find(to, subject);
              if (m) ok(m);
            };
            waiters.add(wake);
            timer = setTimeout(() => fail(new Error(describe(to, subject))), timeout);
          });
        } finally {
          waiters.delete(wake);
          clearTimeout(timer);
        }
      }
      taken.add(found);
      return found;
    },
    stop: () => new Promise((ok) => server.close(() => ok())),
  };
}

function toMessage(parsed, envelope) {
  const addresses = (field) =>
    (Array.isArray(field) ? field : field ? [field] : [])
      .flatMap((group) => group.value)
      .flatMap((a) => (a.group ? a.group : [a]))
      .map((a) => a.address.toLowerCase());
  return {
    to: addresses(parsed.to).join(", "),
    toText: parsed.to ? [parsed.to].flat().map((t) => t.text).join(", ") : "",
    from: addresses(parsed.from).join(", "),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    date: parsed.date,
    headers: parsed.headers,
    attachments: (parsed.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString("utf8") })),
    envelope: {
      from: envelope.mailFrom ? envelope.mailFrom.address.toLowerCase() : "",
      to: envelope.rcptTo.map((r) => r.address.toLowerCase()),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Browser

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// Suite

/**
 * Registers before/after hooks for this file (one server, one browser) and returns
 * { server, browser, pageTest }. Call it once at the top level of a test file.
 * serverOptions go to startServer (e.g. { smtp: true }).
 */
export function e2eSuite(serverOptions = {}) {
  const suite = { server: undefined, browser: undefined, pageTest };

  before(async () => {
    const [server, browser] = await Promise.allSettled([startServer(serverOptions), launchBrowser()]);
    if (server.status === "fulfilled") suite.server = server.value;
    if (browser.status === "fulfilled") suite.browser = browser.value;
    if (server.status === "rejected") throw server.reason;
    if (browser.status === "rejected") throw browser.reason;
  });

  after(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });

  /**
   * A test with a fresh browser context and page. options: viewport, timeout,
   * allowConsoleErrors (RegExps for console errors this test expects, e.g. a 404 it asks for).
   * fn receives { page, context, server, url(path), newContext() }; newContext() opens another
   * context set up and watched like the first (a second person, or with newContext({ storageState })
   * the same browser reopened), closed with it after the test.
   */
  function pageTest(name, options, fn) {
    if (typeof options === "function") [options, fn] = [{}, options];
    test(name, { timeout: options.timeout ?? TEST_TIMEOUT_MS }, async () => {
      const { server, browser } = suite;
      const problems = [];
      const allowed = options.allowConsoleErrors ?? [];
      const contexts = [];
      // Every context of the test is set up alike and watched for console errors; extra adds
      // options of Playwright's newContext (e.g. storageState, to reopen a saved browser).
      async function newContext(extra = {}) {
        const context = await browser.newContext({
          viewport: options.viewport ?? DESKTOP,
          baseURL: server.url,
          locale: "en-US",
          timezoneId: "America/Indiana/Indianapolis",
          ...extra,
        });
        contexts.push(context);
        context.setDefaultTimeout(ACTION_TIMEOUT_MS);
        context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
        context.on("console", (msg) => {
          if (msg.type() !== "error") return;
          const text = msg.text();
          if (allowed.some((re) => re.test(text))) return;
          const where = msg.location()?.url ? ` (${msg.location().url}:${msg.location().lineNumber})` : "";
          problems.push(`console error on ${msg.page()?.url() ?? "?"}: ${text}${where}`);
        });
        context.on("weberror", (webError) => {
          const error = webError.error();
          problems.push(`uncaught error on ${webError.page()?.url() ?? "?"}: ${error?.stack ?? error}`);
        });
        return context;
      }
      const context = await newContext();
      const page = await context.newPage();

      let failure;
      try {
        await fn({ page, context, server, url: (path) => server.url + path, newContext });
      } catch (err) {
        failure = err;
        await saveScreenshot(page, name).then(
          (file) => file && (err.message += `\nscreenshot: ${file}`),
          () => {},
        );
      } finally {
        await Promise.all(contexts.map((c) => c.close().catch(() => {})));
      }
      if (failure) {
        if (problems.length) failure.message += `\nthe page also reported:\n  ${problems.join("\n  ")}`;
        throw failure;
      }
      if (problems.length) {
        throw new Error(`the page reported errors:\n  ${problems.join("\n  ")}`);
      }
    });
  }

  return suite;
}

async function saveScreenshot(page, name) {
  if (page.isClosed()) return undefined;
  const dir = join(tmpdir(), "growthdesk-e2e-screenshots");
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80)}-${Date.now()}.png`);
  await page.screenshot({ path: file, fullPage: false, timeout: 5_000 });
  return file;
}

// ---------------------------------------------------------------------------------------------
// Page helpers

/** Opens path and waits until the page is interactive (see waitForHydration). */
export async function open(page, path) {
  const res = await page.goto(path);
  await waitForHydration(page);
  return res;
}

/**
 * Waits until the page's controls are live: on a public page served without React, its islands
 * script has started (it marks <html data-islands="ready">); on a page of the app, React has
 * attached its props to <body>, so hydration of the document has finished rendering. Then waits
 * one frame for the commit.
 */
export async function waitForHydration(page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.islands === "ready" ||
      Object.keys(document.body).some((key) => key.startsWith("__reactProps$")),
    undefined,
    { timeout: ACTION_TIMEOUT_MS },
  );
  await nextFrames(page);
}

/** Resolves after the page has painted two more frames (lets scroll handlers and effects run). */
export function nextFrames(page) {
  return page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok()))));
}

export const normalize = (s) => (s ?? "").replace(/\s+/g, " ").trim();

/** The text of a PDF file as pdftotext (poppler-utils) reads it, spaces and line breaks folded. */
export async function pdfText(file) {
  const { stdout } = await promisify(execFile)("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
  return normalize(stdout);
}

/** Polls fn until it returns a truthy value, or throws describe() after timeout ms. */
export async function waitUntil(fn, describe, timeout = 5_000) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(typeof describe === "function" ? await describe() : describe);
    await sleep(50);
  }
}

/** Waits until the locator is visible, failing with a readable message. */
export async function expectVisible(locator, what = String(locator)) {
  try {
    await locator.waitFor({ state: "visible" });
  } catch (err) {
    throw new Error(`expected ${what} to be visible: ${err.message.split("\n")[0]}`, { cause: err });
  }
}

/** Waits until the locator is hidden or gone. */
export async function expectHidden(locator, what = String(locator)) {
  try {
    await locator.waitFor({ state: "hidden" });
  } catch (err) {
    throw new Error(`expected ${what} to be hidden: ${err.message.split("\n")[0]}`, { cause: err });
  }
}

/** Waits until the visible text of the (single) locator equals expected, whitespace normalized. */
export async function expectText(locator, expected) {
  await expectVisible(locator, `text ${JSON.stringify(expected)}`);
  let actual;
  await waitUntil(
    async () => (actual = normalize(await locator.innerText())) === expected,
    () => `expected text ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
  );
}

/** Waits for a visible element containing text (first match). */
export function expectVisibleText(page, text, options = {}) {
  return expectVisible(page.getByText(text, options).first(), JSON.stringify(String(text)));
}

/** Number of visible elements matched by the locator. */
export async function countVisible(locator) {
  let n = 0;
  for (const el of await locator.all()) if (await el.isVisible()) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Content

/** The blog posts in content/blog/*.md: slug plus front matter, in file-name order. */
export async function blogPosts() {
  const dir = join(repoDir, "content/blog");
  const files = (await readdir(dir)).filter((f) => f.endsWith(".md")).sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(dir, file), "utf8");
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`content/blog/${file} has no front matter`);
      return { slug: file.slice(0, -3), ...parseYaml(match[1]), body: match[2] };
    }),
  );
}

/** The site configuration, content/site.json. */
export async function siteConfig() {
  return JSON.parse(await readFile(join(repoDir, "content/site.json"), "utf8"));
}

/** Decodes the entities React emits and strips tags: the text a reader of the raw HTML sees. */
export function htmlText(html) {
  return normalize(
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
      .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, "")
      .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&nbsp;/g, " ")
      .replace(/&amp;/g, "&"),
  );
}

/**
 * The dashboard's heading for name: "Welcome, {name}" on a first sign-in, "Welcome back, {name}" after.
 * Without a name, any such heading.
 */
export function greeting(name) {
  const who = name === undefined ? ".+" : name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^Welcome(?: back)?, ${who}$`);
}

/**
 * The heading of the page the portal opens on: a customer's dashboard greeting (of name, when
 * given), or the Admin Dashboard, which is the home of staff.
 */
export function portalHome(page, name) {
  return page.getByRole("heading", { name: greeting(name) }).or(page.getByRole("heading", { name: "Admin Dashboard", level: 1 }));
}

/**
 * Signs in with the demo server's test-account box (`serve --demo`): fills in the account of
 * the given label ("admin", "employee", "customer", …) and waits for the portal's home page.
 */
export async function signInAsDemo(page, label) {
  await open(page, "/portal/login");
  await page
    .getByRole("region", { name: "Test accounts" })
    .getByRole("button", { name: `Fill in the ${label} account` })
    .click();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expectVisible(portalHome(page), "the portal's home");
}
