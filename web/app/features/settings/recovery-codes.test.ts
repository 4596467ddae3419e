import { describe, expect, it } from "vitest";
import { displayRecoveryCode, recoveryCodesFileName, recoveryCodesText } from "./recovery-codes";

describe("recovery codes", () => {
  it("shows a code in two halves", () => {
    expect(displayRecoveryCode("abcdefghjk")).toBe("abcde-fghjk");
    expect(displayRecoveryCode("abc")).toBe("abc");
  });

  it("writes a file that says what the codes are, for whom, and lists every code once", () => {
    const text = recoveryCodesText(["abcdefghjk", "mnpqrstuvw"], { site: "Growthdesk", email: "pat@example.com", date: "Nov 26, 2026" });
    expect(text).toContain("Growthdesk two-factor recovery codes");
    expect(text).toContain("Account: pat@example.com");
    expect(text.split("\n").filter((l) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(l))).toEqual(["abcde-fghjk", "mnpqr-stuvw"]);
  });

  it("names the download after the site", () => {
    expect(recoveryCodesFileName("Growthdesk")).toBe("growthdesk-recovery-codes.txt");
    expect(recoveryCodesFileName("Acme & Co.")).toBe("acme-co-recovery-codes.txt");
    expect(recoveryCodesFileName("☕")).toBe("account-recovery-codes.txt");
  });
});
