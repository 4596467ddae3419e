import { Link } from "react-router";
import { ArrowLeft, Download } from "lucide-react";
import { PageHeader } from "~/components/layout/page-header";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { LoadError } from "~/components/ui/load-error";
import { RowsSkeleton } from "~/components/ui/skeleton";
import { errorMessage } from "~/lib/api";
import type { InvoiceParty } from "~/lib/api-types.gen";
import { formatMoney } from "~/lib/format";
import { paths } from "~/lib/paths";
import { INVOICE_DOWNLOAD_FAILED, useDownloadInvoice, useInvoice } from "../api";
import { billingDate, invoiceStatusLabel, taxRateLabel } from "../format";

const INVOICE_TONES: Record<string, BadgeTone> = { paid: "success", open: "warning", void: "neutral", uncollectible: "danger" };

function Party({ heading, party }: { heading: string; party: InvoiceParty }) {
  return (
    <div className="min-w-0">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{heading}</h2>
      <address className="mt-2 break-words not-italic text-slate-700">
        <span className="block font-semibold text-slate-900">{party.name}</span>
        {party.address.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        {party.email && <span className="block">{party.email}</span>}
        {party.tax_id && <span className="block">Tax ID: {party.tax_id}</span>}
      </address>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 sm:block">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900 sm:mt-1 sm:text-left">{children}</dd>
    </div>
  );
}

/** An invoice as a document: number, dates, status, seller and buyer, line items, subtotal, tax and total, and its PDF. */
export function InvoicePage({ id }: { id: string }) {
  const invoice = useInvoice(id);
  const download = useDownloadInvoice(id);

  const back = (
    <Link to={paths.portal.billing} className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 underline-offset-2 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Billing
    </Link>
  );
  if (invoice.isPending || invoice.isError) {
    return (
      <div className="space-y-6">
        {back}
        <PageHeader title="Invoice" />
        {invoice.isPending ? (
          <RowsSkeleton label="Loading the invoice…" rows={5} />
        ) : (
          <LoadError
            title="The invoice could not be loaded."
            message={errorMessage(invoice.error, "")}
            onRetry={() => invoice.refetch()}
            retrying={invoice.isFetching}
          />
        )}
      </div>
    );
  }

  const doc = invoice.data;
  const inv = doc.invoice;
  const number = inv.number || inv.id;
  const money = (cents: number) => formatMoney(cents, inv.currency);
  return (
    <div className="space-y-6">
      {back}
      <PageHeader
        title={`Invoice ${number}`}
        description={`${doc.buyer.name} · ${money(doc.total)}`}
        actions={
          <Button onClick={() => download.mutate()} loading={download.isPending} disabled={download.isPending}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download PDF
          </Button>
        }
      />
      {download.isError && <Alert tone="error">{errorMessage(download.error, INVOICE_DOWNLOAD_FAILED)}</Alert>}
      {inv.document_url && (
        <p className="text-sm text-slate-600">
          The payment provider keeps its own copy, where an open invoice can be paid:{" "}
          <a href={inv.document_url} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline underline-offset-2">
            open the provider&apos;s copy
          </a>
          .
        </p>
      )}

      <article aria-label={`Invoice ${number}`} className="space-y-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-8">
        <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Fact label="Invoice number">{number}</Fact>
          <Fact label="Issue date">{billingDate(doc.issued_at)}</Fact>
          {inv.period_start && inv.period_end && (
            <Fact label="Period">
              {billingDate(inv.period_start)} – {billingDate(inv.period_end)}
            </Fact>
          )}
          {inv.paid_at && <Fact label="Paid on">{billingDate(inv.paid_at)}</Fact>}
          <Fact label="Status">
            <Badge tone={INVOICE_TONES[inv.status] ?? "warning"}>{invoiceStatusLabel(inv.status)}</Badge>
          </Fact>
        </dl>

        <div className="grid gap-6 sm:grid-cols-2">
          <Party heading="From" party={doc.seller} />
          <Party heading="Bill to" party={doc.buyer} />
        </div>

        <table className="w-full text-left text-sm">
          <caption className="sr-only">Line items</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Description
              </th>
              <th scope="col" className="hidden py-2 pr-3 text-right font-semibold sm:table-cell">
                Qty
              </th>
              <th scope="col" className="hidden py-2 pr-3 text-right font-semibold sm:table-cell">
                Unit price
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {doc.lines.map((line, i) => (
              <tr key={i}>
                <td className="py-3 pr-3 text-slate-900">
                  {line.description}
                  {/* On a phone, quantity and unit price go under the description instead of their own columns. */}
                  <span className="mt-1 block text-slate-600 sm:hidden">
                    {line.quantity} × {money(line.unit_amount)}
                  </span>
                </td>
                <td className="hidden py-3 pr-3 text-right tabular-nums sm:table-cell">{line.quantity}</td>
                <td className="hidden py-3 pr-3 text-right tabular-nums sm:table-cell">{money(line.unit_amount)}</td>
                <td className="py-3 text-right font-medium tabular-nums text-slate-900">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl aria-label="Totals" className="ml-auto max-w-xs space-y-2 text-sm">
          <div className="flex justify-between gap-6">
            <dt className="text-slate-600">Subtotal</dt>
            <dd className="tabular-nums text-slate-900">{money(doc.subtotal)}</dd>
          </div>
          <div className="flex justify-between gap-6">
            <dt className="text-slate-600">
              {doc.tax.label} ({taxRateLabel(doc.tax.rate_basis_points)})
            </dt>
            <dd className="tabular-nums text-slate-900">{money(doc.tax_amount)}</dd>
          </div>
          <div className="flex justify-between gap-6 border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
            <dt>Total</dt>
            <dd className="tabular-nums">{money(doc.total)}</dd>
          </div>
        </dl>
      </article>
    </div>
  );
}
