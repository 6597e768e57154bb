"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** Stacked bars per UTC day (`day` as YYYY-MM-DD), one series per bar. */
export function DailyBarChart<T extends { day: string }>({
  label,
  data,
  bars,
}: {
  label: string;
  data: T[];
  bars: { key: keyof T & string; name: string; color: string }[];
}) {
  return (
    <figure aria-label={label} className="h-64">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ left: -20 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} fontSize={11} stroke="#64748b" />
          <YAxis allowDecimals={false} fontSize={11} stroke="#64748b" />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {bars.map((b) => (
            <Bar key={b.key} dataKey={b.key as string} name={b.name} stackId="day" fill={b.color} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
