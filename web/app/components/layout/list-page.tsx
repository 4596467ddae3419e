import type { ReactNode } from "react";
import { LoadError } from "~/components/ui/load-error";
import { errorMessage } from "~/lib/api";
import { CardsSkeleton } from "~/components/ui/skeleton";
import { PageHeader } from "./page-header";

/**
 * A portal page listing cards: the header, notices, stat cards, filters, then the list in its
 * states: loading (cards in outline), failed (`failed`, with the server's reason and a Retry that calls
 * `onRetry`), empty, or the cards in a grid.
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
  failed,
  onRetry,
  retrying,
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
  /** The list's load error, if any; `failed` says what could not be loaded. */
  error?: unknown;
  failed: string;
  /** Asks for the list again (the query's refetch). */
  onRetry: () => unknown;
  retrying?: boolean;
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
        <CardsSkeleton label={loadingLabel} />
      ) : error ? (
        <LoadError title={failed} message={errorMessage(error, "")} onRetry={onRetry} retrying={retrying} />
      ) : empty ? (
        empty
      ) : (
        <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">{children}</div>
      )}
    </div>
  );
}
