import { SettingsPage } from "~/features/settings/components/settings-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Settings");

export default SettingsPage;
