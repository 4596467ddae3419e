import { describe, expect, it } from "vitest";
import { normalizeEmail, passwordPairError } from "~/lib/credentials";
import {
  EMPTY_REGISTRATION,
  REGISTRATION_ERRORS,
  createMathChallenge,
  isMathAnswerCorrect,
  validateRegistration,
  type RegistrationInput,
} from "./registration";

const challenge = { a: 3, b: 4 };
const valid: RegistrationInput = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  password: "secret1",
  confirmPassword: "secret1",
  mathAnswer: "7",
  acceptedTerms: true,
};

describe("validateRegistration", () => {
  it("accepts a complete, correct registration", () => {
    expect(validateRegistration(valid, challenge)).toBeNull();
  });

  it("requires every field", () => {
    for (const field of ["fullName", "email", "password", "confirmPassword", "mathAnswer"] as const) {
      expect(validateRegistration({ ...valid, [field]: "  " }, challenge)).toBe(REGISTRATION_ERRORS.required);
    }
    expect(validateRegistration(EMPTY_REGISTRATION, challenge)).toBe(REGISTRATION_ERRORS.required);
  });

  it("checks the passwords match first, with the catalogue's text", () => {
    const input = { ...valid, password: "abc", confirmPassword: "abd", mathAnswer: "99" };
    expect(validateRegistration(input, challenge)).toBe("Passwords do not match");
  });

  it("checks the length second, with the catalogue's text", () => {
    const input = { ...valid, password: "abc12", confirmPassword: "abc12", mathAnswer: "99" };
    expect(validateRegistration(input, challenge)).toBe("Password must be at least 6 characters");
  });

  it("checks the security answer third, with the catalogue's text", () => {
    const input = { ...valid, mathAnswer: "8", acceptedTerms: false };
    expect(validateRegistration(input, challenge)).toBe("Please solve the math problem correctly");
  });

  it("requires the terms to be accepted", () => {
    expect(validateRegistration({ ...valid, acceptedTerms: false }, challenge)).toBe(REGISTRATION_ERRORS.terms);
  });

  it("accepts exactly six characters", () => {
    expect(validateRegistration({ ...valid, password: "123456", confirmPassword: "123456" }, challenge)).toBeNull();
  });
});

describe("math check", () => {
  it("draws two integers from 1 to 10", () => {
    expect(createMathChallenge(() => 0)).toEqual({ a: 1, b: 1 });
    expect(createMathChallenge(() => 0.999999)).toEqual({ a: 10, b: 10 });
    for (let i = 0; i < 200; i++) {
      const { a, b } = createMathChallenge();
      for (const n of [a, b]) {
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(10);
      }
    }
  });

  it("accepts only the sum, ignoring surrounding spaces", () => {
    expect(isMathAnswerCorrect(challenge, "7")).toBe(true);
    expect(isMathAnswerCorrect(challenge, " 7 ")).toBe(true);
    expect(isMathAnswerCorrect(challenge, "6")).toBe(false);
    expect(isMathAnswerCorrect(challenge, "7.0")).toBe(false);
    expect(isMathAnswerCorrect(challenge, "seven")).toBe(false);
    expect(isMathAnswerCorrect(challenge, "")).toBe(false);
  });
});

describe("credentials", () => {
  it("trims and lower-cases e-mail addresses", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
  });

  it("checks a new password pair: match first, then length", () => {
    expect(passwordPairError("abc", "abd")).toBe("Passwords do not match");
    expect(passwordPairError("abc", "abc")).toBe("Password must be at least 6 characters");
    expect(passwordPairError("abcdef", "abcdef")).toBeNull();
  });
});
