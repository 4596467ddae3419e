/** A recovery code as shown to a person: the server's canonical code in two halves ("abcde-fghjk"). */
export function displayRecoveryCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return code.length > 6 ? `${code.slice(0, half)}-${code.slice(half)}` : code;
}

/** The text file (and clipboard text) of a new set of recovery codes: what they are, for whom, and the codes. */
export function recoveryCodesText(codes: readonly string[], { site, email, date }: { site: string; email: string; date: string }): string {
  return [
    `${site} two-factor recovery codes`,
    `Account: ${email}`,
    `Made: ${date}`,
    "",
    "Each code signs you in once when you cannot use your authenticator app.",
    "Keep them somewhere safe. Making new codes stops these from working.",
    "",
    ...codes.map(displayRecoveryCode),
    "",
  ].join("\n");
}

/** The file name of the download, e.g. "growthdesk-recovery-codes.txt". */
export function recoveryCodesFileName(site: string): string {
  const slug = site.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${slug || "account"}-recovery-codes.txt`;
}
