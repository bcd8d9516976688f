import Box from '@mui/material/Box';
import { useId } from 'react';

interface LogoProps {
  /** Rendered height in pixels; the width follows. */
  height?: number;
  /** `light` for dark backgrounds (the footer). */
  tone?: 'dark' | 'light';
  /** Hide the wordmark text and keep only the mark (tight spaces). */
  markOnly?: boolean;
}

/** The Stagecraft wordmark: a roof line over a sofa (a home, staged), then the name. */
export function Logo({ height = 32, tone = 'dark', markOnly = false }: LogoProps) {
  const gradientId = useId();
  const width = markOnly ? height : (height * 176) / 36;
  return (
    <Box
      component="svg"
      role="img"
      aria-label="Stagecraft"
      viewBox={markOnly ? '0 0 36 36' : '0 0 176 36'}
      width={width}
      height={height}
      sx={{ display: 'block', flexShrink: 0 }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4338ca" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <rect width="36" height="36" rx="9" fill={`url(#${gradientId})`} />
      <path d="M8 17 18 9l10 8" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.5 21a1.7 1.7 0 0 1 3.4 0v1.7h8.2V21a1.7 1.7 0 0 1 3.4 0v5a1.2 1.2 0 0 1-1.2 1.2H11.7a1.2 1.2 0 0 1-1.2-1.2z" fill="#fff" />
      <rect x="13.9" y="18.6" width="8.2" height="3.4" rx="1.2" fill="#fff" opacity=".75" />
      {!markOnly && (
        <text
          x="46"
          y="26"
          fontFamily="Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
          fontSize="23"
          fontWeight="800"
          letterSpacing="-0.6"
          textLength="128"
          lengthAdjust="spacingAndGlyphs"
          fill={tone === 'light' ? '#ffffff' : '#0f172a'}
        >
          Stagecraft
        </text>
      )}
    </Box>
  );
}
