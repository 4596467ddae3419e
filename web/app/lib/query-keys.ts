/**
 * Query keys of the resources more than one feature reads. Each resource has exactly one key, so a
 * mutation that changes it refreshes every screen showing it. A feature's own data keeps its
 * `<feature>Keys` object.
 */
export const queryKeys = {
  organizations: ["organizations"] as const,
};
