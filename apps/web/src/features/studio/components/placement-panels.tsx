import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { THEME_KEYS, type ThemeKey } from '@stagecraft/contracts';
import { useRef } from 'react';
import { useFurnitureTypes } from '../api/get-furniture-types.ts';
import { useThemeFurniture } from '../api/get-theme-furniture.ts';
import { useThemeMaterials } from '../api/get-theme-materials.ts';
import { useThemes } from '../api/get-themes.ts';
import { useStudio } from '../hooks/studio-context.ts';
import { selectPlacement, setSizeScale, setTheme } from '../state/actions.ts';
import { demoFreeSteps } from '../utils/demo-costs.ts';
import { MATERIAL_SWATCHES, humanize } from '../utils/studio-labels.ts';
import { MaterialGrid } from './material-grid.tsx';
import { OptionChips } from './option-chips.tsx';
import { SizeSlider } from './size-slider.tsx';
import { StageRoomCard } from './stage-room-card.tsx';

function Hint({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

function credits(cost: number | undefined) {
  return cost === undefined ? '' : `${cost} credit${cost === 1 ? '' : 's'} per piece. `;
}

export function PlacePanel() {
  const { state, run, busy, costs } = useStudio();
  const furnitureTypes = useFurnitureTypes();
  return (
    <Stack spacing={2.5}>
      <Hint>{`${credits(costs?.furniture_placement)}Choose a piece, then click the floor where it should stand.`}</Hint>
      <OptionChips
        label="Furniture type"
        options={furnitureTypes.data?.furniture_types ?? []}
        selected={state.placement.furnitureType}
        onSelect={(value) => run(selectPlacement, { furnitureType: value })}
        disabled={busy}
      />
      <SizeSlider value={state.sizeScale} onChange={(value) => run(setSizeScale, value)} disabled={busy} />
    </Stack>
  );
}

export function ThemedPanel() {
  const { state, run, busy, costs, operations } = useStudio();
  const themes = useThemes();
  const furniture = useThemeFurniture(state.theme);
  const materials = useThemeMaterials(state.theme);
  const themeKeys = themes.data ? (Object.keys(themes.data) as ThemeKey[]) : [...THEME_KEYS];
  const description = themes.data?.[state.theme]?.description;
  return (
    <Stack spacing={2.5}>
      <Hint>{`${credits(costs?.themed_placement)}Pick a theme and one of its pieces, then click the floor.`}</Hint>
      <TextField
        select
        label="Theme"
        size="small"
        value={state.theme}
        onChange={(event) => run(setTheme, event.target.value as ThemeKey)}
        disabled={busy}
        helperText={description}
        sx={{ maxWidth: 360 }}
      >
        {themeKeys.map((key) => (
          <MenuItem key={key} value={key}>
            {themes.data?.[key]?.name ?? humanize(key)}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Typography variant="subtitle2" gutterBottom>
          {themes.data?.[state.theme]?.name ?? humanize(state.theme)} furniture
        </Typography>
        {furniture.isError ? (
          <Alert severity="warning">The pieces of this theme could not be loaded.</Alert>
        ) : (
          <OptionChips
            label="Themed furniture"
            options={furniture.data?.furniture ?? []}
            selected={state.placement.themeItem}
            onSelect={(value) => run(selectPlacement, { themeItem: value })}
            disabled={busy}
          />
        )}
      </Box>
      <SizeSlider value={state.sizeScale} onChange={(value) => run(setSizeScale, value)} disabled={busy} />
      <StageRoomCard />
      {(materials.data?.length ?? 0) > 0 && (
        <Box>
          <Typography variant="subtitle2" gutterBottom>
            Walls that suit this theme
          </Typography>
          <MaterialGrid
            label="Theme wall materials"
            materials={materials.data ?? []}
            onApply={(material) => void operations.changeWalls(material)}
            disabled={busy}
          />
        </Box>
      )}
    </Stack>
  );
}

export function CustomPanel() {
  const { state, run, busy, costs, operations } = useStudio();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack spacing={2.5}>
      <Hint>{`Upload a photo of a piece (free): its background is removed. Placing it costs ${costs?.custom_furniture_placement ?? 1} credit.`}</Hint>
      <Box>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label="Furniture photo"
          data-testid="custom-furniture-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void operations.uploadFurniture(file);
          }}
        />
        <Button variant="outlined" startIcon={<CloudUploadRoundedIcon />} disabled={busy} onClick={() => input.current?.click()}>
          Upload furniture photo
        </Button>
      </Box>
      {operations.customFurniture.length > 0 && (
        <Box
          role="group"
          aria-label="Your furniture"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: 1 }}
        >
          {operations.customFurniture.map((item, index) => {
            const selected = item.furniture_id === state.placement.customFurnitureId;
            return (
              <ButtonBase
                key={item.furniture_id}
                aria-pressed={selected}
                aria-label={`Your furniture ${operations.customFurniture.length - index}`}
                onClick={() => run(selectPlacement, { customFurnitureId: item.furniture_id })}
                sx={{
                  border: 2,
                  borderColor: selected ? 'primary.main' : 'divider',
                  borderRadius: 1.5,
                  p: 1,
                  height: 110,
                  // A checkerboard shows that the background is gone.
                  background: 'repeating-conic-gradient(#eee 0% 25%, #fff 0% 50%) 50% / 16px 16px',
                }}
              >
                <Box
                  component="img"
                  src={item.furniture_image}
                  alt=""
                  sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
                />
              </ButtonBase>
            );
          })}
        </Box>
      )}
      <SizeSlider value={state.sizeScale} onChange={(value) => run(setSizeScale, value)} disabled={busy} />
    </Stack>
  );
}

export function WallsPanel() {
  const { state, busy, costs, operations } = useStudio();
  const furnitureTypes = useFurnitureTypes();
  const price = demoFreeSteps(state).walls ? 'Free in the demo.' : `${costs?.wall_material_change ?? 1} credit per change.`;
  return (
    <Stack spacing={2}>
      <Hint>{`${price} Only the walls change: furniture, floor and windows stay.`}</Hint>
      <MaterialGrid
        label="Wall materials"
        // While the catalogue loads or if it fails, the materials every install ships stand in.
        materials={furnitureTypes.data?.material_types ?? Object.keys(MATERIAL_SWATCHES)}
        onApply={(material) => void operations.changeWalls(material)}
        disabled={busy}
      />
    </Stack>
  );
}
