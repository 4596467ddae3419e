import { Alert } from "~/components/ui/alert";
import { useAuth } from "~/features/auth/auth-provider";
import { ActiveSessions } from "./active-sessions";
import { ChangePassword } from "./change-password";
import { TwoFactor } from "./two-factor";

/** Said instead of the tab's forms while a staff member acts as the account: the server refuses them. */
const SECURITY_WHILE_IMPERSONATING =
  "The password, two-factor authentication and sessions of this account can only be seen and changed by its owner, not while impersonating.";

export function SecurityTab() {
  // Credentials and sessions belong to the account's owner; the server refuses them to an
  // impersonating staff member, so the tab says so instead of showing forms that can only fail.
  if (useAuth().profile?.impersonator) return <Alert tone="info">{SECURITY_WHILE_IMPERSONATING}</Alert>;
  return (
    <div className="space-y-6">
      <ChangePassword />
      <TwoFactor />
      <ActiveSessions />
    </div>
  );
}
