import { PASSWORD_ERRORS, passwordPairError } from "~/lib/credentials";

export const MATH_OPERAND_MIN = 1;
export const MATH_OPERAND_MAX = 10;

export type MathChallenge = { a: number; b: number };

export type RegistrationInput = {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  mathAnswer: string;
  acceptedTerms: boolean;
};

export const EMPTY_REGISTRATION: RegistrationInput = {
  fullName: "",
  email: "",
  password: "",
  confirmPassword: "",
  mathAnswer: "",
  acceptedTerms: false,
};

export const REGISTRATION_ERRORS = {
  required: "Please fill in all required fields.",
  fieldRequired: "This field is required.",
  math: "Please solve the math problem correctly",
  terms: "Please accept the Terms of Service and Privacy Policy.",
} as const;

function randomOperand(random: () => number): number {
  const span = MATH_OPERAND_MAX - MATH_OPERAND_MIN + 1;
  return MATH_OPERAND_MIN + Math.min(span - 1, Math.floor(random() * span));
}

/** Two random integers from 1 to 10; `random` is Math.random unless a test fixes it. */
export function createMathChallenge(random: () => number = Math.random): MathChallenge {
  return { a: randomOperand(random), b: randomOperand(random) };
}

export function isMathAnswerCorrect(challenge: MathChallenge, answer: string): boolean {
  const trimmed = answer.trim();
  if (!/^\d+$/.test(trimmed)) return false;
  return Number(trimmed) === challenge.a + challenge.b;
}

/** The first problem with a registration, or null: required fields, then the passwords match, their length, the math answer, then terms. */
export function validateRegistration(input: RegistrationInput, challenge: MathChallenge): string | null {
  const required = [input.fullName, input.email, input.password, input.confirmPassword, input.mathAnswer];
  if (required.some((value) => value.trim() === "")) return REGISTRATION_ERRORS.required;
  const passwordError = passwordPairError(input.password, input.confirmPassword);
  if (passwordError) return passwordError;
  if (!isMathAnswerCorrect(challenge, input.mathAnswer)) return REGISTRATION_ERRORS.math;
  if (!input.acceptedTerms) return REGISTRATION_ERRORS.terms;
  return null;
}

export type RegistrationField = keyof RegistrationInput;

/** The fields in the order the form shows them. */
export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  "fullName",
  "email",
  "password",
  "confirmPassword",
  "mathAnswer",
  "acceptedTerms",
];

export type RegistrationFieldErrors = Partial<Record<RegistrationField, string>>;

/**
 * Every problem of a registration, by field: each empty field is required; a mismatch belongs to
 * the confirmation and a short password to the password; a wrong answer to the math check; an
 * unchecked box to the terms.
 */
export function registrationFieldErrors(input: RegistrationInput, challenge: MathChallenge): RegistrationFieldErrors {
  const errors: RegistrationFieldErrors = {};
  const texts = ["fullName", "email", "password", "confirmPassword", "mathAnswer"] as const;
  for (const field of texts) if (input[field].trim() === "") errors[field] = REGISTRATION_ERRORS.fieldRequired;
  if (!errors.password && !errors.confirmPassword) {
    const passwordError = passwordPairError(input.password, input.confirmPassword);
    if (passwordError === PASSWORD_ERRORS.mismatch) errors.confirmPassword = passwordError;
    else if (passwordError) errors.password = passwordError;
  }
  if (!errors.mathAnswer && !isMathAnswerCorrect(challenge, input.mathAnswer)) errors.mathAnswer = REGISTRATION_ERRORS.math;
  if (!input.acceptedTerms) errors.acceptedTerms = REGISTRATION_ERRORS.terms;
  return errors;
}

/** The errors still shown after an edit: those of `shown` whose field still has that problem; a fixed field loses its error, none is added. */
export function remainingFieldErrors(
  shown: RegistrationFieldErrors,
  input: RegistrationInput,
  challenge: MathChallenge,
): RegistrationFieldErrors {
  const current = registrationFieldErrors(input, challenge);
  const kept: RegistrationFieldErrors = {};
  for (const field of REGISTRATION_FIELDS) {
    if (shown[field] && current[field] === shown[field]) kept[field] = shown[field];
  }
  return kept;
}

/**
 * The form-level message for the field errors shown: the general message while a required field
 * is empty, else the first problem in the order of checks (passwords match, length, math, terms).
 */
export function registrationFormMessage(errors: RegistrationFieldErrors): string | null {
  if (Object.values(errors).includes(REGISTRATION_ERRORS.fieldRequired)) return REGISTRATION_ERRORS.required;
  const order = [errors.confirmPassword, errors.password, errors.mathAnswer, errors.acceptedTerms];
  return order.find((message) => message !== undefined) ?? null;
}

export type MathAnswerState = "empty" | "incomplete" | "correct" | "wrong";

/** The live state of the math answer: judged once it has as many characters as the sum has digits. */
export function mathAnswerState(challenge: MathChallenge, answer: string): MathAnswerState {
  const trimmed = answer.trim();
  if (trimmed === "") return "empty";
  if (trimmed.length !== String(challenge.a + challenge.b).length) return "incomplete";
  return isMathAnswerCorrect(challenge, trimmed) ? "correct" : "wrong";
}
