/** Admins and employees are staff: they see the Administration group and the staff settings tabs. */
export function isStaff(role: string | null | undefined): boolean {
  return role === "admin" || role === "employee";
}
