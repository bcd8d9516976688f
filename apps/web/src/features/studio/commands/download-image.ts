import toast from 'react-hot-toast';
import { ApiError } from '../../../lib/api-client.ts';
import { USER_STATE_QUERY_KEY } from '../../../lib/user-state.ts';
import { exportImage } from '../api/export-image.ts';
import { downloadFileName } from '../state/snapshot.ts';
import { toImageData } from '../utils/image-files.ts';
import { defineCommand, SUCCESS_TOAST } from './command.ts';

/** The current image as a file (watermarked on the free plan by the server), saved by the browser. */
export const downloadImageCommand = defineCommand({
  name: 'downloadImage',
  check: (ctx, _payload: void) => {
    const image = ctx.currentImage();
    return image ? { image } : null;
  },
  busy: () => ({ kind: 'exportImage', message: 'Preparing your download…' }),
  call: async (ctx, { image }) => {
    try {
      return await exportImage({ image_data: await toImageData(image), session_id: ctx.sessionId() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) ctx.growth.onExportBlocked('export');
      throw error;
    }
  },
  result: (ctx, { image }, exported) => {
    const url = URL.createObjectURL(exported.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = downloadFileName(ctx.state());
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    toast.success('Download started', SUCCESS_TOAST);
    if (image.enhanced === '4k' && !ctx.exported.current) {
      const userState = ctx.queryClient.getQueryData<{ has_completed_first_export?: boolean }>(USER_STATE_QUERY_KEY);
      if (userState?.has_completed_first_export !== true) ctx.growth.onFirst4kExport();
    }
    ctx.exported.current = true;
    void ctx.queryClient.invalidateQueries({ queryKey: USER_STATE_QUERY_KEY });
  },
});
