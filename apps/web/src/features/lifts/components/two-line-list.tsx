import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface TwoLineItem {
  key: string | number;
  primary: ReactNode;
  secondary: ReactNode;
  /** Where the row leads; the whole row is then the link, a finger's height. */
  to?: string;
  /** A button at the row's end (e.g. correcting one's own logbook line). */
  action?: ReactNode;
}

/**
 * A history list on a phone (issue 41): each entry a two-line row — what, then when and who —
 * that wraps inside the screen instead of a table that scrolls sideways. Named like the table it
 * replaces, so it is the same list to a screen reader.
 */
export function TwoLineList({ label, items }: { label: string; items: readonly TwoLineItem[] }) {
  return (
    <List aria-label={label} disablePadding>
      {items.map((item) => {
        const text = (
          <ListItemText
            primary={item.primary}
            secondary={item.secondary}
            slotProps={{ secondary: { component: 'div' } }}
            sx={{ my: 0.5, overflowWrap: 'anywhere' }}
          />
        );
        return (
          <ListItem key={item.key} disablePadding divider sx={{ gap: 1 }}>
            {item.to ? (
              <ListItemButton component={RouterLink} to={item.to} sx={{ minHeight: 44, px: 0 }}>
                {text}
              </ListItemButton>
            ) : (
              text
            )}
            {item.action}
          </ListItem>
        );
      })}
    </List>
  );
}
