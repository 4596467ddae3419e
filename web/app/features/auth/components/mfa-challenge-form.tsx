import { useState, type FormEvent } from "react";
import { ShieldCheck } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { mfaErrorMessage, recoveryCodeErrorMessage } from "~/lib/auth-messages";
import { useAuth } from "../auth-provider";
import { Button, UnstyledButton } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

const VERIFY_FAILED = "Verification failed. Please try again.";

/** The second sign-in step: a 6-digit code from the user's authenticator app, or one of their recovery codes. */
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
  const [useRecovery, setUseRecovery] = useState(false);

  function switchMode(recovery: boolean) {
    setUseRecovery(recovery);
    setCode("");
    setError(null);
  }

  async function submitRecoveryCode() {
    if (!code.trim()) {
      setError("Enter one of your recovery codes.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { error: verifyError } = await client.mfa.recoveryCodes.verify({ code });
      if (verifyError) {
        setError(recoveryCodeErrorMessage(verifyError, VERIFY_FAILED));
        return;
      }
      await onVerified();
    } catch {
      setError(VERIFY_FAILED);
    } finally {
      setBusy(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (useRecovery) return submitRecoveryCode();
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

  const field = useRecovery
    ? {
        id: "mfa-recovery-code",
        label: "Recovery code",
        input: {
          id: "mfa-recovery-code",
          name: "recovery-code",
          autoComplete: "off",
          autoCapitalize: "none",
          spellCheck: false,
          maxLength: 64,
          className: "mt-1.5 text-center font-mono text-xl tracking-widest",
        },
      }
    : {
        id: "mfa-code",
        label: "Authentication code",
        input: {
          id: "mfa-code",
          name: "code",
          inputMode: "numeric" as const,
          autoComplete: "one-time-code",
          pattern: "[0-9]*",
          maxLength: 6,
          className: "mt-1.5 text-center font-mono text-2xl tracking-[0.5em]",
        },
      };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div className="flex items-start gap-3 rounded-lg bg-blue-50 p-4 text-sm text-blue-900">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <p>
          {useRecovery
            ? "Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once."
            : "Your account is protected with two-factor authentication. Open your authenticator app and enter the 6-digit code it shows."}
        </p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <label htmlFor={field.id} className="block text-sm font-semibold text-slate-900">
          {field.label}
        </label>
        <Input
          key={field.id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
          required
          aria-invalid={error ? true : undefined}
          invalid={Boolean(error)}
          {...field.input}
        />
      </div>
      <Button type="submit" loading={busy} className="w-full">
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <UnstyledButton
        type="button"
        onClick={() => switchMode(!useRecovery)}
        disabled={busy}
        className="w-full rounded-lg px-3 py-2 text-sm font-semibold text-blue-700 underline-offset-2 hover:underline disabled:opacity-60"
      >
        {useRecovery ? "Use your authenticator app instead" : "Use a recovery code"}
      </UnstyledButton>
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
