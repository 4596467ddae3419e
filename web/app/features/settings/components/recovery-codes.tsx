import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Download, KeyRound } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useAuth } from "~/features/auth/auth-provider";
import { saveBlob } from "~/lib/api";
import { authErrorMessage } from "~/lib/auth-messages";
import { formatDate } from "~/lib/format";
import { siteConfig } from "~/lib/site";
import { settingsKeys } from "../api";
import { displayRecoveryCode, recoveryCodesFileName, recoveryCodesText } from "../recovery-codes";

/**
 * A new set of recovery codes, shown this once (the server keeps only their hashes), with
 * Download and Copy, until the person says they have kept them.
 */
export function NewRecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { user } = useAuth();
  const [saved, setSaved] = useState<string | null>(null);
  const text = recoveryCodesText(codes, {
    site: siteConfig.name,
    email: user?.email ?? "",
    date: formatDate(new Date().toISOString()),
  });

  function download() {
    saveBlob(new Blob([text], { type: "text/plain;charset=utf-8" }), recoveryCodesFileName(siteConfig.name));
    setSaved("Downloaded.");
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaved("Copied.");
    } catch {
      setSaved("Copying did not work here: download the codes, or write them down.");
    }
  }

  return (
    <section aria-labelledby="recovery-codes-heading" className="rounded-lg bg-amber-50 p-5 ring-1 ring-amber-200">
      <h3 id="recovery-codes-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <KeyRound className="h-5 w-5 text-amber-700" aria-hidden="true" />
        Your recovery codes
      </h3>
      <p className="mt-1 text-sm text-slate-800">
        If you lose your authenticator app, each code signs you in once instead of a 6-digit code. Keep them somewhere safe: they
        are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-white px-2 py-1.5 text-center ring-1 ring-amber-200">
            {displayRecoveryCode(code)}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="button" onClick={download} variant="secondary" size="sm">
          <Download className="h-4 w-4" aria-hidden="true" />
          Download
        </Button>
        <Button type="button" onClick={() => void copy()} variant="secondary" size="sm">
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" onClick={onDone} size="sm">
          I have saved my codes
        </Button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-800">
        {saved ?? ""}
      </p>
    </section>
  );
}

/** How many recovery codes are left, and a way to make a new set (which ends the old one). */
export function RecoveryCodesStatus({ onNewCodes, disabled }: { onNewCodes: (codes: string[]) => void; disabled?: boolean }) {
  const { client, user } = useAuth();
  const queryClient = useQueryClient();
  const key = settingsKeys.recoveryCodes(user?.id ?? "");
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const status = useQuery({
    queryKey: key,
    queryFn: async () => {
      const { data, error } = await client.mfa.recoveryCodes.getStatus();
      if (error?.code === "mfa_factor_not_found") return null;
      if (error) throw error;
      return data;
    },
  });

  async function makeCodes() {
    setBusy(true);
    setError(null);
    try {
      const { data, error } = status.data
        ? await client.mfa.recoveryCodes.regenerate()
        : await client.mfa.recoveryCodes.generate();
      if (error) {
        setError(authErrorMessage(error, "New recovery codes could not be made."));
        return;
      }
      onNewCodes(data.codes);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch {
      setError("New recovery codes could not be made.");
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  const has = Boolean(status.data);
  return (
    <div className="flex flex-col gap-3 rounded-lg p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-3">
        <KeyRound className="h-5 w-5 shrink-0 text-slate-600" aria-hidden="true" />
        <div>
          <p className="text-sm font-semibold text-slate-900">Recovery codes</p>
          <p className="text-sm text-slate-600">
            {status.isPending
              ? "Loading…"
              : status.isError
                ? "Could not be loaded."
                : status.data
                  ? `${status.data.remaining} of ${status.data.total} left`
                  : "None yet: make a set in case you lose your authenticator app."}
          </p>
          {error && (
            <Alert tone="error" className="mt-2">
              {error}
            </Alert>
          )}
        </div>
      </div>
      <Button
        type="button"
        onClick={() => (has ? setAsking(true) : void makeCodes())}
        loading={busy}
        disabled={disabled || status.isPending || status.isError}
        variant="secondary"
        size="sm"
      >
        {has ? "Make new recovery codes" : "Make recovery codes"}
      </Button>
      <ConfirmDialog
        open={asking}
        title="Make new recovery codes?"
        confirmLabel="Make new codes"
        busy={busy}
        onConfirm={() => void makeCodes()}
        onCancel={() => setAsking(false)}
      >
        Your current recovery codes will stop working at once, used or not. You will see the new ones once.
      </ConfirmDialog>
    </div>
  );
}
