import { useState } from "react";
import { useNavigate } from "react-router";
import { Clock, UserX } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button-link";
import { Spinner } from "~/components/ui/spinner";
import { useAuth } from "~/features/auth/auth-provider";
import { siteConfig } from "~/lib/site";
import { MAIN_CONTENT_ID } from "~/components/layout/skip-link";

function useBackToLogin() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function backToLogin() {
    setBusy(true);
    setError(null);
    const result = await signOut();
    setBusy(false);
    if (result.error) setError(result.error);
    else navigate("/portal/login", { replace: true });
  }
  return { busy, error, backToLogin };
}

function StateCard({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-lg rounded-2xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200">
        {icon}
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** A signed-in user whose account is not approved (yet). */
export function PendingApproval() {
  const { profile, user } = useAuth();
  const { busy, error, backToLogin } = useBackToLogin();
  const rejected = profile?.approval_status === "rejected";
  return (
    <StateCard
      title="Account Pending Approval"
      icon={
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          {rejected ? <UserX className="h-7 w-7" aria-hidden="true" /> : <Clock className="h-7 w-7" aria-hidden="true" />}
        </span>
      }
    >
      {rejected ? (
        <p className="mt-3 text-slate-700">
          Your request for portal access was not approved. If you think this is a mistake, contact us at{" "}
          <a href={`mailto:${siteConfig.email}`} className="font-semibold text-blue-700 hover:text-blue-800">
            {siteConfig.email}
          </a>
          .
        </p>
      ) : (
        <p className="mt-3 text-slate-700">
          Thanks for registering{profile?.email || user?.email ? ` with ${profile?.email ?? user?.email}` : ""}. An administrator
          still has to approve your account. We will email you as soon as it is approved, and then you can sign in.
        </p>
      )}
      {error && (
        <Alert tone="error" className="mt-4 text-left">
          {error}
        </Alert>
      )}
      <button type="button" onClick={backToLogin} disabled={busy} className={`${buttonClasses("primary")} mt-6 w-full`}>
        {busy && <Spinner className="h-4 w-4 border-2" />}
        Back to Login
      </button>
    </StateCard>
  );
}

/** Signed in, but the profile could not be loaded within the wait. */
export function ProfileUnavailable() {
  const { refreshProfile } = useAuth();
  const { busy, error, backToLogin } = useBackToLogin();
  const [retrying, setRetrying] = useState(false);
  async function retry() {
    setRetrying(true);
    await refreshProfile();
    setRetrying(false);
  }
  return (
    <StateCard
      title="We could not load your account"
      icon={
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-slate-100 text-slate-700">
          <Clock className="h-7 w-7" aria-hidden="true" />
        </span>
      }
    >
      <p className="mt-3 text-slate-700">
        Your profile is being set up or could not be loaded right now. Please try again in a moment; if this keeps
        happening, contact support.
      </p>
      {error && (
        <Alert tone="error" className="mt-4 text-left">
          {error}
        </Alert>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <button type="button" onClick={retry} disabled={retrying || busy} className={buttonClasses("primary")}>
          {retrying && <Spinner className="h-4 w-4 border-2" />}
          Try again
        </button>
        <button type="button" onClick={backToLogin} disabled={busy || retrying} className={buttonClasses("secondary")}>
          Back to Login
        </button>
      </div>
    </StateCard>
  );
}
