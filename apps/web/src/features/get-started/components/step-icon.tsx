// Material Design paths inline, as the shell's icons: @mui/icons-material is not a dependency.
import SvgIcon from '@mui/material/SvgIcon';

/** A filled check for a done step, an empty circle for one to do; the text beside it says which. */
export function StepIcon({ done }: { done: boolean }) {
  return (
    <SvgIcon color={done ? 'success' : 'disabled'} aria-hidden sx={{ mt: 0.25 }}>
      {done ? (
        <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z" />
      ) : (
        <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8" />
      )}
    </SvgIcon>
  );
}
