import { describe, expect, it, vi } from "vitest";
import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_STACK_MAX,
  MAX_REPORTS_PER_PAGE,
  MIN_REPORT_INTERVAL_MS,
  createReporter,
  reportUrl,
  toReport,
  type ClientErrorReport,
} from "./client-errors";

const page = "https://www.example.com/newsletter/confirm?token=secret#top";

describe("toReport", () => {
  it("reports an Error with its name, message and stack, without the page's query", () => {
    const err = new TypeError("x is undefined");
    const report = toReport(err, "error", page);
    expect(report).toEqual({
      message: "TypeError: x is undefined",
      stack: err.stack,
      url: "https://www.example.com/newsletter/confirm",
      kind: "error",
    });
    expect(JSON.stringify(report)).not.toContain("secret");
  });

  it("turns strings and other values into one line, within the server's limits", () => {
    expect(toReport("boom\nagain", "unhandledrejection", page)?.message).toBe("boom again");
    expect(toReport({ code: 42 }, "unhandledrejection", page)?.message).toBe('{"code":42}');
    expect(toReport(undefined, "unhandledrejection", page)?.message).toBe("undefined");
    expect(toReport("", "error", page)?.message).toBe("Unknown error");
    const long = new Error("m".repeat(5000));
    long.stack = `Error\u0000\n${"s".repeat(20000)}`;
    const report = toReport(long, "boundary", page)!;
    expect(report.message.length).toBe(CLIENT_ERROR_MESSAGE_MAX);
    expect(report.stack!.length).toBe(CLIENT_ERROR_STACK_MAX);
    expect(report.stack).not.toContain("\u0000");
  });

  it("gives up without a page URL", () => {
    expect(reportUrl("not a url")).toBe("");
    expect(toReport("x", "error", "not a url")).toBeNull();
  });
});

describe("createReporter", () => {
  const report = (message: string): ClientErrorReport => ({ message, url: "https://www.example.com/", kind: "error" });

  it("sends each distinct error once", () => {
    let now = 0;
    const send = vi.fn();
    const reporter = createReporter(send, () => now);
    expect(reporter(report("a"))).toBe(true);
    now += MIN_REPORT_INTERVAL_MS;
    expect(reporter(report("a"))).toBe(false);
    expect(reporter(report("b"))).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("cannot be flooded by a loop", () => {
    let now = 0;
    const send = vi.fn();
    const reporter = createReporter(send, () => now);
    for (let i = 0; i < 1000; i++) {
      reporter(report(`loop ${i}`));
      now += 1;
    }
    expect(send).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 1000; i++) {
      now += MIN_REPORT_INTERVAL_MS;
      reporter(report(`later ${i}`));
    }
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
  });
});
