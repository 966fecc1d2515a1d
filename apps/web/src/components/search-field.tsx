import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

interface SearchFieldProps {
  label: string;
  placeholder?: string;
  /** The smallest width from the sm breakpoint on; the full width on phones. */
  minWidth?: number;
  /** The search in the URL. */
  value: string;
  /** Called once typing pauses (or on Enter) with the trimmed text. */
  onSearch: (search: string) => void;
}

/** A list's free-text search: one request per pause in typing, not per key. */
export function SearchField({ label, placeholder, minWidth = 300, value, onSearch }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, 300);
  // What the URL was last told, so an outside change (an advanced search, the back button) is
  // shown in the box instead of being overwritten by the box's older text.
  const sent = useRef(value);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    // Only once the text has settled: right after an outside change the debounced value is stale.
    if (debounced !== text) return;
    const next = debounced.trim();
    if (next === sent.current) return;
    sent.current = next;
    onSearch(next);
  }, [debounced, text, onSearch]);

  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        const next = text.trim();
        if (event.key !== 'Enter' || next === sent.current) return;
        sent.current = next;
        onSearch(next);
      }}
      size="small"
      sx={{ minWidth: { xs: '100%', sm: minWidth } }}
      slotProps={{ htmlInput: { maxLength: 200 } }}
    />
  );
}
