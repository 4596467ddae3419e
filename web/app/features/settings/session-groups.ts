import type { ActiveSession } from "./api";
import { describeUserAgent } from "./user-agent";

/** The sessions of one device and browser ("Chrome on macOS"), shown as one row. */
export type SessionGroup = {
  label: string;
  /** Newest activity first. */
  sessions: ActiveSession[];
  /** The group holds the session of this browser. */
  current: boolean;
  /** When any of its sessions was last active (ISO time). */
  lastActive: string;
  /** The addresses its sessions came from, most recent first, each once. */
  ips: string[];
  /** Every session of the group passed two-factor authentication. */
  twoFactor: boolean;
};

const lastActive = (s: ActiveSession) => s.refreshed_at ?? s.created_at;
const time = (iso: string) => Date.parse(iso) || 0;

/** One group per device and browser: the one with this browser's session first, then the most recently active. */
export function groupSessions(sessions: readonly ActiveSession[]): SessionGroup[] {
  const byLabel = new Map<string, ActiveSession[]>();
  for (const s of [...sessions].sort((a, b) => time(lastActive(b)) - time(lastActive(a)))) {
    const label = describeUserAgent(s.user_agent);
    byLabel.set(label, [...(byLabel.get(label) ?? []), s]);
  }
  const groups = [...byLabel].map(([label, list]) => {
    const [newest] = list as [ActiveSession, ...ActiveSession[]];
    return {
      label,
      sessions: list,
      current: list.some((s) => s.current),
      lastActive: lastActive(newest),
      ips: [...new Set(list.map((s) => s.ip).filter(Boolean))],
      twoFactor: list.every((s) => s.aal === "aal2"),
    };
  });
  return groups.sort((a, b) => Number(b.current) - Number(a.current) || time(b.lastActive) - time(a.lastActive));
}

/** "1 session" / "3 sessions". */
export function sessionCount(n: number): string {
  return `${n} ${n === 1 ? "session" : "sessions"}`;
}
