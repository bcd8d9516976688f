import Box from '@mui/material/Box';
import { useId, useState, type SyntheticEvent } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

interface RoomImage {
  src: string;
  /** The 600 px wide rendition, for phones. */
  smallSrc: string;
  alt: string;
}

interface BeforeAfterSliderProps {
  before: RoomImage;
  after: RoomImage;
  width: number;
  height: number;
}

const sizes = '(max-width: 600px) 100vw, (max-width: 1200px) 90vw, 1100px';

function hideWhenMissing(event: SyntheticEvent<HTMLImageElement>) {
  // Keeps the frame's backdrop instead of a broken-image icon if a picture cannot load.
  event.currentTarget.style.visibility = 'hidden';
}

const labelSx = {
  position: 'absolute',
  top: { xs: 10, sm: 16 },
  px: 1.25,
  py: 0.5,
  borderRadius: 99,
  fontSize: { xs: '0.72rem', sm: '0.8rem' },
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: '#fff',
  bgcolor: 'rgba(15, 23, 42, 0.68)',
  backdropFilter: 'blur(4px)',
  pointerEvents: 'none',
} as const;

/**
 * Two renders of the same room stacked, the "before" clipped to the slider's position. A native range
 * input drives it, so arrows, Home/End and screen readers work without custom key handling.
 */
export function BeforeAfterSlider({ before, after, width, height }: BeforeAfterSliderProps) {
  const [beforeShare, setBeforeShare] = useState(50);
  const inputId = useId();

  const imageProps = { width, height, sizes, decoding: 'async' as const, loading: 'eager' as const, onError: hideWhenMissing };

  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: `${width} / ${height}`,
        overflow: 'hidden',
        borderRadius: { xs: 2, md: 3 },
        background: 'linear-gradient(135deg, #e0e7ff 0%, #ccfbf1 100%)',
        boxShadow: '0 30px 60px -20px rgba(15, 23, 42, 0.35), 0 0 0 1px rgba(15, 23, 42, 0.06)',
        userSelect: 'none',
        '& img': { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
      }}
    >
      <img src={after.src} srcSet={`${after.smallSrc} 600w, ${after.src} ${width}w`} alt={after.alt} fetchPriority="high" {...imageProps} />
      <Box sx={{ position: 'absolute', inset: 0, clipPath: `inset(0 ${100 - beforeShare}% 0 0)` }}>
        <img src={before.src} srcSet={`${before.smallSrc} 600w, ${before.src} ${width}w`} alt={before.alt} {...imageProps} />
      </Box>

      <Box component="span" aria-hidden sx={{ ...labelSx, left: { xs: 10, sm: 16 }, opacity: beforeShare > 12 ? 1 : 0, transition: 'opacity 150ms' }}>
        Before
      </Box>
      <Box component="span" aria-hidden sx={{ ...labelSx, right: { xs: 10, sm: 16 }, opacity: beforeShare < 88 ? 1 : 0, transition: 'opacity 150ms' }}>
        After
      </Box>

      <Box component="label" htmlFor={inputId} sx={visuallyHidden}>
        Compare the room before and after staging
      </Box>
      <Box
        component="input"
        id={inputId}
        type="range"
        min={0}
        max={100}
        step={1}
        value={beforeShare}
        aria-valuetext={`${beforeShare}% before staging, ${100 - beforeShare}% after`}
        onChange={(event) => setBeforeShare(Number(event.currentTarget.value))}
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          m: 0,
          opacity: 0,
          cursor: 'ew-resize',
          // The handle below draws the focus ring; the input itself is invisible.
          '&:focus-visible + span .handle': { outline: '3px solid #6366f1', outlineOffset: 3 },
        }}
      />
      <Box
        component="span"
        aria-hidden
        sx={{ position: 'absolute', top: 0, bottom: 0, left: `${beforeShare}%`, width: 0, pointerEvents: 'none' }}
      >
        <Box sx={{ position: 'absolute', top: 0, bottom: 0, left: -1.5, width: 3, bgcolor: '#fff', boxShadow: '0 0 12px rgba(15,23,42,0.35)' }} />
        <Box
          className="handle"
          sx={{
            position: 'absolute',
            top: '50%',
            left: 0,
            transform: 'translate(-50%, -50%)',
            width: { xs: 40, sm: 48 },
            height: { xs: 40, sm: 48 },
            borderRadius: '50%',
            bgcolor: '#fff',
            color: 'primary.main',
            boxShadow: '0 6px 18px rgba(15,23,42,0.3)',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
            <path d="m9 6-6 6 6 6M15 6l6 6-6 6" />
          </svg>
        </Box>
      </Box>
    </Box>
  );
}
