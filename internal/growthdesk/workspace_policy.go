package growthdesk

// Policy of the client workspace (projects, automations, reports). Kept beside the feature
// rather than in policy.go so that parallel features do not edit one file.

// CanViewWorkspace lets approved accounts read their organization's projects, automations
// and reports (staff: every organization's).
func CanViewWorkspace(c *Caller) error { return CanUsePortal(c) }

// CanManageWorkspace lets staff create, change and delete projects, automations and report
// schedules of any organization.
func CanManageWorkspace(c *Caller) error { return RequireStaff(c) }

// CanOperateAutomation lets approved accounts pause and resume the automations of their
// organization (staff: of any); the scope of the query keeps customers inside theirs.
func CanOperateAutomation(c *Caller) error { return CanUsePortal(c) }

// CanGenerateReport lets approved accounts have their organization's reports generated.
func CanGenerateReport(c *Caller) error { return CanUsePortal(c) }
