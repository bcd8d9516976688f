import AddRoundedIcon from '@mui/icons-material/AddRounded';
import AutoFixOffRoundedIcon from '@mui/icons-material/AutoFixOffRounded';
import LayersClearRoundedIcon from '@mui/icons-material/LayersClearRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BRUSH_SIZE } from '@stagecraft/contracts';
import { useState } from 'react';
import { useDrawingFurnitureTypes } from '../api/get-drawing-furniture-types.ts';
import { useStudio } from '../hooks/studio-context.ts';
import { setBrushSize, setDrawTool } from '../state/actions.ts';
import type { DrawTool } from '../state/editor-state.ts';
import { hasStrokes } from '../utils/drawing-mask.ts';
import { humanize } from '../utils/studio-labels.ts';

export function DrawPanel() {
  const { state, run, busy, costs, operations } = useStudio();
  const types = useDrawingFurnitureTypes();
  const [furnitureType, setFurnitureType] = useState('');
  const [erasePrompt, setErasePrompt] = useState('');
  const tool = state.drawTool;
  const drawnAdd = hasStrokes(state.strokes, 'add');
  const drawnErase = hasStrokes(state.strokes, 'erase');

  return (
    <Stack spacing={2.5}>
      <Typography variant="body2" color="text.secondary">
        Paint over the canvas: green marks where furniture should go, red marks what to erase.
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={tool}
        onChange={(_, value: DrawTool | null) => value && run(setDrawTool, value)}
        aria-label="Drawing tool"
        size="small"
      >
        <ToggleButton value="add">
          <AddRoundedIcon fontSize="small" sx={{ mr: 0.5 }} /> Add furniture
        </ToggleButton>
        <ToggleButton value="erase">
          <AutoFixOffRoundedIcon fontSize="small" sx={{ mr: 0.5 }} /> Erase
        </ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ maxWidth: 360 }}>
        <Typography id="studio-brush-label" variant="subtitle2">
          Brush size: {state.brushSize} px
          {tool === 'erase' ? ` (eraser ${Math.round(state.brushSize * BRUSH_SIZE.eraserFactor)} px)` : ''}
        </Typography>
        <Slider
          aria-labelledby="studio-brush-label"
          value={state.brushSize}
          min={BRUSH_SIZE.min}
          max={BRUSH_SIZE.max}
          onChange={(_, value) => run(setBrushSize, Array.isArray(value) ? (value[0] ?? BRUSH_SIZE.default) : value)}
        />
      </Box>
      {tool === 'add' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
          <TextField
            select
            size="small"
            label="Furniture"
            value={furnitureType}
            onChange={(event) => setFurnitureType(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            {(types.data ?? []).map((type) => (
              <MenuItem key={type} value={type}>
                {humanize(type)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" disabled={busy} onClick={() => void operations.drawAdd(furnitureType || null)}>
            Add to drawn area ({costs?.drawing_add_furniture ?? 2} credits)
          </Button>
        </Stack>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
          <TextField
            size="small"
            label="What to erase (optional)"
            value={erasePrompt}
            onChange={(event) => setErasePrompt(event.target.value)}
            sx={{ minWidth: 220 }}
          />
          <Button variant="contained" color="error" disabled={busy} onClick={() => void operations.drawErase(erasePrompt)}>
            Erase drawn area ({costs?.drawing_erase ?? 1} credit)
          </Button>
        </Stack>
      )}
      <Box>
        <Button
          startIcon={<LayersClearRoundedIcon />}
          disabled={busy || (!drawnAdd && !drawnErase)}
          onClick={operations.clearDrawing}
        >
          Clear drawing
        </Button>
      </Box>
    </Stack>
  );
}
