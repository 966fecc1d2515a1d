import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A date, time or duration is one reading: it never breaks over lines (a table column widens instead). */
export const oneLine = { whiteSpace: 'nowrap' } as const;

const list = { listStyle: 'none', m: 0, p: 0 } as const;
const outlinedList = { ...list, border: 1, borderColor: 'divider', borderRadius: 1 } as const;
// On a page the entry keeps its own margin and wraps a long name or address; in a detail section it
// lines up with the section's text.
const insetEntry = { px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' } as const;
const flushEntry = { py: 1, borderBottom: 1, borderColor: 'divider' } as const;
const titleLine = { display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' } as const;

/**
 * A table's rows on a phone: one entry per row instead of a table that scrolls sideways. Named like
 * the table it replaces, so it is the same list to a screen reader.
 */
export function EntryList({
  label,
  outlined = false,
  children,
}: {
  label: string;
  /** Framed like an outlined table, for a list that stands on its own on the page. */
  outlined?: boolean;
  children: ReactNode;
}) {
  return (
    <Box component="ul" aria-label={label} sx={outlined ? outlinedList : list}>
      {children}
    </Box>
  );
}

/** One entry: what it is with its status at the end of the first line, then the lines below. */
export function Entry({
  title,
  status,
  inset = true,
  children,
}: {
  title: ReactNode;
  status: ReactNode;
  /** False inside a detail section, whose text the entry lines up with. */
  inset?: boolean;
  children: ReactNode;
}) {
  return (
    <Box component="li" sx={inset ? insetEntry : flushEntry}>
      <Box sx={titleLine}>
        {title}
        <Typography variant="body2" sx={oneLine}>
          {status}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

/** An entry's secondary line (when, how long, …): smaller and muted. */
export function EntryDetails({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** A part of a line that never breaks: a date, a duration. */
export function OneLine({ component = 'span', children }: { component?: 'span' | 'time'; children: ReactNode }) {
  return (
    <Box component={component} sx={oneLine}>
      {children}
    </Box>
  );
}
