import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Alert } from "~/components/ui/alert";
import { PasswordInput } from "~/components/ui/password-input";
import { authErrorMessage } from "~/lib/auth-messages";
import { useAuth } from "~/features/auth/auth-provider";
import { MIN_PASSWORD_LENGTH, passwordPairError } from "~/lib/credentials";
import { settingsKeys } from "../api";
import { SettingsCard } from "~/components/ui/settings-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export const PASSWORD_UPDATED = "Password updated. Other sessions have been signed out.";
const PASSWORD_UPDATE_FAILED = "Failed to update password";

export function ChangePassword() {
  const { client, user } = useAuth();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!current) {
      setNotice({ tone: "error", text: "Please enter your current password." });
      return;
    }
    const problem = passwordPairError(next, confirm);
    if (problem) {
      setNotice({ tone: "error", text: problem });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      // The server asks for the current password; auth-js passes current_password through PUT /user.
      const { error } = await client.updateUser({ password: next, current_password: current });
      if (error) {
        setNotice({ tone: "error", text: authErrorMessage(error, PASSWORD_UPDATE_FAILED) });
        return;
      }
      setCurrent("");
      setNext("");
      setConfirm("");
      setNotice({ tone: "success", text: PASSWORD_UPDATED });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.sessions(user?.id ?? "") });
    } catch {
      setNotice({ tone: "error", text: PASSWORD_UPDATE_FAILED });
    } finally {
      setBusy(false);
    }
  }

  const label = "block text-sm font-semibold text-slate-900";
  return (
    <SettingsCard title="Change password" description="Changing your password signs you out everywhere else.">
      <form onSubmit={handleSubmit} className="max-w-xl space-y-5">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <Input type="email" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
        <div>
          <label htmlFor="current-password" className={label}>
            Current password
          </label>
          <div className="mt-1.5">
            <PasswordInput
              id="current-password"
              name="current_password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </div>
        </div>
        <div>
          <label htmlFor="new-password" className={label}>
            New password
          </label>
          <div className="mt-1.5">
            <PasswordInput
              id="new-password"
              name="new_password"
              autoComplete="new-password"
              required
              aria-describedby="new-password-hint"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          </div>
          <p id="new-password-hint" className="mt-1.5 text-sm text-slate-600">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
        </div>
        <div>
          <label htmlFor="confirm-new-password" className={label}>
            Confirm new password
          </label>
          <div className="mt-1.5">
            <PasswordInput
              id="confirm-new-password"
              name="confirm_password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
        </div>
        <Button type="submit" loading={busy}>
          {busy ? "Updating password..." : "Update password"}
        </Button>
      </form>
    </SettingsCard>
  );
}
