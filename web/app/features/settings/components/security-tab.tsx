import { ActiveSessions } from "./active-sessions";
import { ChangePassword } from "./change-password";
import { TwoFactor } from "./two-factor";

export function SecurityTab() {
  return (
    <div className="space-y-6">
      <ChangePassword />
      <TwoFactor />
      <ActiveSessions />
    </div>
  );
}
