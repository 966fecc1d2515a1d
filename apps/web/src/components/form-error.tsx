import Typography from '@mui/material/Typography';

/** A form's error after submitting, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Typography role="alert" variant="body2" color="error" sx={{ fontWeight: 500 }}>
      {message}
    </Typography>
  );
}
