import { describe, expect, it } from "vitest";
import { normalizeEmail, passwordPairError } from "~/lib/credentials";
import {
  EMPTY_REGISTRATION,
  REGISTRATION_ERRORS,
  createMathChallenge,
  isMathAnswerCorrect,
  mathAnswerState,
  registrationFieldErrors,
  registrationFormMessage,
  remainingFieldErrors,
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

describe("registrationFieldErrors", () => {
  it("has none for a complete, correct registration", () => {
    expect(registrationFieldErrors(valid, challenge)).toEqual({});
  });

  it("marks every empty field and the unchecked terms", () => {
    expect(registrationFieldErrors(EMPTY_REGISTRATION, challenge)).toEqual({
      fullName: REGISTRATION_ERRORS.fieldRequired,
      email: REGISTRATION_ERRORS.fieldRequired,
      password: REGISTRATION_ERRORS.fieldRequired,
      confirmPassword: REGISTRATION_ERRORS.fieldRequired,
      mathAnswer: REGISTRATION_ERRORS.fieldRequired,
      acceptedTerms: REGISTRATION_ERRORS.terms,
    });
  });

  it("puts a mismatch on the confirmation and a short password on the password", () => {
    expect(registrationFieldErrors({ ...valid, confirmPassword: "secret2" }, challenge)).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(registrationFieldErrors({ ...valid, password: "abc12", confirmPassword: "abc12" }, challenge)).toEqual({
      password: "Password must be at least 6 characters",
    });
  });

  it("puts a wrong answer on the math check", () => {
    expect(registrationFieldErrors({ ...valid, mathAnswer: "8" }, challenge)).toEqual({ mathAnswer: REGISTRATION_ERRORS.math });
  });
});

describe("registrationFormMessage", () => {
  it("gives the general message while any required field is empty", () => {
    const errors = registrationFieldErrors({ ...valid, email: "", confirmPassword: "other1", mathAnswer: "8" }, challenge);
    expect(registrationFormMessage(errors)).toBe(REGISTRATION_ERRORS.required);
  });

  it("otherwise follows the order of checks: match, length, math, terms", () => {
    const all = { ...valid, password: "abc", confirmPassword: "abd", mathAnswer: "9", acceptedTerms: false };
    expect(registrationFormMessage(registrationFieldErrors(all, challenge))).toBe("Passwords do not match");
    const short = { ...all, confirmPassword: "abc" };
    expect(registrationFormMessage(registrationFieldErrors(short, challenge))).toBe("Password must be at least 6 characters");
    const math = { ...all, password: "secret1", confirmPassword: "secret1" };
    expect(registrationFormMessage(registrationFieldErrors(math, challenge))).toBe(REGISTRATION_ERRORS.math);
    expect(registrationFormMessage(registrationFieldErrors({ ...math, mathAnswer: "7" }, challenge))).toBe(REGISTRATION_ERRORS.terms);
  });

  it("agrees with validateRegistration on the first problem", () => {
    const cases: RegistrationInput[] = [
      EMPTY_REGISTRATION,
      { ...valid, password: "abc", confirmPassword: "abd", mathAnswer: "99" },
      { ...valid, password: "abc12", confirmPassword: "abc12", mathAnswer: "99" },
      { ...valid, mathAnswer: "8", acceptedTerms: false },
      { ...valid, acceptedTerms: false },
      valid,
    ];
    for (const input of cases) {
      expect(registrationFormMessage(registrationFieldErrors(input, challenge))).toBe(validateRegistration(input, challenge));
    }
  });

  it("is empty when nothing is shown", () => {
    expect(registrationFormMessage({})).toBeNull();
  });
});

describe("remainingFieldErrors", () => {
  it("drops each error as soon as its field is fixed, keeping the others", () => {
    let input: RegistrationInput = { ...EMPTY_REGISTRATION };
    let shown = registrationFieldErrors(input, challenge);
    input = { ...input, fullName: "Ada" };
    shown = remainingFieldErrors(shown, input, challenge);
    expect(shown.fullName).toBeUndefined();
    expect(shown.email).toBe(REGISTRATION_ERRORS.fieldRequired);
    expect(registrationFormMessage(shown)).toBe(REGISTRATION_ERRORS.required);
    input = { ...input, email: "a@b.co", password: "secret1", confirmPassword: "s", mathAnswer: "7", acceptedTerms: true };
    shown = remainingFieldErrors(shown, input, challenge);
    expect(shown).toEqual({});
    expect(registrationFormMessage(shown)).toBeNull();
  });

  it("adds no new error while typing: a mismatch still being typed waits for the next submission", () => {
    const input = { ...valid, confirmPassword: "secr" };
    expect(remainingFieldErrors({}, input, challenge)).toEqual({});
  });

  it("clears the mismatch when the password is changed to match the confirmation", () => {
    const shown = registrationFieldErrors({ ...valid, password: "secret9" }, challenge);
    expect(shown).toEqual({ confirmPassword: "Passwords do not match" });
    expect(remainingFieldErrors(shown, valid, challenge)).toEqual({});
  });

  it("keeps an error whose field still has that problem", () => {
    const shown = registrationFieldErrors({ ...valid, acceptedTerms: false }, challenge);
    expect(remainingFieldErrors(shown, { ...valid, acceptedTerms: false, fullName: "Ada L." }, challenge)).toEqual(shown);
  });
});

describe("mathAnswerState", () => {
  it("judges the answer once it has as many digits as the sum", () => {
    expect(mathAnswerState(challenge, "")).toBe("empty");
    expect(mathAnswerState(challenge, "7")).toBe("correct");
    expect(mathAnswerState(challenge, "8")).toBe("wrong");
    expect(mathAnswerState(challenge, "x")).toBe("wrong");
    expect(mathAnswerState(challenge, "70")).toBe("incomplete");
    const twoDigits = { a: 6, b: 7 };
    expect(mathAnswerState(twoDigits, "1")).toBe("incomplete");
    expect(mathAnswerState(twoDigits, "13")).toBe("correct");
    expect(mathAnswerState(twoDigits, "14")).toBe("wrong");
  });
});
