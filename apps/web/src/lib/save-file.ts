// How long the object URL stays valid after the click: the browser reads it asynchronously, and
// revoking it too early cancels the download in some browsers.
const revokeDelayMs = 60_000;

/** Hands a downloaded file to the browser under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeDelayMs);
}
