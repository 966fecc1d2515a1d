import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

interface NewRowsNoticeProps {
  /** How many new rows wait; nothing is drawn at 0, but the live region stays in the page. */
  count: number;
  /** "3 nieuwe events": the button's text, from the list's locale. */
  label: string;
  onShow: () => void;
}

/**
 * The marker a live list shows instead of moving its rows: the reader decides when to take the new
 * ones. A polite live region, so a screen reader hears that rows wait without losing its place.
 */
export function NewRowsNotice({ count, label, onShow }: NewRowsNoticeProps) {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: count > 0 ? 44 : 0, mb: count > 0 ? 1 : 0 }}>
      {count > 0 ? (
        <Button variant="contained" size="small" onClick={onShow} sx={{ minHeight: 44 }}>
          {label}
        </Button>
      ) : null}
    </Box>
  );
}
