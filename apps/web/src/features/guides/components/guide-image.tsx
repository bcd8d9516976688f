import { GUIDE_CATEGORY_LABELS, type GuideCategory } from '@stagecraft/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { fallbackImageFor } from '../utils/guide-defaults.ts';

interface GuideImageProps {
  src: string | null;
  alt: string;
  roomName: string;
  category: GuideCategory;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  aspectRatio?: string;
}

/**
 * A guide picture. A broken image falls back to our stock render chosen by the room's name (001 section 2); a
 * guide with no render of its own shows its category tile rather than a photo of some other room.
 */
export function GuideImage({ src, alt, roomName, category, eager = false, aspectRatio = '3 / 2' }: GuideImageProps) {
  const [failed, setFailed] = useState(false);
  if (!src) {
    const { emoji, label } = GUIDE_CATEGORY_LABELS[category];
    return (
      <Box
        role="img"
        aria-label={`${roomName}: no photo of this room yet`}
        sx={{
          aspectRatio,
          width: '100%',
          display: 'grid',
          placeItems: 'center',
          background: 'linear-gradient(135deg, #e0e7ff 0%, #ccfbf1 100%)',
          color: '#312e81',
          textAlign: 'center',
        }}
      >
        <Box>
          <Box aria-hidden sx={{ fontSize: 48, lineHeight: 1 }}>
            {emoji}
          </Box>
          <Typography variant="caption" aria-hidden sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
        </Box>
      </Box>
    );
  }
  const fallback = fallbackImageFor(roomName);
  return (
    <Box
      component="img"
      src={failed ? fallback.image : src}
      alt={failed ? fallback.alt : alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={1200}
      height={800}
      onError={() => setFailed(true)}
      sx={{ aspectRatio, width: '100%', height: 'auto', objectFit: 'cover', display: 'block', bgcolor: 'grey.100' }}
    />
  );
}
