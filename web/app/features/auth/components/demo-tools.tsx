import { FlaskConical } from "lucide-react";
import { accessTokenLevel } from "../assurance";
import { useAuth } from "../auth-provider";
import { UnstyledButton } from "~/components/ui/button";

export const DEMO_PASSWORD = "growthdesk-demo";

export type DemoAccount = { label: string; email: string; name: string; shows: string };

/** The accounts `growthdesk serve --demo` creates (cmd/growthdesk/demo.go), all with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    label: "Admin",
    email: "admin@demo.growthdesk.io",
    name: "Avery Admin",
    shows: "Everything: the Admin Dashboard and every staff settings tab, including role changes and the audit log in Admin Management.",
  },
  {
    label: "Employee",
    email: "staff@demo.growthdesk.io",
    name: "Sam Support",
    shows: "The staff view: the Admin Dashboard and the staff settings tabs, where employees approve customers; no role changes.",
  },
  {
    label: "Customer",
    email: "customer@demo.growthdesk.io",
    name: "Casey Customer",
    shows: "The portal as a customer of Brightside Dental sees it.",
  },
  {
    label: "Second customer",
    email: "owner@northwind.example",
    name: "Noor Haddad",
    shows: "A customer of another organization, Northwind Logistics: each organization sees only its own data.",
  },
  {
    label: "Pending",
    email: "pending@demo.growthdesk.io",
    name: "Pat Pending",
    shows: "An account still waiting for approval: sign-in is refused with the pending-approval message.",
  },
];

/** Demo mode only: every demo account, what it shows, and a button that fills in its credentials. */
export function TestAccountBox({ onFill }: { onFill: (email: string, password: string) => void }) {
  return (
    <section aria-labelledby="test-account-title" className="rounded-2xl bg-amber-50 p-5 text-sm text-amber-950 ring-1 ring-amber-200">
      <h2 id="test-account-title" className="flex items-center gap-2 font-semibold">
        <FlaskConical className="h-4 w-4" aria-hidden="true" />
        Test accounts
      </h2>
      <p className="mt-1">
        This is a demo. Every account below uses the password <span className="font-mono font-semibold">{DEMO_PASSWORD}</span>.
      </p>
      <ul className="mt-4 space-y-3">
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.email} className="flex flex-col gap-3 rounded-xl bg-white/70 p-3 ring-1 ring-amber-200 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold">
                {account.label} <span className="font-normal">· {account.name}</span>
              </p>
              <p className="font-mono break-all">{account.email}</p>
              <p className="mt-1 text-amber-900">{account.shows}</p>
            </div>
            <UnstyledButton
              type="button"
              onClick={() => onFill(account.email, DEMO_PASSWORD)}
              aria-label={`Fill in the ${account.label.toLowerCase()} account`}
              className="shrink-0 self-start rounded-lg bg-white px-3 py-2 font-semibold text-amber-950 shadow-sm ring-1 ring-amber-300 hover:bg-amber-100"
            >
              Fill in
            </UnstyledButton>
          </li>
        ))}
      </ul>
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
