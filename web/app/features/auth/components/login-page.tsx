import { useRef, useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { Info } from "lucide-react";
import { PasswordInput } from "~/components/ui/password-input";
import { FullPageSpinner } from "~/components/ui/full-page-spinner";
import { runtimeConfig } from "~/lib/runtime-config";
import { siteConfig } from "~/lib/site";
import { isPortalPath, paths } from "~/lib/paths";
import { SIGN_IN_MESSAGES } from "~/lib/auth-messages";
import { useAuth } from "../auth-provider";
import { guestPageAccess } from "../guards";
import { AuthLayout, linkClasses } from "./auth-layout";
import { DebugPanel, TestAccountBox } from "./demo-tools";
import { LoginError } from "./login-help";
import { MfaChallengeForm } from "./mfa-challenge-form";
import { Button } from "~/components/ui/button";
import { Input, Checkbox } from "~/components/ui/input";

const ERROR_ID = "login-error";

/** Where to go after signing in: the portal page the visitor was sent away from, else the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && isPortalPath(from) && !from.startsWith(paths.portal.login)
    ? from
    : paths.portal.dashboard;
}

function AccountRequirements() {
  return (
    <section aria-labelledby="requirements-title" className="flex gap-3 rounded-2xl bg-white p-5 text-sm text-slate-700 ring-1 ring-slate-200">
      <Info className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
      <div>
        <h2 id="requirements-title" className="font-semibold text-slate-900">
          Account requirements
        </h2>
        <p className="mt-1">
          The portal is for {siteConfig.name} customers. Before you can sign in, confirm your email address with the link we
          send you and wait for an administrator to approve your account.
        </p>
      </div>
    </section>
  );
}

function TroubleshootingTips() {
  return (
    <details className="rounded-2xl bg-white p-5 text-sm text-slate-700 ring-1 ring-slate-200">
      <summary className="cursor-pointer font-semibold text-slate-900">Troubleshooting tips</summary>
      <ul className="mt-3 list-disc space-y-1.5 pl-5">
        <li>Use the email address you registered with; passwords are case-sensitive.</li>
        <li>Just registered? Confirm your email address first, then wait for approval.</li>
        <li>
          Forgot your password? <Link to={paths.portal.forgotPassword} className={linkClasses}>Reset it here</Link>.
        </li>
        <li>Clear your browser&apos;s cache or try a private window if the page does not respond.</li>
        <li>
          Still stuck? Email us at{" "}
          <a href={`mailto:${siteConfig.email}`} className={linkClasses}>
            {siteConfig.email}
          </a>
          .
        </li>
      </ul>
    </details>
  );
}

export function LoginPage() {
  const { client, snapshot, mfaRequired, signIn, signOut, loadProfile } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const demo = runtimeConfig().demo;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const target = returnPath(location.state);

  async function refuse(message: string) {
    await signOut();
    setError(message);
  }

  /**
   * After the password (and second factor): pending and rejected accounts are turned away. A profile
   * that does not arrive within the wait does not stop the sign-in; the portal
   * continues without it and keeps loading it.
   */
  async function finishSignIn() {
    const profile = await loadProfile();
    if (!profile) navigate(target, { replace: true });
    else if (profile.approval_status === "pending") await refuse(SIGN_IN_MESSAGES.pendingApproval);
    else if (profile.approval_status !== "approved") await refuse(SIGN_IN_MESSAGES.rejected);
    else navigate(target, { replace: true });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      setError("Please enter your email and password.");
      emailInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await signIn(email, password, remember);
      if (result.error) {
        setError(result.error);
        return;
      }
      const { data: level } = await client.mfa.getAuthenticatorAssuranceLevel();
      if (level?.nextLevel === "aal2" && level.currentLevel === "aal1") return;
      await finishSignIn();
    } catch {
      setError(SIGN_IN_MESSAGES.unexpected);
    } finally {
      setBusy(false);
    }
  }

  const access = guestPageAccess(snapshot);
  if (access === "loading" && !busy) return <FullPageSpinner />;
  if (access === "portal" && !busy) return <Navigate to={target} replace />;

  const fillDemo = (demoEmail: string, demoPassword: string) => {
    setEmail(demoEmail);
    setPassword(demoPassword);
    setError(null);
  };

  if (mfaRequired) {
    return (
      <AuthLayout title="Two-factor authentication" subtitle="One more step to sign in.">
        {error && <LoginError id={ERROR_ID} message={error} />}
        <div className={error ? "mt-5" : ""}>
          <MfaChallengeForm
            onVerified={finishSignIn}
            onCancel={async () => {
              setError(null);
              await signOut();
            }}
          />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in to your portal"
      subtitle="Welcome back. Sign in to see your projects, reports and support tickets."
      aside={
        <>
          {demo && <TestAccountBox onFill={fillDemo} />}
          <AccountRequirements />
          <TroubleshootingTips />
          {demo && <DebugPanel />}
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-5" aria-describedby={error ? ERROR_ID : undefined}>
        {error && <LoginError id={ERROR_ID} message={error} />}
        <div>
          <label htmlFor="login-email" className="block text-sm font-semibold text-slate-900">
            Email
          </label>
          <Input
            ref={emailInput}
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="mt-1.5"
          />
        </div>
        <div>
          <div className="flex items-center justify-between gap-4">
            <label htmlFor="login-password" className="block text-sm font-semibold text-slate-900">
              Password
            </label>
            <Link to={paths.portal.forgotPassword} className={`text-sm ${linkClasses}`}>
              Forgot your password?
            </Link>
          </div>
          <div className="mt-1.5">
            <PasswordInput
              id="login-password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
        </div>
        <div className="flex items-center gap-2.5">
          <Checkbox
            id="login-remember"
            name="remember"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
            aria-describedby="login-remember-hint"
          />
          <label htmlFor="login-remember" className="text-sm font-medium text-slate-900">
            Remember me
          </label>
          <span id="login-remember-hint" className="sr-only">
            Keeps you signed in after you close the browser. Leave it unchecked on a shared computer.
          </span>
        </div>
        <Button type="submit" loading={busy} className="w-full">
          {busy ? "Signing in..." : "Sign in"}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Don&apos;t have an account?{" "}
          <Link to={paths.portal.register} className={linkClasses}>
            Request access
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
