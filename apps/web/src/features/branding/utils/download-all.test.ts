import type { BrandedExport } from '@stagecraft/contracts';
import { describe, expect, it } from 'vitest';
import { downloadAll } from './download-all.ts';

const item = (id: string): BrandedExport => ({
  export_id: id,
  branded_image: `/media/${id}`,
  file_size: 1,
  caption: null,
  share_url: null,
  template_name: null,
  original_image: null,
  share_views: 0,
  created_at: '2026-01-01T00:00:00Z',
});

describe('download all', () => {
  it('downloads every export, waiting 0.5 s between two', async () => {
    const events: string[] = [];
    await downloadAll(
      [item('a'), item('b'), item('c')],
      (url) => events.push(url),
      async (ms) => {
        events.push(`wait ${ms}`);
      },
    );
    expect(events).toEqual(['/media/a', 'wait 500', '/media/b', 'wait 500', '/media/c']);
  });
});
