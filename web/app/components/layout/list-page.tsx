import type { ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { LoadingRow } from "~/components/ui/settings-card";
import { PageHeader } from "./page-header";

/**
 * A portal page listing cards: the header, notices, stat cards, filters, then the list in its
 * states: loading, failed (`error`, already in words), empty, or the cards in a grid.
 */
export function ListPage({
  title,
  description,
  actions,
  notices,
  stats,
  filters,
  loading,
  loadingLabel,
  error,
  empty,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  notices?: ReactNode;
  stats?: ReactNode;
  filters?: ReactNode;
  loading: boolean;
  loadingLabel: string;
  error?: string | null;
  /** What to show instead of the grid when the list is empty; null when it has items. */
  empty?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} actions={actions} />
      {notices}
      {stats}
      {filters}
      {loading ? (
        <LoadingRow label={loadingLabel} />
      ) : error ? (
        <Alert tone="error">{error}</Alert>
      ) : empty ? (
        empty
      ) : (
        <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">{children}</div>
      )}
    </div>
  );
}
