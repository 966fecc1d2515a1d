/** A full reload: the way out of a broken state (stale code chunks, a critical error). */
export function reloadPage(): void {
  window.location.reload();
}
