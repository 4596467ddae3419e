import { ResetPasswordPage } from "~/features/auth/components/reset-password-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Choose a New Password");

export default ResetPasswordPage;
