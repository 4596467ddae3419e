import { useState } from "react";
import { useNavigate } from "react-router";
import { Clock, UserX } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Spinner } from "~/components/ui/spinner";
import { paths } from "~/lib/paths";
import { useAuth } from "~/features/auth/auth-provider";
import { siteConfig } from "~/lib/site";
import { MAIN_CONTENT_ID } from "~/components/layout/skip-link";
import { Button, UnstyledButton } from "~/components/ui/button";

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
    else navigate(paths.portal.login, { replace: true });
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

/** A signed-in user whose account still waits for approval. */
export function PendingApproval() {
  const { profile, user } = useAuth();
  const { busy, error, backToLogin } = useBackToLogin();
  const email = profile?.email || user?.email;
  return (
    <StateCard
      title="Account Pending Approval"
      icon={
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <Clock className="h-7 w-7" aria-hidden="true" />
        </span>
      }
    >
      <p className="mt-3 text-slate-700">
        Thanks for registering{email ? ` with ${email}` : ""}. An administrator still has to approve your account. We will
        email you as soon as it is approved, and then you can sign in.
      </p>
      <BackToLogin busy={busy} error={error} onClick={backToLogin} />
    </StateCard>
  );
}

/** A signed-in user whose request for access was turned down. */
export function AccountRejected() {
  const { busy, error, backToLogin } = useBackToLogin();
  return (
    <StateCard
      title="Account Request Not Approved"
      icon={
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-800">
          <UserX className="h-7 w-7" aria-hidden="true" />
        </span>
      }
    >
      <p className="mt-3 text-slate-700">
        Your request for access to the {siteConfig.name} portal was not approved, so this account cannot use the portal.
      </p>
      <p className="mt-3 text-slate-700">
        If you think this is a mistake, or you would like to talk about it, contact us at{" "}
        <a href={`mailto:${siteConfig.email}`} className="font-semibold break-all text-blue-700 hover:text-blue-800">
          {siteConfig.email}
        </a>
        .
      </p>
      <BackToLogin busy={busy} error={error} onClick={backToLogin} />
    </StateCard>
  );
}

function BackToLogin({ busy, error, onClick }: { busy: boolean; error: string | null; onClick: () => void }) {
  return (
    <>
      {error && (
        <Alert tone="error" className="mt-4 text-left">
          {error}
        </Alert>
      )}
      <Button type="button" onClick={onClick} loading={busy} className="mt-6 w-full">
        Back to Login
      </Button>
    </>
  );
}

/** Shown in the portal while it continues without a profile that has not arrived; it is fetched again in the background. */
export function ProfileLoadingNotice() {
  const { refreshProfile } = useAuth();
  const [retrying, setRetrying] = useState(false);
  async function retry() {
    setRetrying(true);
    await refreshProfile();
    setRetrying(false);
  }
  return (
    <div
      role="status"
      className="mb-8 flex flex-col gap-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          Your account details have not loaded yet, so some information may be missing. We keep trying in the background;
          this page updates by itself.
        </span>
      </p>
      <UnstyledButton
        type="button"
        onClick={retry}
        disabled={retrying}
        className="inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-white px-3 py-2 font-semibold text-amber-950 ring-1 ring-amber-300 ring-inset hover:bg-amber-100 disabled:opacity-60"
      >
        {retrying && <Spinner className="h-4 w-4 border-2" />}
        Try again now
      </UnstyledButton>
    </div>
  );
}
