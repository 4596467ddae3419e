import { FlaskConical } from "lucide-react";
import { accessTokenLevel } from "../assurance";
import { useAuth } from "../auth-provider";

export const DEMO_CUSTOMER = { email: "customer@demo.growthdesk.io", password: "growthdesk-demo" } as const;

/** Demo mode only: the demo customer's credentials and a button that fills them in. */
export function TestAccountBox({ onFill }: { onFill: (email: string, password: string) => void }) {
  return (
    <section aria-labelledby="test-account-title" className="rounded-2xl bg-amber-50 p-5 text-sm text-amber-950 ring-1 ring-amber-200">
      <h2 id="test-account-title" className="flex items-center gap-2 font-semibold">
        <FlaskConical className="h-4 w-4" aria-hidden="true" />
        Test account
      </h2>
      <p className="mt-1">This is a demo. Sign in as the demo customer to look around the portal.</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-medium">Email</dt>
        <dd className="font-mono break-all">{DEMO_CUSTOMER.email}</dd>
        <dt className="font-medium">Password</dt>
        <dd className="font-mono">{DEMO_CUSTOMER.password}</dd>
      </dl>
      <button
        type="button"
        onClick={() => onFill(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)}
        className="mt-4 rounded-lg bg-white px-4 py-2 font-semibold text-amber-950 shadow-sm ring-1 ring-amber-300 hover:bg-amber-100"
      >
        Fill in test credentials
      </button>
    </section>
  );
}

function yesNo(value: boolean): string {
  return value ? "yes" : "no";
}

/** Demo mode only: what the app knows about the session and the profile. */
export function DebugPanel() {
  const { initialized, loading, session, user, profile, mfaRequired, recovery } = useAuth();
  const rows: [string, string][] = [
    ["Initial check done", yesNo(initialized)],
    ["Loading", yesNo(loading)],
    ["Signed in", yesNo(session !== null)],
    ["User", user?.email ?? "—"],
    ["Email confirmed", user ? yesNo(Boolean(user.email_confirmed_at)) : "—"],
    ["Assurance level", session ? (accessTokenLevel(session.access_token) ?? "unknown") : "—"],
    ["Second factor pending", yesNo(mfaRequired)],
    ["Recovery session", yesNo(recovery)],
    ["Session expires", session?.expires_at ? new Date(session.expires_at * 1000).toLocaleString() : "—"],
    ["Profile", profile ? `${profile.role}, ${profile.approval_status}` : session ? "not loaded" : "—"],
    ["Organization", profile?.organization_name ?? profile?.organization_id ?? "—"],
  ];
  return (
    <details className="rounded-2xl bg-slate-900 p-5 text-sm text-slate-100">
      <summary className="cursor-pointer font-semibold focus-visible:outline-white">Debug panel</summary>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 font-mono text-xs">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-300">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
