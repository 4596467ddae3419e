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

/** The message after an impersonation starts or ends (kept across the reload), with its Close inside the box. */
export function ImpersonationFlash() {
  const [message, setMessage] = useState(initialFlash);
  if (!message) return null;
  return (
    <Alert
      tone="success"
      action={
        <Button
          size="sm"
          variant="ghost"
          className="text-green-900 hover:bg-green-100"
          onClick={() => {
            pendingFlash = null;
            setMessage(null);
          }}
          aria-label="Close message"
        >
          Close
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/**
 * The bar across the top of every portal page while a staff member acts as someone: whose
 * portal this is, who is really signed in, and the way out. It is coloured unlike anything
 * else in the portal, so that no one takes the customer's view for their own.
 */
export function ImpersonationBar() {
  const { profile } = useAuth();
  const staff = profile?.impersonator;
  const current = useCurrentImpersonation({ enabled: Boolean(staff) });
  const end = useEndImpersonation();
  const [error, setError] = useState<string | null>(null);
  if (!staff || !profile) return null;
  const until = current.data?.expires_at ? formatTime(current.data.expires_at, { empty: "", invalid: "" }) : "";

  return (
    <section
      aria-label="Impersonation Active"
      data-impersonation-bar=""
      className="flex flex-col gap-2 bg-violet-800 px-4 py-2.5 text-sm text-white sm:flex-row sm:items-center sm:justify-between sm:gap-4 lg:px-6"
    >
      <div className="flex min-w-0 items-start gap-3">
        <UserCog className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">Impersonation Active</p>
          <p className="break-words">
            Viewing as{" "}
            <strong className="font-semibold">{profile.full_name || profile.email}</strong> ({profile.email}); signed in as{" "}
            {staff.full_name || staff.email}
            {until && `; ends by itself at ${until}`}.
          </p>
          {error && (
            <p role="alert" className="mt-1 rounded bg-white px-2 py-1 font-semibold text-red-800">
              {error}
            </p>
          )}
        </div>
      </div>
      <Button
        size="sm"
        variant="inverse"
        className="self-start text-violet-900 hover:bg-violet-50 focus-visible:outline-white sm:self-auto"
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
  );
}
