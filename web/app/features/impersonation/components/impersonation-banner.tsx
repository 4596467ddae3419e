import { useState } from "react";
import { UserCog } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useAuth } from "~/features/auth/auth-provider";
import { paths } from "~/lib/paths";
import { useCurrentImpersonation, useEndImpersonation } from "../api";
import { ENDED, endFailed, setFlash, takeFlash } from "../messages";
import { formatTime } from "~/lib/format";

let pendingFlash: string | null | undefined;

/** The message kept across the reload, read once per page load. */
function initialFlash(): string | null {
  if (pendingFlash === undefined) pendingFlash = takeFlash();
  return pendingFlash;
}

function FlashMessage() {
  const [message, setMessage] = useState(initialFlash);
  if (!message) return null;
  return (
    <div className="flex items-start gap-2">
      <Alert tone="success" className="flex-1">
        {message}
      </Alert>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          pendingFlash = null;
          setMessage(null);
        }}
        aria-label="Close message"
      >
        Close
      </Button>
    </div>
  );
}

/** The 'Impersonation Active' banner on every portal page while a staff member acts as someone, and the start/end alerts. */
export function ImpersonationBanner() {
  const { profile } = useAuth();
  const staff = profile?.impersonator;
  const current = useCurrentImpersonation({ enabled: Boolean(staff) });
  const end = useEndImpersonation();
  const [error, setError] = useState<string | null>(null);

  return (
    <>
      <FlashMessage />
      {staff && profile && (
        <section
          aria-labelledby="impersonation-banner-title"
          className="flex flex-col gap-3 rounded-xl bg-violet-50 px-4 py-3 text-sm text-violet-950 ring-1 ring-violet-300 ring-inset sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-start gap-3">
            <UserCog className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <div className="min-w-0">
              <h2 id="impersonation-banner-title" className="font-semibold">
                Impersonation Active
              </h2>
              <p className="break-words">
                You are seeing the portal as <strong>{profile.full_name || profile.email}</strong> ({profile.email}).
                Signed in as {staff.full_name || staff.email}
                {current.data?.expires_at && `; ends by itself at ${formatTime(current.data.expires_at, { empty: "", invalid: "" })}`}.
              </p>
              {error && (
                <p role="alert" className="mt-1 font-semibold text-red-800">
                  {error}
                </p>
              )}
            </div>
          </div>
          <Button
            size="sm"
            variant="primary"
            loading={end.isPending}
            onClick={() => {
              setError(null);
              end.mutate(undefined, {
                onSuccess: () => {
                  setFlash(ENDED);
                  window.location.assign(paths.portal.settings("impersonation"));
                },
                onError: (err) => setError(endFailed(err)),
              });
            }}
          >
            End Impersonation
          </Button>
        </section>
      )}
    </>
  );
}
