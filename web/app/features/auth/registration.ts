import { passwordPairError } from "~/lib/credentials";

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
