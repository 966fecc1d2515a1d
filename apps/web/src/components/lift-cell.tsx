import Typography from '@mui/material/Typography';
import type { LiftRef } from '@liftwacht/contracts/calls';

/**
 * A lift by its name and its address, in the calls and events lists: many lifts share a name
 * ("Personenlift"), so the name alone does not say where to go. Under the name in a table, after
 * it on a phone's entry.
 */
export function LiftCell({ lift, inline = false }: { lift: LiftRef; inline?: boolean }) {
  return (
    <Typography component={inline ? 'p' : 'span'} variant="body2">
      {lift.name}
      <Typography
        component="span"
        variant="body2"
        color="text.secondary"
        sx={inline ? undefined : { display: 'block' }}
      >
        {inline ? ` · ${lift.address}` : lift.address}
      </Typography>
    </Typography>
  );
}
