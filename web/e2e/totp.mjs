// TOTP (RFC 6238, SHA-1, 30 s steps) computed by the tests themselves, independently of the
// server's library: what an authenticator app shows for a secret.

import { createHmac } from "node:crypto";

const PERIOD_S = 30;

/** The bytes of a base32 (RFC 4648) text, as authenticator apps read the secret. */
export function base32Decode(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out = [];
  for (const ch of text.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${JSON.stringify(ch)} in ${text}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** The code for a time-step counter (seconds since the epoch / 30). */
export function totp(secret, counter, digits = 6) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", base32Decode(secret)).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(code).padStart(digits, "0");
}

/**
 * The code of the current 30 s window and its counter; when fewer than minLeftS seconds of the
 * window are left, waits for the next window first, so the code is still valid when it arrives.
 */
export async function currentTotp(secret, minLeftS = 3) {
  let now = Date.now() / 1000;
  const left = PERIOD_S - (now % PERIOD_S);
  if (left < minLeftS) {
    await new Promise((ok) => setTimeout(ok, left * 1000 + 100));
    now = Date.now() / 1000;
  }
  const counter = Math.floor(now / PERIOD_S);
  return { code: totp(secret, counter), counter };
}

/** A 6-digit code the server refuses: none of the codes of the windows around counter. */
export function wrongTotp(secret, counter) {
  const accepted = new Set([-2, -1, 0, 1, 2].map((d) => totp(secret, counter + d)));
  let code = totp(secret, counter);
  for (let i = 1; accepted.has(code); i++) code = String((Number(code) + i * 7919) % 1e6).padStart(6, "0");
  return code;
}

/**
 * A code the server has not accepted yet: the server takes each time step once (RFC 6238
 * §5.2), so after a code of window usedCounter the next sign-in uses a later window. One step
 * ahead of the clock is still within the server's allowed skew.
 */
export async function nextTotp(secret, usedCounter) {
  const current = await currentTotp(secret);
  const counter = Math.max(current.counter, usedCounter + 1);
  return { code: totp(secret, counter), counter };
}
