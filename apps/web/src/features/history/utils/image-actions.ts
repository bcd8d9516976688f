const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Saves an image of the history under a meaningful name. The URL is a signed media URL of our own origin,
 * fetched as a blob so that the browser saves it instead of opening it (`download` works same-origin only).
 */
export async function downloadImage(url: string, baseName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The image answered ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = `${baseName}.${EXTENSIONS[blob.type] ?? 'jpg'}`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked a moment later: the browser reads the object URL after the click returns.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}

/** Copies the image's full address (the signed URL, valid for an hour) to the clipboard. */
export async function copyImageUrl(url: string): Promise<string> {
  const absolute = new URL(url, window.location.origin).href;
  if (!navigator.clipboard) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(absolute);
  return absolute;
}
