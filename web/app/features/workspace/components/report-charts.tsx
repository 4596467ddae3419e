import { CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { SavingsSlice, TrendPoint } from "~/lib/api-types.gen";
import { AUTOMATION_TYPE_LABELS, workspaceMoney } from "../labels";

export const CHART_HEIGHT = 300;
const PIE_COLORS = ["#1d4ed8", "#15803d", "#b45309", "#7c3aed", "#be123c"];

export function PerformanceTrends({ points }: { points: TrendPoint[] }) {
  const total = points.reduce((acc, p) => acc + p.runs, 0);
  return (
    <div>
      <div
        role="img"
        aria-label={`Line chart of runs and success rate; ${total} runs over ${points.length} points. The table below holds the same data.`}
        style={{ height: CHART_HEIGHT }}
      >
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <LineChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#475569" }} minTickGap={16} />
            <YAxis yAxisId="runs" allowDecimals={false} tick={{ fontSize: 12, fill: "#475569" }} />
            <YAxis yAxisId="rate" orientation="right" domain={[0, 100]} tick={{ fontSize: 12, fill: "#475569" }} unit="%" width={44} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 13 }} />
            <Line
              yAxisId="runs"
              type="linear"
              dataKey="runs"
              name="Runs"
              stroke="#1d4ed8"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              yAxisId="rate"
              type="linear"
              dataKey="success_rate"
              name="Success rate (%)"
              stroke="#15803d"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
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

export function CostSavingsBreakdown({ slices }: { slices: SavingsSlice[] }) {
  const data = slices.map((s) => ({
    name: AUTOMATION_TYPE_LABELS[s.type] ?? s.type,
    value: s.savings_cents / 100,
    cents: s.savings_cents,
    hours: s.hours_saved,
  }));
  if (data.length === 0)
    return <p className="flex h-[300px] items-center justify-center text-sm text-slate-600">No savings in this period yet.</p>;
  return (
    <div>
      <div
        role="img"
        aria-label="Pie chart of cost savings by automation type. The table below holds the same data."
        style={{ height: CHART_HEIGHT }}
      >
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <PieChart>
            <Pie data={data} dataKey="value" nameKey="name" outerRadius="70%" isAnimationActive={false}>
              {data.map((d, i) => (
                <Cell key={d.name} fill={PIE_COLORS[i % PIE_COLORS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => workspaceMoney(Math.round(Number(value) * 100))} />
            <Legend wrapperStyle={{ fontSize: 13 }} />
          </PieChart>
        </ResponsiveContainer>
      </div>
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
              <th scope="col" className="py-1 font-medium">
                Hours saved
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.name} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {d.name}
                </th>
                <td className="py-1 pr-3">{workspaceMoney(d.cents)}</td>
                <td className="py-1">{d.hours.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
