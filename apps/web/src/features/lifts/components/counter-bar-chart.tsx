// The only module of this feature that imports recharts; it is loaded lazily
// (lazy-counter-chart.tsx), so the chart library is downloaded when a lift page draws a chart.
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartPoint } from '../lib/chart-points.ts';

export const counterChartHeight = 220;

interface CounterBarChartProps {
  points: readonly ChartPoint[];
  /** The tooltip's name of a value ("Ritten"). */
  valueName: string;
  locale: string;
}

export function CounterBarChart({ points, valueName, locale }: CounterBarChartProps) {
  const theme = useTheme();
  const number = new Intl.NumberFormat(locale);
  return (
    <ResponsiveContainer width="100%" height={counterChartHeight}>
      <BarChart data={[...points]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={12} />
        <YAxis
          allowDecimals={false}
          tick={{ fontSize: 11 }}
          width={52}
          tickFormatter={(value: number) => number.format(value)}
        />
        <Tooltip
          labelFormatter={(_label, payload) => {
            const point = payload[0]?.payload as ChartPoint | undefined;
            return point?.title ?? '';
          }}
          formatter={(value) => [number.format(Number(value)), valueName]}
        />
        <Bar dataKey="value" name={valueName} fill={theme.palette.primary.main} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
