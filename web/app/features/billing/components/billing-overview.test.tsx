import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ACCESS_DENIED, BillingOverviewFor } from "./billing-overview";

describe("the billing overview", () => {
  it("tells anyone but an admin ACCESS_DENIED, and nothing of the overview", () => {
    for (const role of ["customer", "employee", undefined]) {
      const html = renderToStaticMarkup(<BillingOverviewFor role={role} />);
      expect(html).toContain(`role="alert"`);
      expect(html.split(ACCESS_DENIED).length - 1).toBe(1);
      expect(html).not.toContain("Total Revenue");
      expect(html).not.toContain("Export");
    }
    expect(ACCESS_DENIED).toBe("Access Denied: Only administrators can access billing overview.");
  });
});
