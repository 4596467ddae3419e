import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Monitor, Smartphone } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { authErrorMessage } from "~/lib/auth-messages";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { errorMessage } from "~/lib/api";
import { revokeSession, settingsKeys, useSessions } from "../api";
import { groupSessions, sessionCount, type SessionGroup } from "../session-groups";
import { LoadingRow, SettingsCard } from "~/components/ui/settings-card";
import { formatDateTime } from "~/lib/format";
import { Button } from "~/components/ui/button";

type Pending = { kind: "group"; group: SessionGroup } | { kind: "others" } | null;

/** The sessions of a row that a sign-out of it ends: all of them, except this browser's own. */
const endable = (group: SessionGroup) => group.sessions.filter((s) => !s.current);

export function ActiveSessions() {
  const { client, user } = useAuth();
  const token = useAccessToken();
  const queryClient = useQueryClient();
  const key = settingsKeys.sessions(user?.id ?? "");
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const sessions = useSessions();
  const groups = groupSessions(sessions.data ?? []);
  const hasOthers = (sessions.data ?? []).some((s) => !s.current);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    setNotice(null);
    try {
      if (pending.kind === "others") {
        const { error } = await client.signOut({ scope: "others" });
        if (error) setNotice({ tone: "error", text: authErrorMessage(error, "The other sessions could not be signed out.") });
        else setNotice({ tone: "success", text: "You have been signed out everywhere else." });
      } else {
        const ending = endable(pending.group);
        await Promise.all(ending.map((s) => revokeSession(token, s.id)));
        setNotice({
          tone: "success",
          text: pending.group.current
            ? `The other ${sessionCount(ending.length)} of ${pending.group.label} ${ending.length === 1 ? "has" : "have"} been signed out.`
            : `${pending.group.label} has been signed out.`,
        });
      }
    } catch (err) {
      setNotice({ tone: "error", text: errorMessage(err, "The session could not be signed out.") });
    } finally {
      setBusy(false);
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  }

  const ending = pending?.kind === "group" ? endable(pending.group) : [];
  return (
    <SettingsCard
      title="Active sessions"
      description="Where your account is signed in, one row per device and browser. Sign out any you do not recognize."
      actions={
        hasOthers ? (
          <Button type="button" onClick={() => setPending({ kind: "others" })} disabled={busy} variant="danger-outline" size="sm">
            Sign out everywhere else
          </Button>
        ) : undefined
      }
    >
      <div className="space-y-4">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {sessions.isPending ? (
          <LoadingRow label="Loading your sessions…" />
        ) : sessions.isError ? (
          <Alert tone="error" title="Your sessions could not be loaded.">
            <Button type="button" onClick={() => void sessions.refetch()} variant="secondary" size="sm" className="mt-2">
              Try again
            </Button>
          </Alert>
        ) : (
          <ul aria-label="Signed-in devices" className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
            {groups.map((g) => {
              const others = endable(g).length;
              return (
                <li key={g.label} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex items-start gap-3">
                    {/ on (iOS|Android)$/.test(g.label) ? (
                      <Smartphone className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" aria-hidden="true" />
                    ) : (
                      <Monitor className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" aria-hidden="true" />
                    )}
                    <div className="min-w-0 text-sm">
                      <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                        {g.label}
                        {g.current && (
                          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                            This device
                          </span>
                        )}
                        {g.twoFactor && (
                          <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">
                            Two-factor
                          </span>
                        )}
                      </p>
                      <p className="mt-0.5 break-words text-slate-600">
                        {sessionCount(g.sessions.length)} · last active {formatDateTime(g.lastActive)}
                        {g.ips.length > 0
                          ? ` · ${g.ips.slice(0, 3).join(", ")}${g.ips.length > 3 ? ` and ${g.ips.length - 3} more` : ""}`
                          : ""}
                      </p>
                    </div>
                  </div>
                  {others > 0 && (
                    <Button
                      type="button"
                      onClick={() => setPending({ kind: "group", group: g })}
                      disabled={busy}
                      aria-label={g.current ? `Sign out the other sessions of ${g.label}` : `Sign out ${g.label}`}
                      variant="secondary"
                      size="sm"
                      className="shrink-0"
                    >
                      {g.current ? "Sign out the other sessions" : "Sign out"}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === "others"
            ? "Sign out everywhere else?"
            : pending?.group.current
              ? `Sign out the other sessions of ${pending.group.label}?`
              : `Sign out ${pending?.group.label ?? "this device"}?`
        }
        confirmLabel="Sign out"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === "others"
          ? "Every other browser and device signed in to your account will be signed out. This one stays signed in."
          : pending?.kind === "group"
            ? `${sessionCount(ending.length)} of ${pending.group.label} will be signed out and must sign in again.${pending.group.current ? " This one stays signed in." : ""}`
            : null}
      </ConfirmDialog>
    </SettingsCard>
  );
}
