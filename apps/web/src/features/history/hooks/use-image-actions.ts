import { HISTORY_MESSAGES } from '@stagecraft/contracts';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { copyImageUrl, downloadImage } from '../utils/image-actions.ts';

/** Download and Share (copy the URL) for an image of the history, with the spec's failure messages. */
export function useImageActions() {
  const download = useCallback(async (url: string, baseName: string) => {
    try {
      await downloadImage(url, baseName);
    } catch {
      toast.error(HISTORY_MESSAGES.failedToDownload);
    }
  }, []);

  const share = useCallback(async (url: string) => {
    try {
      await copyImageUrl(url);
      toast.success('Image URL copied (the link works for an hour)');
    } catch {
      toast.error(HISTORY_MESSAGES.failedToCopy);
    }
  }, []);

  return { download, share };
}
