// DESIGN §5: every error leaves the server as { error: { code, message, … } }. The harness checks
// the raw body text, so a body that is not JSON at all counts as a broken envelope too.

export function isErrorEnvelope(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return false;
  const { error } = parsed;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}
