// Runs Lighthouse once on one page with Debian's Chromium and writes the full report (JSON)
// to a file. Usage: node run.mjs URL OUT.json
//
// Lighthouse's default settings are kept: the mobile form factor, its screen emulation and
// simulated throttling (a slow 4G network, a 4× slower CPU). The Go benchmark
// (internal/bench/lighthouse_test.go) calls this once per page and reads the report.
import { writeFile } from 'node:fs/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node run.mjs URL OUT.json');
  process.exit(2);
}

const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'error' });
let code = 0;
try {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error('Lighthouse returned no result');
  const lhr = result.lhr;
  if (lhr.runtimeError) {
    console.error(`${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    code = 1;
  }
  await writeFile(out, result.report);
} catch (err) {
  console.error(`${url}: ${err && err.stack ? err.stack : err}`);
  code = 1;
} finally {
  await chrome.kill();
}
process.exit(code);
