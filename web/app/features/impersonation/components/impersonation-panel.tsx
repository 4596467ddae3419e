import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormField } from "~/components/ui/form-field";
import { LoadingRow, SettingsCard } from "~/components/ui/settings-card";
import { errorMessage } from "~/lib/api";
import { AccountSearchMax } from "~/lib/api-types.gen";
import { useAuth } from "~/features/auth/auth-provider";
import { paths } from "~/lib/paths";
import { useImpersonationCandidates, useStartImpersonation, type ImpersonationTarget } from "../api";
import { CONFIRM, STARTED, setFlash, startFailed } from "../messages";
import { useDebounced } from "~/lib/use-debounced";
import { SearchField } from "~/components/ui/search-field";

const SEARCH_DELAY_MS = 300;
const ROLE_NAMES: Record<string, string> = {
  admin: "Admin",
  employee: "Employee",
  customer: "Customer",
};

/** Settings → User Impersonation: staff choose an approved account of a lower role and see the portal as it does. */
export function ImpersonationPanel() {
  const { profile } = useAuth();
  if (profile?.impersonator) {
    return (
      <SettingsCard title="User Impersonation">
        <Alert tone="info">
          You are impersonating {profile.full_name || profile.email}. Use End Impersonation at the top of the page
          before you impersonate someone else.
        </Alert>
      </SettingsCard>
    );
  }
  return <ImpersonationChooser />;
}

function ImpersonationChooser() {
  const [search, setSearch] = useState("");
  const [confirm, setConfirm] = useState<ImpersonationTarget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const candidates = useImpersonationCandidates(useDebounced(search, SEARCH_DELAY_MS));
  const start = useStartImpersonation();

  const onConfirm = () => {
    if (!confirm) return;
    setError(null);
    start.mutate(confirm.id, {
      onSuccess: () => {
        setFlash(STARTED);
        window.location.assign(paths.portal.dashboard);
      },
      onError: (err) => {
        setConfirm(null);
        setError(startFailed(err));
      },
    });
  };

  return (
    <SettingsCard
      title="User Impersonation"
      description="See the portal exactly as an approved account sees it. Administrators can impersonate employees and customers, employees can impersonate customers. Every action is recorded in the audit log under your name, and the impersonation ends after 60 minutes or when you sign out."
    >
      <div className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <FormField label="Search accounts" id="impersonation-search">
          {(control) => (
            <SearchField
              {...control}
              placeholder="Name or email"
              value={search}
              maxLength={AccountSearchMax}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
        </FormField>
        {candidates.isPending ? (
          <LoadingRow label="Loading accounts…" />
        ) : candidates.isError ? (
          <Alert tone="error">{errorMessage(candidates.error, "The accounts could not be loaded.")}</Alert>
        ) : candidates.data.length === 0 ? (
          <p className="text-sm text-slate-600">No results found</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Accounts you can impersonate">
            {candidates.data.map((c) => (
              <li key={c.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    <span className="break-words">{c.full_name || c.email}</span>
                    <Badge tone={c.role === "employee" ? "info" : "neutral"}>{ROLE_NAMES[c.role] ?? "Customer"}</Badge>
                  </p>
                  <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                    {c.email}
                    {c.organization_name && ` · ${c.organization_name}`}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Impersonate ${c.full_name || c.email}`}
                  onClick={() => setConfirm(c)}
                >
                  Impersonate
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title="Start impersonation"
        confirmLabel="Impersonate"
        tone="primary"
        busy={start.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={onConfirm}
      >
        <p>{CONFIRM}</p>
        {confirm && (
          <p className="mt-2 font-semibold text-slate-900">
            {confirm.full_name || confirm.email} ({confirm.email})
          </p>
        )}
      </ConfirmDialog>
    </SettingsCard>
  );
}
