import { useState, type FormEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Factor } from "@supabase/auth-js";
import { Copy, ShieldCheck, Smartphone } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { authErrorMessage, mfaErrorMessage } from "~/lib/auth-messages";
import { FactorNameMax } from "~/lib/api-types.gen";
import { useAuth } from "~/features/auth/auth-provider";
import { settingsKeys } from "../api";
import { LoadingRow, SettingsCard } from "~/components/ui/settings-card";
import { formatDate } from "~/lib/format";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NewRecoveryCodes, RecoveryCodesStatus } from "./recovery-codes";

type Enrollment = { factorId: string; qrCode: string; secret: string };
type Notice = { tone: "success" | "error"; text: string } | null;

const DEFAULT_NAME = "Authenticator app";

/** A friendly name that no existing factor uses yet (the server refuses duplicates). */
export function uniqueFactorName(wanted: string, taken: readonly string[]): string {
  const base = wanted.trim() || DEFAULT_NAME;
  if (!taken.includes(base)) return base;
  let n = 2;
  while (taken.includes(`${base} ${n}`)) n += 1;
  return `${base} ${n}`;
}

export function TwoFactor() {
  const { client, user } = useAuth();
  const queryClient = useQueryClient();
  const key = settingsKeys.factors(user?.id ?? "");
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [friendlyName, setFriendlyName] = useState(DEFAULT_NAME);
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [code, setCode] = useState("");
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [copied, setCopied] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  const factors = useQuery({
    queryKey: key,
    queryFn: async () => {
      const { data, error } = await client.mfa.listFactors();
      if (error) throw error;
      return data;
    },
  });

  const verified = factors.data ? [...factors.data.totp, ...factors.data.phone] : [];

  async function startEnrollment() {
    if (busy || !factors.data) return;
    setBusy(true);
    setNotice(null);
    try {
      // An enrollment that was never confirmed would block a new one with the same name.
      for (const stale of factors.data.all.filter((f) => f.status !== "verified")) {
        await client.mfa.unenroll({ factorId: stale.id });
      }
      const taken = verified.map((f) => f.friendly_name ?? "");
      const { data, error } = await client.mfa.enroll({
        factorType: "totp",
        friendlyName: uniqueFactorName(friendlyName, taken),
      });
      if (error) {
        setNotice({ tone: "error", text: authErrorMessage(error, "Two-factor setup could not be started.") });
        return;
      }
      setCode("");
      setCopied(false);
      setEnrollment({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
    } catch {
      setNotice({ tone: "error", text: "Two-factor setup could not be started." });
    } finally {
      setBusy(false);
    }
  }

  async function confirmEnrollment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !enrollment) return;
    const digits = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setNotice({ tone: "error", text: "Enter the 6-digit code from your authenticator app." });
      return;
    }
    setBusy(true);
    setNotice(null);
    const firstFactor = verified.length === 0;
    try {
      const { error } = await client.mfa.challengeAndVerify({ factorId: enrollment.factorId, code: digits });
      if (error) {
        setNotice({ tone: "error", text: mfaErrorMessage(error, "Verification failed. Please try again.") });
        return;
      }
      setEnrollment(null);
      setNotice({
        tone: "success",
        text: "Two-factor authentication is on. From now on you will enter a code from your app when you sign in.",
      });
      // The first authenticator comes with recovery codes, shown this once.
      if (firstFactor) {
        const { data: made } = await client.mfa.recoveryCodes.generate();
        if (made) setNewCodes(made.codes);
        await queryClient.invalidateQueries({ queryKey: settingsKeys.recoveryCodes(user?.id ?? "") });
      }
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.sessions(user?.id ?? "") });
    } catch {
      setNotice({ tone: "error", text: "Verification failed. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  async function cancelEnrollment() {
    if (!enrollment) return;
    setBusy(true);
    await client.mfa.unenroll({ factorId: enrollment.factorId }).catch(() => undefined);
    setEnrollment(null);
    setNotice(null);
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: key });
  }

  async function removeFactor() {
    if (!removing) return;
    setBusy(true);
    setNotice(null);
    try {
      const { error } = await client.mfa.unenroll({ factorId: removing.id });
      if (error) {
        setNotice({ tone: "error", text: authErrorMessage(error, "The authenticator could not be removed.") });
        return;
      }
      // The server lowers this session's assurance level; a fresh token and user reflect it.
      await client.refreshSession();
      setNotice({ tone: "success", text: "The authenticator was removed." });
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.recoveryCodes(user?.id ?? "") });
    } catch {
      setNotice({ tone: "error", text: "The authenticator could not be removed." });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  async function copySecret() {
    if (!enrollment) return;
    try {
      await navigator.clipboard.writeText(enrollment.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <SettingsCard
      title="Two-factor authentication"
      description="Protect your account with a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy…) at every sign-in."
    >
      <div className="space-y-5">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {newCodes && <NewRecoveryCodes codes={newCodes} onDone={() => setNewCodes(null)} />}

        {factors.isPending ? (
          <LoadingRow label="Loading your authenticators…" />
        ) : factors.isError ? (
          <Alert tone="error" title="Your authenticators could not be loaded.">
            <Button type="button" onClick={() => void factors.refetch()} variant="secondary" size="sm" className="mt-2">
              Try again
            </Button>
          </Alert>
        ) : verified.length > 0 ? (
          <div className="space-y-3">
            <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
              {verified.map((factor) => (
                <li key={factor.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex items-center gap-3">
                    <Smartphone className="h-5 w-5 text-slate-600" aria-hidden="true" />
                    <div>
                      <p className="text-sm font-semibold text-slate-900">{factor.friendly_name || DEFAULT_NAME}</p>
                      <p className="text-sm text-slate-600">
                        {factor.factor_type === "totp" ? "Authenticator app" : "Phone"} · added {formatDate(factor.created_at, { empty: "", invalid: "" })}
                      </p>
                    </div>
                  </div>
                  <Button
                    type="button"
                    onClick={() => setRemoving(factor)}
                    disabled={busy}
                    aria-label={`Remove ${factor.friendly_name || DEFAULT_NAME}`}
                    variant="danger-outline"
                    size="sm"
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            <RecoveryCodesStatus onNewCodes={setNewCodes} disabled={busy} />
          </div>
        ) : (
          !enrollment && (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <ShieldCheck className="h-5 w-5 text-slate-500" aria-hidden="true" />
              Two-factor authentication is off.
            </p>
          )
        )}

        {enrollment ? (
          <div className="rounded-lg bg-slate-50 p-5 ring-1 ring-slate-200">
            <h3 className="text-base font-semibold text-slate-900">Set up your authenticator app</h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
              <li>Scan the QR code with your authenticator app.</li>
              <li>Or enter the key below by hand.</li>
              <li>Type the 6-digit code the app shows to finish.</li>
            </ol>
            <div className="mt-4 flex flex-col gap-6 sm:flex-row sm:items-start">
              <img
                src={enrollment.qrCode}
                alt="QR code for setting up two-factor authentication in an authenticator app"
                width={176}
                height={176}
                className="h-44 w-44 shrink-0 rounded-lg bg-white p-2 ring-1 ring-slate-200"
              />
              <div className="min-w-0 flex-1 space-y-4">
                <div>
                  <p className="text-sm font-semibold text-slate-900" id="mfa-secret-label">
                    Key for manual entry
                  </p>
                  <div role="group" aria-labelledby="mfa-secret-label" className="mt-1.5 flex items-center gap-2">
                    <code className="min-w-0 rounded-md bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-300">
                      {enrollment.secret}
                    </code>
                    <Button type="button" onClick={copySecret} aria-label="Copy the key" variant="secondary" size="sm">
                      <Copy className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </div>
                  <p role="status" className="mt-1 text-sm text-green-700">
                    {copied ? "Copied." : ""}
                  </p>
                </div>
                <form onSubmit={confirmEnrollment} className="space-y-3">
                  <div>
                    <label htmlFor="mfa-enroll-code" className="block text-sm font-semibold text-slate-900">
                      6-digit code
                    </label>
                    <Input
                      id="mfa-enroll-code"
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      required
                      className="mt-1.5 w-40 font-mono tracking-widest"
                    />
                  </div>
                  <div className="flex flex-wrap gap-3">
                    <Button type="submit" loading={busy} size="sm">
                      {busy ? "Verifying..." : "Verify and turn on"}
                    </Button>
                    <Button type="button" onClick={cancelEnrollment} disabled={busy} variant="secondary" size="sm">
                      Cancel
                    </Button>
                  </div>
                </form>
              </div>
            </div>
          </div>
        ) : (
          factors.data && (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div>
                <label htmlFor="mfa-friendly-name" className="block text-sm font-semibold text-slate-900">
                  Name of the device
                </label>
                <Input
                  id="mfa-friendly-name"
                  value={friendlyName}
                  onChange={(e) => setFriendlyName(e.target.value)}
                  maxLength={FactorNameMax}
                  className="mt-1.5 sm:w-64"
                />
              </div>
              <Button
                type="button"
                onClick={startEnrollment}
                loading={busy}
                className="sm:h-[2.875rem] sm:shadow-none"
              >
                {verified.length > 0 ? "Add another authenticator" : "Set up two-factor authentication"}
              </Button>
            </div>
          )
        )}
      </div>

      <ConfirmDialog
        open={removing !== null}
        title="Remove this authenticator?"
        confirmLabel="Remove"
        busy={busy}
        onConfirm={removeFactor}
        onCancel={() => setRemoving(null)}
      >
        {verified.length > 1
          ? "You will no longer be able to sign in with codes from this app."
          : "This turns two-factor authentication off: signing in will need only your password."}
      </ConfirmDialog>
    </SettingsCard>
  );
}
