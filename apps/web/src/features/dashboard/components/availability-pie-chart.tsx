// The only module that imports recharts; it is loaded lazily (lazy-availability-chart.tsx), so the
// chart library is downloaded by the period view only.
import type { Key } from 'react';
import { Pie, PieChart, Sector, type PieSectorShapeProps } from 'recharts';
import type { BucketCount } from '../lib/availability-buckets.ts';

export const pieChartSize = 200;

interface AvailabilityPieChartProps {
  buckets: readonly BucketCount[];
  /** The slice's name: bucket and number of lifts. */
  sliceLabel: (bucket: BucketCount) => string;
  onSelect: (bucket: BucketCount) => void;
}

export function AvailabilityPieChart({ buckets, sliceLabel, onSelect }: AvailabilityPieChartProps) {
  // Empty buckets would be zero-width slices that cannot be clicked anyway.
  const slices = buckets
    .filter((bucket) => bucket.count > 0)
    .map((bucket) => ({ ...bucket, name: sliceLabel(bucket), fill: bucket.colour }));

  return (
    <PieChart width={pieChartSize} height={pieChartSize} accessibilityLayer={false}>
      <Pie
        data={slices}
        dataKey="count"
        nameKey="name"
        outerRadius="90%"
        startAngle={90}
        endAngle={-270}
        isAnimationActive={false}
        // A white edge separates slices; a single full circle would show it as a stray line.
        stroke={slices.length > 1 ? '#fff' : 'none'}
        rootTabIndex={-1}
        onClick={(_sector, index) => {
          const slice = slices[index];
          if (slice) onSelect(slice);
        }}
        shape={(shapeProps: PieSectorShapeProps) => {
          // Recharts spreads each bucket into its slice's props, the bucket's `key` too; React wants
          // a key given on its own, not spread.
          const { key, ...props } = shapeProps as PieSectorShapeProps & { key?: Key };
          const slice = slices[props.index];
          // Named images, so a screen reader can read each slice; the legend beside holds their links.
          return <Sector key={key} {...props} role="img" aria-label={slice?.name} style={{ cursor: 'pointer' }} />;
        }}
      />
    </PieChart>
  );
}
