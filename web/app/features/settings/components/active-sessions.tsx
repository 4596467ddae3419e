import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Monitor } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { authErrorMessage } from "~/lib/auth-messages";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { errorMessage } from "~/lib/api";
import { revokeSession, settingsKeys, useSessions, type ActiveSession } from "../api";
import { describeUserAgent } from "../user-agent";
import { LoadingRow, SettingsCard } from "~/components/ui/settings-card";
import { formatDateTime } from "~/lib/format";
import { Button } from "~/components/ui/button";

type Pending = { kind: "one"; session: ActiveSession } | { kind: "others" } | null;

/** The current session first, then the most recently active. */
export function sortSessions(sessions: readonly ActiveSession[]): ActiveSession[] {
  const lastActive = (s: ActiveSession) => Date.parse(s.refreshed_at ?? s.created_at) || 0;
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || lastActive(b) - lastActive(a));
}

export function ActiveSessions() {
  const { client, user } = useAuth();
  const token = useAccessToken();
  const queryClient = useQueryClient();
  const key = settingsKeys.sessions(user?.id ?? "");
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const sessions = useSessions();
  const list = sortSessions(sessions.data ?? []);
  const others = list.filter((s) => !s.current);

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
        await revokeSession(token, pending.session.id);
        setNotice({ tone: "success", text: "That session has been signed out." });
      }
    } catch (err) {
      setNotice({ tone: "error", text: errorMessage(err, "The session could not be signed out.") });
    } finally {
      setBusy(false);
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  }

  return (
    <SettingsCard
      title="Active sessions"
      description="Where your account is signed in. Sign out any session you do not recognize."
      actions={
        others.length > 0 ? (
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
          <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
            {list.map((s) => (
              <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex items-start gap-3">
                  <Monitor className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" aria-hidden="true" />
                  <div className="text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                      {describeUserAgent(s.user_agent)}
                      {s.current && (
                        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">This device</span>
                      )}
                      {s.aal === "aal2" && (
                        <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">Two-factor</span>
                      )}
                    </p>
                    <p className="mt-0.5 text-slate-600">
                      {s.ip || "Unknown address"} · signed in {formatDateTime(s.created_at)} · last active{" "}
                      {formatDateTime(s.refreshed_at ?? s.created_at)}
                    </p>
                  </div>
                </div>
                {!s.current && (
                  <Button
                    type="button"
                    onClick={() => setPending({ kind: "one", session: s })}
                    disabled={busy}
                    aria-label={`Sign out ${describeUserAgent(s.user_agent)}, last active ${formatDateTime(s.refreshed_at ?? s.created_at)}`}
                    variant="secondary"
                    size="sm"
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === "others" ? "Sign out everywhere else?" : "Sign out this session?"}
        confirmLabel="Sign out"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === "others"
          ? "Every other browser and device signed in to your account will be signed out. This one stays signed in."
          : pending?.kind === "one"
            ? `${describeUserAgent(pending.session.user_agent)} will be signed out and must sign in again.`
            : null}
      </ConfirmDialog>
    </SettingsCard>
  );
}
