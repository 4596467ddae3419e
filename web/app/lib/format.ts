/** What a formatter shows for a missing value and for one it cannot read; both default to "—". */
export type Fallbacks = { empty?: string; invalid?: string };

const DASH = "—";

function formatInstant(
  iso: string | null | undefined,
  style: Intl.DateTimeFormatOptions,
  { empty = DASH, invalid = DASH, timeZone }: Fallbacks & { timeZone?: string },
): string {
  if (!iso) return empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? invalid : date.toLocaleString("en-US", timeZone ? { ...style, timeZone } : style);
}

/** A date as a US reader writes it, e.g. "Jan 5, 2026", in the browser's time zone unless `timeZone` is given. */
export function formatDate(iso: string | null | undefined, options: Fallbacks & { timeZone?: string } = {}): string {
  return formatInstant(iso, { dateStyle: "medium" }, options);
}

/** A date and time, e.g. "Jan 5, 2026, 3:04 PM", in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined, options: Fallbacks = {}): string {
  return formatInstant(iso, { dateStyle: "medium", timeStyle: "short" }, options);
}

/** A time of day, e.g. "3:04 PM", in the browser's time zone. */
export function formatTime(iso: string | null | undefined, options: Fallbacks = {}): string {
  return formatInstant(iso, { timeStyle: "short" }, options);
}

/** Integer cents as money, e.g. "$1,299.00"; `trimZeroCents` writes a whole amount without cents ("$1,234"). */
export function formatMoney(cents: number, currency = "usd", { trimZeroCents = false }: { trimZeroCents?: boolean } = {}): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
    ...(trimZeroCents && cents % 100 === 0 ? { maximumFractionDigits: 0 } : {}),
  }).format(cents / 100);
}

/** A count with thousands separators, e.g. "1,234". */
export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

function zoneNameIn(locale: string, date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" }).formatToParts(date);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
}

/**
 * The short name of the time zone at that moment, in the browser's zone unless `timeZone` is given:
 * "EST", "CET". US English names only American zones and writes others as an offset ("GMT+1"), so
 * British English, which knows the European names, is asked next; an offset stays where neither has a name.
 */
export function timeZoneAbbreviation(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  const us = zoneNameIn("en-US", date, timeZone);
  if (!/^GMT[+-]/.test(us)) return us;
  const gb = zoneNameIn("en-GB", date, timeZone);
  return /^GMT[+-]/.test(gb) ? us : gb;
}
