import AutoFixHighRoundedIcon from '@mui/icons-material/AutoFixHighRounded';
import BrushRoundedIcon from '@mui/icons-material/BrushRounded';
import ChairRoundedIcon from '@mui/icons-material/ChairRounded';
import FormatPaintRoundedIcon from '@mui/icons-material/FormatPaintRounded';
import PaletteRoundedIcon from '@mui/icons-material/PaletteRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactElement } from 'react';
import type { StudioMode } from '../state/editor-state.ts';

/** 001 section 2: the six modes and their names on screen. */
export const MODE_LABELS: Record<StudioMode, string> = {
  detect: 'Auto Detect',
  place: 'Click & Place',
  themed: 'Themed Design',
  custom: 'Custom Furniture',
  draw: 'Drawing',
  walls: 'Wall Materials',
};

const MODE_ICONS: Record<StudioMode, ReactElement> = {
  detect: <AutoFixHighRoundedIcon />,
  place: <ChairRoundedIcon />,
  themed: <PaletteRoundedIcon />,
  custom: <UploadFileRoundedIcon />,
  draw: <BrushRoundedIcon />,
  walls: <FormatPaintRoundedIcon />,
};

export function ModePicker({
  mode,
  onChange,
  highlight,
}: {
  mode: StudioMode;
  onChange: (mode: StudioMode) => void;
  highlight?: StudioMode | null;
}) {
  return (
    <Tabs
      value={mode}
      onChange={(_, value: StudioMode) => onChange(value)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label="Studio mode"
      sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 64 }}
    >
      {(Object.keys(MODE_LABELS) as StudioMode[]).map((key) => (
        <Tab
          key={key}
          value={key}
          icon={MODE_ICONS[key]}
          // The icon above its name keeps each tab narrow: all six fit beside the sidebar at 1440 px (issue 13);
          // narrower screens scroll them.
          iconPosition="top"
          label={MODE_LABELS[key]}
          id={`studio-mode-${key}`}
          aria-controls="studio-mode-panel"
          sx={{
            minHeight: 64,
            minWidth: 0,
            px: 1.5,
            py: 1,
            flex: { md: '1 1 auto' },
            textTransform: 'none',
            fontWeight: 600,
            fontSize: '0.8125rem',
            '& .MuiTab-iconWrapper': { mb: 0.25 },
            ...(highlight === key && {
              outline: '2px solid',
              outlineColor: 'secondary.main',
              outlineOffset: -4,
              borderRadius: 2,
            }),
          }}
        />
      ))}
    </Tabs>
  );
}
