export type ClientErrorKind = "error" | "unhandledrejection" | "boundary";

export type ClientErrorReport = { message: string; stack?: string; url: string; kind: ClientErrorKind };

export const CLIENT_ERRORS_PATH = "/api/v1/client-errors";
export const CLIENT_ERROR_MESSAGE_MAX = 1000;
export const CLIENT_ERROR_STACK_MAX = 8000;
export const MAX_REPORTS_PER_PAGE = 5;
export const MIN_REPORT_INTERVAL_MS = 2_000;

type Send = (report: ClientErrorReport) => void;

function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").trim();
}

function plainText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "");
}

/** The page's address without query and fragment: links such as the newsletter's carry tokens. */
export function reportUrl(href: string): string {
  try {
    const u = new URL(href);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "";
  }
}

/** Turns whatever was thrown or rejected into a report the server accepts, or null. */
export function toReport(reason: unknown, kind: ClientErrorKind, href: string): ClientErrorReport | null {
  let message: string;
  let stack: string | undefined;
  if (reason instanceof Error) {
    message = `${reason.name}: ${reason.message}`;
    stack = reason.stack;
  } else if (typeof reason === "string") {
    message = reason;
  } else {
    try {
      message = JSON.stringify(reason) ?? String(reason);
    } catch {
      message = String(reason);
    }
  }
  message = oneLine(message).slice(0, CLIENT_ERROR_MESSAGE_MAX) || "Unknown error";
  const url = reportUrl(href);
  if (!url) return null;
  const report: ClientErrorReport = { message, url, kind };
  if (stack) report.stack = plainText(stack).slice(0, CLIENT_ERROR_STACK_MAX);
  return report;
}

/**
 * Reports each distinct error once, at most MAX_REPORTS_PER_PAGE per page load and not more
 * often than every MIN_REPORT_INTERVAL_MS, so a render loop cannot flood the server.
 */
export function createReporter(send: Send, now: () => number = Date.now) {
  const seen = new Set<string>();
  let sent = 0;
  let last = -Infinity;
  return (report: ClientErrorReport | null): boolean => {
    if (!report) return false;
    const key = `${report.kind}|${report.message}|${report.stack?.split("\n", 2)[1] ?? ""}`;
    if (seen.has(key) || sent >= MAX_REPORTS_PER_PAGE || now() - last < MIN_REPORT_INTERVAL_MS) return false;
    seen.add(key);
    sent++;
    last = now();
    send(report);
    return true;
  };
}

function sendReport(report: ClientErrorReport) {
  fetch(CLIENT_ERRORS_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => {});
}

let reporter: ReturnType<typeof createReporter> | undefined;

/** Logs the error to the console and reports it to the server (throttled). */
export function reportClientError(reason: unknown, kind: ClientErrorKind) {
  if (typeof window === "undefined") return;
  reporter ??= createReporter(sendReport);
  reporter(toReport(reason, kind, window.location.href));
}

let installed = false;

/** Listens for uncaught errors and unhandled rejections for the rest of the page's life. */
export function installGlobalErrorHandlers() {
  if (typeof window === "undefined" || installed) return;
  installed = true;
  window.addEventListener("error", (event) => {
    const reason = event.error ?? event.message;
    console.error("Uncaught error:", reason);
    reportClientError(reason, "error");
  });
  window.addEventListener("unhandledrejection", (event) => {
    console.error("Unhandled promise rejection:", event.reason);
    reportClientError(event.reason, "unhandledrejection");
  });
}
