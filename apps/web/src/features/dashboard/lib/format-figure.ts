// A figure of the period view as text: counts, durations and percentages, a dash where undefined.
import type { Formats } from '../hooks/use-formats.ts';
import type { FigureValue } from './alarm-cards.ts';

export function formatFigure(figure: FigureValue, format: Formats, noValue: string): string {
  if (figure.value === null) return noValue;
  switch (figure.kind) {
    case 'count':
      return format.count(figure.value);
    case 'duration':
      return format.duration(figure.value);
    case 'percentage':
      return format.percentage(figure.value);
  }
}
