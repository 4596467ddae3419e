import { describe, expect, it } from "vitest";
import {
  EMPTY_LEAD,
  LEAD_LIMITS,
  PREFERRED_TIMES,
  hasErrors,
  pickLeadFieldErrors,
  toLeadPayload,
  validateLead,
  validateLeadField,
  type LeadFormValues,
} from "./lead";

const valid: LeadFormValues = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  company: "Analytical Engines LLC",
  phone: "",
  automation_goal: "Answer customer questions after hours.",
  preferred_time: "morning",
};

const repeat = (length: number) => "a".repeat(length);

describe("validateLead", () => {
  it("accepts a complete request without a phone number", () => {
    expect(validateLead(valid)).toEqual({});
    expect(hasErrors(validateLead(valid))).toBe(false);
  });

  it("reports every required field of an empty form", () => {
    const errors = validateLead(EMPTY_LEAD);
    expect(Object.keys(errors).sort()).toEqual(["automation_goal", "company", "email", "name", "preferred_time"]);
    expect(errors.phone).toBeUndefined();
  });

  it("treats whitespace-only values as empty", () => {
    const errors = validateLead({ ...valid, name: "   ", company: "\t", automation_goal: "  \n " });
    expect(errors.name).toBe("Please enter your full name.");
    expect(errors.company).toBe("Please enter your company name.");
    expect(errors.automation_goal).toBe("Please tell us what you would like to automate.");
  });
});

describe("validateLeadField", () => {
  it("limits the full name to 100 characters", () => {
    expect(validateLeadField("name", repeat(LEAD_LIMITS.nameMax))).toBeUndefined();
    expect(validateLeadField("name", repeat(LEAD_LIMITS.nameMax + 1))).toBe("Full name must be 100 characters or fewer.");
  });

  it("counts characters, not UTF-16 code units", () => {
    expect(validateLeadField("name", "😀".repeat(LEAD_LIMITS.nameMax))).toBeUndefined();
  });

  it("requires a work email", () => {
    expect(validateLeadField("email", "")).toBe("Please enter your work email.");
  });

  it.each(["ada", "ada@", "@example.com", "ada@example", "ada @example.com", "ada@exa mple.com", "ada@@example.com", "ada@example..com"])(
    "rejects the malformed email %j",
    (email) => {
      expect(validateLeadField("email", email)).toBe("Please enter a valid email address, like name@company.com.");
    },
  );

  it.each(["ada@example.com", "ada.lovelace+ai@mail.example.co.uk", "  ada@example.com  "])("accepts the email %j", (email) => {
    expect(validateLeadField("email", email)).toBeUndefined();
  });

  it("rejects an email longer than 254 characters", () => {
    const email = `${repeat(250)}@example.com`;
    expect(validateLeadField("email", email)).toBe("Please enter a valid email address, like name@company.com.");
  });

  it("limits the company to 200 characters", () => {
    expect(validateLeadField("company", repeat(LEAD_LIMITS.companyMax))).toBeUndefined();
    expect(validateLeadField("company", repeat(LEAD_LIMITS.companyMax + 1))).toBe("Company must be 200 characters or fewer.");
  });

  it("keeps the phone optional but limits it to 40 characters", () => {
    expect(validateLeadField("phone", "")).toBeUndefined();
    expect(validateLeadField("phone", repeat(LEAD_LIMITS.phoneMax))).toBeUndefined();
    expect(validateLeadField("phone", repeat(LEAD_LIMITS.phoneMax + 1))).toBe("Phone must be 40 characters or fewer.");
  });

  it("requires the automation goal to be 10 to 2000 characters", () => {
    expect(validateLeadField("automation_goal", repeat(LEAD_LIMITS.goalMin - 1))).toBe(
      "Please describe your goal in at least 10 characters.",
    );
    expect(validateLeadField("automation_goal", ` ${repeat(LEAD_LIMITS.goalMin - 1)} `)).toBe(
      "Please describe your goal in at least 10 characters.",
    );
    expect(validateLeadField("automation_goal", repeat(LEAD_LIMITS.goalMin))).toBeUndefined();
    expect(validateLeadField("automation_goal", repeat(LEAD_LIMITS.goalMax))).toBeUndefined();
    expect(validateLeadField("automation_goal", repeat(LEAD_LIMITS.goalMax + 1))).toBe(
      "Please keep your description to 2,000 characters or fewer.",
    );
  });

  it("requires one of the four preferred times", () => {
    expect(validateLeadField("preferred_time", "")).toBe("Please choose a preferred time for a call.");
    expect(validateLeadField("preferred_time", "midnight")).toBe("Please choose one of the listed times.");
    for (const option of PREFERRED_TIMES) expect(validateLeadField("preferred_time", option.value)).toBeUndefined();
  });
});

describe("preferred time options", () => {
  it("offers the four times with their labels", () => {
    expect(PREFERRED_TIMES.map((option) => [option.value, option.label])).toEqual([
      ["morning", "Morning (9am–12pm ET)"],
      ["afternoon", "Afternoon (12pm–5pm ET)"],
      ["evening", "Evening (5pm–7pm ET)"],
      ["anytime", "Any time works"],
    ]);
  });
});

describe("toLeadPayload", () => {
  it("trims every value and keeps an empty phone", () => {
    expect(
      toLeadPayload({
        name: "  Ada Lovelace ",
        email: " ada@example.com ",
        company: " Analytical Engines LLC ",
        phone: "   ",
        automation_goal: "  Answer customer questions after hours. ",
        preferred_time: "evening",
      }),
    ).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Analytical Engines LLC",
      phone: "",
      automation_goal: "Answer customer questions after hours.",
      preferred_time: "evening",
    });
  });
});

describe("pickLeadFieldErrors", () => {
  it("keeps only messages for fields of the form", () => {
    expect(pickLeadFieldErrors({ email: "This email is not accepted.", unknown: "ignored", name: "" })).toEqual({
      email: "This email is not accepted.",
    });
  });
});
