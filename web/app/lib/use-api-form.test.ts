import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { fieldAria, fieldErrorId, formErrorsOf } from "./use-api-form";

describe("formErrorsOf", () => {
  it("puts a 422's field messages on their fields and keeps the general message", () => {
    const err = new ApiError(422, { code: "validation_failed", message: "Please check the form.", fields: { name: "Enter a name." } });
    expect(formErrorsOf(err, "fallback")).toEqual({ message: "Please check the form.", fields: { name: "Enter a name." } });
  });

  it("falls back for errors that are not the API's", () => {
    expect(formErrorsOf(new TypeError("boom"), "Could not save.")).toEqual({ message: "Could not save.", fields: {} });
    expect(formErrorsOf(null, "Could not save.")).toEqual({ message: null, fields: {} });
  });

  it("keeps field messages empty for an error without fields", () => {
    const err = new ApiError(409, { code: "conflict", message: "That name is taken." });
    expect(formErrorsOf(err, "x")).toEqual({ message: "That name is taken.", fields: {} });
  });
});

describe("fieldAria", () => {
  it("marks an invalid control and points it at its message, then its hint", () => {
    expect(fieldAria("org-name", "Enter a name.", "org-name-hint")).toEqual({
      id: "org-name",
      "aria-invalid": true,
      "aria-describedby": `${fieldErrorId("org-name")} org-name-hint`,
    });
  });

  it("leaves a valid control unmarked", () => {
    expect(fieldAria("org-name", undefined)).toEqual({ id: "org-name", "aria-invalid": undefined, "aria-describedby": undefined });
  });
});
