import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { CircleCheck, LinkIcon } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { PasswordInput } from "~/components/ui/password-input";
import { FullPageSpinner } from "~/components/ui/full-page-spinner";
import { authErrorMessage } from "~/lib/auth-messages";
import { paths } from "~/lib/paths";
import { useAuth } from "../auth-provider";
import { MIN_PASSWORD_LENGTH, passwordPairError } from "~/lib/credentials";
import { AuthLayout } from "./auth-layout";
import { MfaChallengeForm } from "./mfa-challenge-form";

const UPDATE_FAILED = "Your password could not be updated. Please try again.";
const REDIRECT_DELAY_MS = 3000;

/** The error a failed e-mail link brings back in the URL fragment (e.g. an expired or used link), if any. */
export function linkErrorFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (!params.has("error") && !params.has("error_code") && !params.has("error_description")) return null;
  return params.get("error_description") || "The link is invalid or has expired.";
}

function InvalidLink({ detail }: { detail: string | null }) {
  return (
    <AuthLayout title="Reset your password">
      <div className="text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <LinkIcon className="h-7 w-7" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-xl font-bold text-slate-900">This link is invalid or has expired</h2>
        <p className="mt-2 text-sm text-slate-700">
          Password reset links work once and only for a limited time. Request a new link and use the most recent email we
          send you.
        </p>
        {detail && <p className="mt-2 text-sm text-slate-600">Details: {detail}</p>}
        <Link to={paths.portal.forgotPassword} className={`${buttonVariants()} mt-6 w-full`}>
          Request a new link
        </Link>
        <Link to={paths.portal.login} className="mt-3 inline-block text-sm font-semibold text-blue-700 hover:text-blue-800">
          Back to Sign In
        </Link>
      </div>
    </AuthLayout>
  );
}

function Updated() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(paths.portal.dashboard, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthLayout title="Reset your password">
      <div className="text-center" role="status">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CircleCheck className="h-8 w-8" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-xl font-bold text-slate-900">Your password has been updated</h2>
        <p className="mt-2 text-sm text-slate-700">Taking you to the portal…</p>
        <Link to={paths.portal.dashboard} replace className={`${buttonVariants()} mt-6 w-full`}>
          Continue to the portal
        </Link>
      </div>
    </AuthLayout>
  );
}

export function ResetPasswordPage() {
  const { client, initialized, session, recovery, mfaRequired, endRecovery, signOut } = useAuth();
  const [linkError] = useState(() => linkErrorFromHash(window.location.hash));
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done) return <Updated />;
  if (!initialized) return <FullPageSpinner />;
  if (!session || !recovery) return <InvalidLink detail={linkError} />;

  if (mfaRequired) {
    return (
      <AuthLayout title="Reset your password" subtitle="Confirm it is you before choosing a new password.">
        <MfaChallengeForm onVerified={() => undefined} onCancel={async () => void (await signOut())} cancelLabel="Cancel" />
      </AuthLayout>
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = passwordPairError(password, confirmPassword);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { error: updateError } = await client.updateUser({ password });
      if (updateError) {
        setError(authErrorMessage(updateError, UPDATE_FAILED));
        return;
      }
      endRecovery();
      setDone(true);
    } catch {
      setError(UPDATE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Choose a new password" subtitle={`For ${session.user.email ?? "your account"}.`}>
      <form onSubmit={handleSubmit} className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        <div>
          <label htmlFor="reset-password" className="block text-sm font-semibold text-slate-900">
            New password
          </label>
          <div className="mt-1.5">
            <PasswordInput
              id="reset-password"
              name="password"
              autoComplete="new-password"
              required
              aria-describedby="reset-password-hint"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <p id="reset-password-hint" className="mt-1.5 text-sm text-slate-600">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
        </div>
        <div>
          <label htmlFor="reset-confirm-password" className="block text-sm font-semibold text-slate-900">
            Confirm new password
          </label>
          <div className="mt-1.5">
            <PasswordInput
              id="reset-confirm-password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </div>
        </div>
        <Button type="submit" loading={busy} className="w-full">
          {busy ? "Updating password..." : "Update password"}
        </Button>
      </form>
    </AuthLayout>
  );
}
