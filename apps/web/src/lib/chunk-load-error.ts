// A page's code chunk that failed to download (offline, or removed by a newer deploy). React.lazy
// remembers the failure, so only a reload can recover.
const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && chunkErrorPatterns.some((pattern) => pattern.test(error.message));
}
