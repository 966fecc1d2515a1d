import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface Field {
  label: string;
  value: ReactNode;
}

/** Label/value pairs as a description list, which screen readers announce as such; one column on a phone. */
export function FieldList({ fields }: { fields: readonly Field[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        '& dt': { color: 'text.secondary', typography: 'body2' },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, typography: 'body2', overflowWrap: 'anywhere' },
        // A link in a value is a phone-size touch target.
        '& dd a': { display: 'inline-flex', alignItems: 'center', minHeight: 44 },
      }}
    >
      {fields.map((field) => (
        <Box key={field.label} sx={{ display: 'contents' }}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </Box>
      ))}
    </Box>
  );
}
