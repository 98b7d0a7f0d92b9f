/**
 * Files the API sends as downloads (the PDFs, the measures' readings as CSV): fetched with the
 * session's key, which a plain link could not send, and saved under the name the server gives.
 */

/** The name of Content-Disposition: filename* (UTF-8) when given, else the plain filename. */
export function downloadName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After this task: the click has handed the file to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves an answer's body as a file named by its Content-Disposition (else `fallback`). */
export async function saveAnswer(response: Response, fallback: string): Promise<void> {
  save(await response.blob(), downloadName(response.headers.get('content-disposition'), fallback));
}
