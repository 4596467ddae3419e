import type { ReactNode } from "react";
import { CartesianGrid, Cell, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis, type PieLabelRenderProps } from "recharts";
import type { ReportPeriod, SavingsSlice, TrendPoint } from "~/lib/api-types.gen";
import { workspaceMoney } from "../labels";
import { SO_FAR, savingsShares, shareLine, trendRows, type SavingsShare, type TrendRow } from "../report-figures";

export const CHART_HEIGHT = 300;
const PIE_COLORS = ["#1d4ed8", "#15803d", "#b45309", "#7c3aed", "#be123c"];
const RUNS_COLOR = "#1d4ed8";
const RATE_COLOR = "#15803d";
const AXIS_TICK = { fontSize: 12, fill: "#475569" };

/** A line of a chart's legend: an HTML list, so that it wraps on a narrow screen. */
function LegendLine({ color, marker = false, children }: { color: string; marker?: boolean; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <svg width="24" height="10" aria-hidden="true" className="shrink-0">
        {marker ? (
          <circle cx="12" cy="5" r="4" fill="#ffffff" stroke={color} strokeWidth="2" />
        ) : (
          <line x1="0" y1="5" x2="24" y2="5" stroke={color} strokeWidth="2" />
        )}
      </svg>
      {children}
    </li>
  );
}

/** The open marker of a partial span: it stands apart from the line, which ends at the last whole span. */
const SO_FAR_DOT = { r: 4, fill: "#ffffff", strokeWidth: 2 };

function TrendTooltip({ active, payload, soFar }: { active?: boolean; payload?: readonly { payload?: TrendRow }[]; soFar: string }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  const runs = row.partial ? row.runsSoFar : row.runs;
  const rate = row.partial ? row.rateSoFar : row.rate;
  return (
    <div className="rounded-lg bg-white px-3 py-2 text-sm shadow-md ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">
        {row.label}
        {row.partial && <span className="font-normal text-slate-600"> ({soFar})</span>}
      </p>
      <p className="text-slate-700">Runs: {runs ?? 0}</p>
      <p className="text-slate-700">Success rate: {rate === null ? "No runs" : `${rate.toFixed(1)}%`}</p>
    </div>
  );
}

export function PerformanceTrends({ points, period }: { points: TrendPoint[]; period: ReportPeriod }) {
  const rows = trendRows(points);
  const total = points.reduce((acc, p) => acc + p.runs, 0);
  const soFar = SO_FAR[period];
  const partial = points.some((p) => p.partial);
  const line = { type: "linear", strokeWidth: 2, dot: false, isAnimationActive: false, connectNulls: false } as const;
  return (
    <div>
      <div
        role="img"
        aria-label={`Line chart of runs and success rate; ${total} runs over ${points.length} points${partial ? `, the last one ${soFar}` : ""}. The table below holds the same data.`}
        style={{ height: CHART_HEIGHT }}
      >
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <LineChart data={rows} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={12} interval="preserveEnd" tickMargin={6} />
            <YAxis yAxisId="runs" allowDecimals={false} tick={AXIS_TICK} width="auto" />
            <YAxis yAxisId="rate" orientation="right" domain={[0, 100]} tick={AXIS_TICK} unit="%" width={44} />
            <Tooltip content={<TrendTooltip soFar={soFar} />} />
            <Line {...line} yAxisId="runs" dataKey="runs" name="Runs" stroke={RUNS_COLOR} />
            <Line {...line} yAxisId="rate" dataKey="rate" name="Success rate (%)" stroke={RATE_COLOR} />
            <Line {...line} yAxisId="runs" dataKey="runsSoFar" name={`Runs, ${soFar}`} stroke={RUNS_COLOR} dot={SO_FAR_DOT} />
            <Line {...line} yAxisId="rate" dataKey="rateSoFar" name={`Success rate, ${soFar}`} stroke={RATE_COLOR} dot={SO_FAR_DOT} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="Legend" data-testid="trends-legend">
        <LegendLine color={RUNS_COLOR}>Runs</LegendLine>
        <LegendLine color={RATE_COLOR}>Success rate (%)</LegendLine>
        {partial && (
          <LegendLine color="#475569" marker>
            Open circle: {soFar}
          </LegendLine>
        )}
      </ul>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-blue-800">Show the data as a table</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Performance Trends</caption>
            <thead>
              <tr className="text-slate-600">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Period from
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Runs
                </th>
                <th scope="col" className="py-1 font-medium">
                  Success rate
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.start} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {p.label}
                    {p.partial && ` (${soFar})`}
                  </th>
                  <td className="py-1 pr-3">{p.runs}</td>
                  <td className="py-1">{p.success_rate === null ? "No runs" : `${p.success_rate.toFixed(1)}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** A slice's share written inside it, half-way out; a slice too thin for it has it in the legend only. */
function PieShare({ cx, cy, midAngle, outerRadius, payload }: PieLabelRenderProps) {
  const share = (payload as SavingsShare | undefined)?.share ?? 0;
  if (share < 8) return null;
  const r = Number(outerRadius) * 0.6;
  const angle = (-Number(midAngle ?? 0) * Math.PI) / 180;
  return (
    <text
      x={Number(cx) + r * Math.cos(angle)}
      y={Number(cy) + r * Math.sin(angle)}
      fill="#ffffff"
      fontSize={13}
      fontWeight={600}
      textAnchor="middle"
      dominantBaseline="central"
    >
      {`${share}%`}
    </text>
  );
}

export function CostSavingsBreakdown({ slices }: { slices: SavingsSlice[] }) {
  const shares = savingsShares(slices);
  if (shares.length === 0)
    return <p className="flex h-[300px] items-center justify-center text-sm text-slate-600">No savings in this period yet.</p>;
  const data = shares.map((s) => ({ ...s, value: s.cents }));
  return (
    <div>
      <div
        role="img"
        aria-label={`Pie chart of cost savings by automation type: ${shares.map(shareLine).join("; ")}.`}
        className="mx-auto max-w-xs"
        style={{ height: CHART_HEIGHT - 60 }}
      >
        <ResponsiveContainer width="100%" height={CHART_HEIGHT - 60}>
          <PieChart>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              outerRadius="90%"
              isAnimationActive={false}
              labelLine={false}
              label={PieShare}
            >
              {data.map((d, i) => (
                <Cell key={d.type} fill={PIE_COLORS[i % PIE_COLORS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(value, name) => [workspaceMoney(Number(value)), name]} />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-3 flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm" aria-label="Savings by automation type" data-testid="savings-legend">
        {shares.map((s, i) => (
          <li key={s.type} className="flex items-center gap-2">
            <span className="h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: PIE_COLORS[i % PIE_COLORS.length] }} aria-hidden="true" />
            <span className="text-slate-700">{s.name}</span>
            <span className="font-medium text-slate-900 tabular-nums">
              {workspaceMoney(s.cents)} ({s.shareText})
            </span>
          </li>
        ))}
      </ul>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-blue-800">Show the data as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Cost Savings Breakdown</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">
                Type
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Savings
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Share
              </th>
              <th scope="col" className="py-1 font-medium">
                Hours saved
              </th>
            </tr>
          </thead>
          <tbody>
            {shares.map((d) => (
              <tr key={d.type} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {d.name}
                </th>
                <td className="py-1 pr-3">{workspaceMoney(d.cents)}</td>
                <td className="py-1 pr-3">{d.shareText}</td>
                <td className="py-1">{d.hours.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
