import { useState, type FormEvent } from "react";
import { ShieldCheck } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { mfaErrorMessage } from "~/lib/auth-messages";
import { useAuth } from "../auth-provider";
import { Button, UnstyledButton } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

const VERIFY_FAILED = "Verification failed. Please try again.";

/** The second sign-in step: a 6-digit code from the user's authenticator app. */
export function MfaChallengeForm({
  onVerified,
  onCancel,
  cancelLabel = "Use a different account",
}: {
  onVerified: () => void | Promise<void>;
  onCancel?: () => void | Promise<void>;
  cancelLabel?: string;
}) {
  const { client, user } = useAuth();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const digits = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setError("Enter the 6-digit code from your authenticator app.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let factorId = user?.factors?.find((f) => f.factor_type === "totp" && f.status === "verified")?.id;
      if (!factorId) {
        const { data } = await client.mfa.listFactors();
        factorId = data?.totp[0]?.id;
      }
      if (!factorId) {
        setError("No authenticator app is set up for this account.");
        return;
      }
      const { error: verifyError } = await client.mfa.challengeAndVerify({ factorId, code: digits });
      if (verifyError) {
        setError(mfaErrorMessage(verifyError, VERIFY_FAILED));
        setCode("");
        return;
      }
      await onVerified();
    } catch {
      setError(VERIFY_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div className="flex items-start gap-3 rounded-lg bg-blue-50 p-4 text-sm text-blue-900">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <p>Your account is protected with two-factor authentication. Open your authenticator app and enter the 6-digit code it shows.</p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <label htmlFor="mfa-code" className="block text-sm font-semibold text-slate-900">
          Authentication code
        </label>
        <Input
          id="mfa-code"
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
          required
          aria-invalid={error ? true : undefined}
          invalid={Boolean(error)}
          className="mt-1.5 text-center font-mono text-2xl tracking-[0.5em]"
        />
      </div>
      <Button type="submit" loading={busy} className="w-full">
        {busy ? "Verifying..." : "Verify"}
      </Button>
      {onCancel && (
        <UnstyledButton
          type="button"
          onClick={() => void onCancel()}
          disabled={busy}
          className="w-full rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
        >
          {cancelLabel}
        </UnstyledButton>
      )}
    </form>
  );
}
