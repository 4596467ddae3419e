import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, Navigate } from "react-router";
import { CircleCheck, Clock, Mail } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants, UnstyledButton } from "~/components/ui/button";
import { PasswordInput } from "~/components/ui/password-input";
import { FullPageSpinner } from "~/components/ui/full-page-spinner";
import { FullNameMax } from "~/lib/api-types.gen";
import { useHydrated } from "~/lib/use-hydrated";
import { paths } from "~/lib/paths";
import { registrationPageMessage } from "~/lib/auth-messages";
import { useAuth } from "../auth-provider";
import { MIN_PASSWORD_LENGTH } from "~/lib/credentials";
import { guestPageAccess } from "../guards";
import {
  EMPTY_REGISTRATION,
  REGISTRATION_ERRORS,
  createMathChallenge,
  isMathAnswerCorrect,
  mathAnswerState,
  registrationFieldErrors,
  registrationFormMessage,
  remainingFieldErrors,
  type RegistrationField,
  type RegistrationFieldErrors,
  type RegistrationInput,
} from "../registration";
import { AuthLayout, linkClasses } from "./auth-layout";
import { Input, Checkbox } from "~/components/ui/input";

const ERROR_ID = "register-error";

const fieldErrorId = (field: RegistrationField) => `register-${field}-error`;

/** A field's own error, shown under it and named by its aria-describedby. */
function FieldError({ field, message, className = "" }: { field: RegistrationField; message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(field)} className={`mt-1.5 text-sm font-medium text-red-700 ${className}`}>
      {message}
    </p>
  );
}

/** The ids that describe a field: its hint (if any) and its error while it has one. */
function describedBy(errors: RegistrationFieldErrors, field: RegistrationField, ...hints: string[]): string | undefined {
  const ids = [...hints, ...(errors[field] ? [fieldErrorId(field)] : [])];
  return ids.length ? ids.join(" ") : undefined;
}

function RegistrationSubmitted({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700">
        <CircleCheck className="h-8 w-8" aria-hidden="true" />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900" style={{ outline: "none" }}>
        Registration Submitted
      </h2>
      <p className="mt-2 text-slate-600">Thank you. Your request for portal access has been received.</p>
      <div className="mt-6 space-y-4 text-left text-sm text-slate-700">
        <div className="flex gap-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
          <Clock className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" aria-hidden="true" />
          <p>
            <strong className="font-semibold text-slate-900">Pending administrator approval.</strong> An administrator will
            review your request. You can sign in once your account has been approved.
          </p>
        </div>
        <div className="flex gap-3 rounded-lg bg-blue-50 p-4 ring-1 ring-blue-200">
          <Mail className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
          <p>
            <strong className="font-semibold text-slate-900">Confirm your email address.</strong> If this address is new to
            us, we have sent a confirmation link to <span className="inline-block max-w-full font-medium [overflow-wrap:anywhere]">{email}</span>. Check your spam
            folder if it does not arrive within a few minutes.
          </p>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">What happens next</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>Click the confirmation link in the email we sent you.</li>
            <li>An administrator reviews and approves your account.</li>
            <li>We email you when your account is approved; then sign in to your portal.</li>
          </ol>
        </div>
      </div>
      <Link to={paths.portal.login} className={`${buttonVariants()} mt-8 w-full`}>
        Back to Sign In
      </Link>
    </div>
  );
}

export function RegisterPage() {
  const { snapshot, signUp } = useAuth();
  const hydrated = useHydrated();
  const [values, setValues] = useState<RegistrationInput>(EMPTY_REGISTRATION);
  const [challenge] = useState(() => createMathChallenge());
  const [verified, setVerified] = useState(false);
  const [mathError, setMathError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<RegistrationFieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [busy, setBusy] = useState(false);
  const [submittedEmail, setSubmittedEmail] = useState<string | null>(null);
  const errorBox = useRef<HTMLDivElement>(null);
  const error = serverError ?? registrationFormMessage(fieldErrors);

  // The form-level message takes focus when a submission fails, not while fields are being fixed.
  useEffect(() => {
    if (attempts > 0) errorBox.current?.focus();
  }, [attempts]);

  const access = guestPageAccess(snapshot);
  if (access === "loading") return <FullPageSpinner />;
  if (access === "portal") return <Navigate to={paths.portal.dashboard} replace />;

  function update<K extends keyof RegistrationInput>(field: K, value: RegistrationInput[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    setFieldErrors((shown) => remainingFieldErrors(shown, next, challenge));
  }

  function updateAnswer(value: string) {
    update("mathAnswer", value);
    // Once edited, the answer's live state replaces the error of the last submission.
    setFieldErrors((shown) => {
      const rest = { ...shown };
      delete rest.mathAnswer;
      return rest;
    });
    const state = mathAnswerState(challenge, value);
    setVerified(state === "correct");
    setMathError(state === "wrong" ? REGISTRATION_ERRORS.math : null);
  }

  function verifyAnswer() {
    if (isMathAnswerCorrect(challenge, values.mathAnswer)) {
      setVerified(true);
      setMathError(null);
    } else {
      setVerified(false);
      setMathError(REGISTRATION_ERRORS.math);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problems = registrationFieldErrors(values, challenge);
    setServerError(null);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) {
      if (problems.mathAnswer === REGISTRATION_ERRORS.math) {
        setVerified(false);
        setMathError(REGISTRATION_ERRORS.math);
      }
      setAttempts((n) => n + 1);
      return;
    }
    setVerified(true);
    setBusy(true);
    const result = await signUp({ email: values.email, password: values.password, fullName: values.fullName });
    setBusy(false);
    if (result.error) {
      setServerError(registrationPageMessage(result.error));
      setAttempts((n) => n + 1);
      return;
    }
    setSubmittedEmail(values.email.trim().toLowerCase());
  }

  if (submittedEmail !== null) {
    return (
      <AuthLayout title="Request Account Access">
        <RegistrationSubmitted email={submittedEmail} />
      </AuthLayout>
    );
  }

  const label = "block text-sm font-semibold text-slate-900";
  return (
    <AuthLayout
      title="Request Account Access"
      subtitle="Tell us who you are. An administrator approves every new account before it can use the portal."
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-5" aria-describedby={error ? ERROR_ID : undefined}>
        {error && (
          <div ref={errorBox} tabIndex={-1} style={{ outline: "none" }}>
            <Alert id={ERROR_ID} tone="error">
              {error}
            </Alert>
          </div>
        )}
        <div>
          <label htmlFor="register-full-name" className={label}>
            Full name
          </label>
          <Input
            id="register-full-name"
            name="fullName"
            autoComplete="name"
            required
            maxLength={FullNameMax}
            value={values.fullName}
            onChange={(e) => update("fullName", e.target.value)}
            aria-invalid={fieldErrors.fullName ? true : undefined}
            aria-describedby={describedBy(fieldErrors, "fullName")}
            className="mt-1.5"
          />
          <FieldError field="fullName" message={fieldErrors.fullName} />
        </div>
        <div>
          <label htmlFor="register-email" className={label}>
            Email
          </label>
          <Input
            id="register-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => update("email", e.target.value)}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={describedBy(fieldErrors, "email")}
            className="mt-1.5"
          />
          <FieldError field="email" message={fieldErrors.email} />
        </div>
        <div>
          <label htmlFor="register-password" className={label}>
            Password
          </label>
          <div className="mt-1.5">
            <PasswordInput
              id="register-password"
              name="password"
              autoComplete="new-password"
              required
              aria-describedby={describedBy(fieldErrors, "password", "register-password-hint")}
              aria-invalid={fieldErrors.password ? true : undefined}
              value={values.password}
              onChange={(e) => update("password", e.target.value)}
            />
          </div>
          <FieldError field="password" message={fieldErrors.password} />
          <p id="register-password-hint" className="mt-1.5 text-sm text-slate-600">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
        </div>
        <div>
          <label htmlFor="register-confirm-password" className={label}>
            Confirm password
          </label>
          <div className="mt-1.5">
            <PasswordInput
              id="register-confirm-password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={values.confirmPassword}
              onChange={(e) => update("confirmPassword", e.target.value)}
              aria-invalid={fieldErrors.confirmPassword ? true : undefined}
              aria-describedby={describedBy(fieldErrors, "confirmPassword")}
            />
          </div>
          <FieldError field="confirmPassword" message={fieldErrors.confirmPassword} />
        </div>

        <fieldset className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
          <legend className="px-1 text-sm font-semibold text-slate-900">Security check</legend>
          {hydrated ? (
            <>
              <label htmlFor="register-math" className="block text-sm text-slate-700">
                What is {challenge.a} + {challenge.b}?
              </label>
              <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-2">
                <Input
                  id="register-math"
                  name="mathAnswer"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  value={values.mathAnswer}
                  onChange={(e) => updateAnswer(e.target.value)}
                  aria-invalid={mathError || fieldErrors.mathAnswer ? true : undefined}
                  aria-describedby="register-math-status"
                  invalid={Boolean(mathError || fieldErrors.mathAnswer)}
                  className="w-28 shrink-0"
                />
                <UnstyledButton
                  type="button"
                  onClick={verifyAnswer}
                  className="shrink-0 rounded-lg px-4 py-2.5 text-sm font-semibold text-blue-800 ring-1 ring-inset ring-blue-200 hover:bg-blue-50"
                >
                  Verify
                </UnstyledButton>
                <span id="register-math-status" role="status" className="min-w-0 text-sm font-semibold">
                  {verified ? (
                    <span className="text-green-700">✓ Verified</span>
                  ) : mathError ? (
                    <span className="text-red-700">{mathError}</span>
                  ) : fieldErrors.mathAnswer ? (
                    <span className="text-red-700">{fieldErrors.mathAnswer}</span>
                  ) : null}
                </span>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600">Loading the security check…</p>
          )}
        </fieldset>

        <div>
          <div className="flex items-start gap-2.5">
            <Checkbox
              id="register-terms"
              name="acceptedTerms"
              required
              checked={values.acceptedTerms}
              onChange={(e) => update("acceptedTerms", e.target.checked)}
              aria-invalid={fieldErrors.acceptedTerms ? true : undefined}
              aria-describedby={describedBy(fieldErrors, "acceptedTerms")}
              className="mt-0.5"
            />
            <label htmlFor="register-terms" className="text-sm text-slate-700">
              I agree to the{" "}
              <Link to="/terms" target="_blank" className={linkClasses}>
                Terms of Service
                <span className="sr-only"> (opens in a new tab)</span>
              </Link>{" "}
              and the{" "}
              <Link to="/privacy" target="_blank" className={linkClasses}>
                Privacy Policy
                <span className="sr-only"> (opens in a new tab)</span>
              </Link>
              .
            </label>
          </div>
          {/* Lined up with the label: the box (1rem) and the gap (0.625rem). */}
          <FieldError field="acceptedTerms" message={fieldErrors.acceptedTerms} className="pl-[1.625rem]" />
        </div>

        <Button type="submit" loading={busy} disabled={!hydrated} className="w-full">
          {busy ? "Submitting Request..." : "Request Account Access"}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{" "}
          <Link to={paths.portal.login} className={linkClasses}>
            Sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
