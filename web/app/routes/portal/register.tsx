import { RegisterPage } from "~/features/auth/components/register-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Request Account Access");

export default RegisterPage;
