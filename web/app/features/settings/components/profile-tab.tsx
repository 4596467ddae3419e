import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { FormField } from "~/components/ui/form-field";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { ApiError } from "~/lib/api";
import { AvatarURLMax, FullNameMax } from "~/lib/api-types.gen";
import { updateProfile, type ProfileUpdate } from "../api";
import { SettingsCard } from "~/components/ui/settings-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

type Notice = { tone: "success" | "error"; text: string } | null;

export function ProfileTab() {
  const { profile, user, refreshProfile } = useAuth();
  const token = useAccessToken();
  const [fullName, setFullName] = useState(profile?.full_name ?? "");
  const [avatarUrl, setAvatarUrl] = useState(profile?.avatar_url ?? "");
  const [notice, setNotice] = useState<Notice>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(token, update),
    onSuccess: async () => {
      setFieldErrors({});
      setNotice({ tone: "success", text: "Profile updated successfully!" });
      await refreshProfile();
    },
    onError: (err) => {
      setFieldErrors(err instanceof ApiError ? err.fields : {});
      setNotice({ tone: "error", text: "Failed to update profile" });
    },
  });

  /** A field's error goes as soon as that field is edited. */
  function clearError(field: string) {
    setFieldErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || !profile) return;
    setNotice(null);
    save.mutate({ full_name: fullName.trim(), avatar_url: avatarUrl.trim() });
  }

  return (
    <SettingsCard title="Profile" description="How you appear in the portal.">
      {/* The server's message goes under the field, like every other form's, not the browser's bubble. */}
      <form onSubmit={handleSubmit} noValidate className="max-w-xl space-y-5">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <FormField id="profile-email" label="Email" hint="Email cannot be changed">
          {(control) => (
            <div className="relative">
              <Input
                {...control}
                type="email"
                value={profile?.email ?? user?.email ?? ""}
                readOnly
                className="cursor-default border-dashed pr-11"
              />
              <Lock
                className="pointer-events-none absolute top-1/2 right-3.5 h-4 w-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
            </div>
          )}
        </FormField>
        <FormField id="profile-full-name" label="Full name" error={fieldErrors.full_name}>
          {(control) => (
            <Input
              {...control}
              name="full_name"
              autoComplete="name"
              maxLength={FullNameMax}
              value={fullName}
              disabled={!profile}
              onChange={(e) => {
                setFullName(e.target.value);
                clearError("full_name");
              }}
              invalid={Boolean(fieldErrors.full_name)}
            />
          )}
        </FormField>
        <FormField
          id="profile-avatar-url"
          label="Avatar URL"
          hint="A link to a square picture of you (https://…). Leave empty for none."
          error={fieldErrors.avatar_url}
        >
          {(control) => (
            <Input
              {...control}
              name="avatar_url"
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={AvatarURLMax}
              value={avatarUrl}
              disabled={!profile}
              onChange={(e) => {
                setAvatarUrl(e.target.value);
                clearError("avatar_url");
              }}
              invalid={Boolean(fieldErrors.avatar_url)}
            />
          )}
        </FormField>
        <Button type="submit" loading={save.isPending} disabled={!profile}>
          {save.isPending ? "Saving..." : "Save changes"}
        </Button>
      </form>
    </SettingsCard>
  );
}
