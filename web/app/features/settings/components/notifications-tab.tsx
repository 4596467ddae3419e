import { useState } from "react";
import { errorMessage } from "~/lib/api";
import { Alert } from "~/components/ui/alert";
import { Switch } from "~/components/ui/switch";
import { useNotifications, useSaveNotifications, type NotificationSettings } from "../api";
import { SettingsCard } from "~/components/ui/settings-card";
import { LoadError } from "~/components/ui/load-error";
import { RowsSkeleton } from "~/components/ui/skeleton";

const OPTIONS: { key: keyof NotificationSettings; label: string; description: string }[] = [
  { key: "email", label: "Email notifications", description: "News about your account and services by email." },
  { key: "ticket_updates", label: "Ticket updates", description: "An email when one of your support tickets changes or gets a reply." },
  { key: "forum_replies", label: "Forum replies", description: "An email when someone replies to your forum posts." },
];

export function NotificationsTab() {
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const settings = useNotifications();
  const save = useSaveNotifications();

  function toggle(option: keyof NotificationSettings, value: boolean) {
    if (!settings.data || save.isPending) return;
    setNotice(null);
    save.mutate(
      { ...settings.data, [option]: value },
      {
        onSuccess: () => setNotice({ tone: "success", text: "Notification preferences saved." }),
        onError: () => setNotice({ tone: "error", text: "Failed to save notification preferences. Please try again." }),
      },
    );
  }

  const shown = save.isPending && save.variables ? save.variables : settings.data;

  return (
    <SettingsCard title="Notifications" description="Choose which emails we send you. Changes are saved as you make them.">
      {settings.isPending ? (
        <RowsSkeleton label="Loading your preferences…" rows={3} />
      ) : settings.isError || !shown ? (
        <LoadError
          title="Your notification preferences could not be loaded."
          message={errorMessage(settings.error, "")}
          onRetry={() => settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <>
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          <div className="divide-y divide-slate-200">
            {OPTIONS.map((option) => (
              <Switch
                key={option.key}
                label={option.label}
                description={option.description}
                checked={shown[option.key]}
                disabled={save.isPending}
                onChange={(value) => toggle(option.key, value)}
              />
            ))}
          </div>
        </>
      )}
    </SettingsCard>
  );
}
