import type { ApprovalStatus, Role } from "~/features/auth/profile-api";

export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", employee: "Employee", customer: "Customer" };

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};
