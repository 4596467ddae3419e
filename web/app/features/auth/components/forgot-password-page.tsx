import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { MailCheck } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { NETWORK_MESSAGE } from "~/lib/auth-messages";
import { paths } from "~/lib/paths";
import { useAuth } from "../auth-provider";
import { normalizeEmail } from "~/lib/credentials";
import { AuthLayout, linkClasses } from "./auth-layout";
import { Input } from "~/components/ui/input";

const SERVER_FAILED = "We could not send the reset email right now. Please try again in a moment.";

export const RESET_LINK_SENT =
  "If an account exists for that email address, we have sent a link to reset your password. The link works once; check your spam folder if it does not arrive within a few minutes.";

export function ForgotPasswordPage() {
  const { client } = useAuth();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { error: resetError } = await client.resetPasswordForEmail(normalizeEmail(email), {
        redirectTo: `${window.location.origin}${paths.portal.resetPassword}`,
      });
      // Only an unreachable or failing server is reported: every other answer gets the same
      // confirmation, so the page never tells whether an address has an account.
      const status = resetError?.status;
      if (status === 0) setError(NETWORK_MESSAGE);
      else if (status !== undefined && status >= 500) setError(SERVER_FAILED);
      else setSent(true);
    } catch {
      setError(NETWORK_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Reset your password" subtitle="Enter the email address of your account and we will send you a reset link.">
      {sent ? (
        <div className="text-center" role="status">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-blue-100 text-blue-700">
            <MailCheck className="h-8 w-8" aria-hidden="true" />
          </span>
          <h2 className="mt-4 text-xl font-bold text-slate-900">Check your email</h2>
          <p className="mt-2 text-sm text-slate-700">{RESET_LINK_SENT}</p>
          <Link to={paths.portal.login} className={`${buttonVariants()} mt-6 w-full`}>
            Back to Sign In
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="space-y-5">
          {error && <Alert tone="error">{error}</Alert>}
          <div>
            <label htmlFor="forgot-email" className="block text-sm font-semibold text-slate-900">
              Email
            </label>
            <Input
              id="forgot-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="mt-1.5"
            />
          </div>
          <Button type="submit" loading={busy} className="w-full">
            {busy ? "Sending..." : "Send reset link"}
          </Button>
          <p className="text-center text-sm text-slate-600">
            Remembered it?{" "}
            <Link to={paths.portal.login} className={linkClasses}>
              Back to Sign In
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
