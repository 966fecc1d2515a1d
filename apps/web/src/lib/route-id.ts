/** A database id from the URL (1…2147483647), or null for anything else, before any request. */
export function parseRouteId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2147483647 ? id : null;
}
