import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { MATERIAL_SWATCHES, humanize } from '../utils/studio-labels.ts';

/** Wall materials as swatches; choosing one applies it (1 credit). */
export function MaterialGrid({
  materials,
  onApply,
  disabled,
  label,
}: {
  materials: string[];
  onApply: (material: string) => void;
  disabled?: boolean;
  label: string;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }}
    >
      {materials.map((material) => (
        <ButtonBase
          key={material}
          disabled={disabled}
          onClick={() => onApply(material)}
          aria-label={`Apply ${humanize(material).toLowerCase()} to the walls`}
          sx={{
            flexDirection: 'column',
            alignItems: 'stretch',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1.5,
            overflow: 'hidden',
            opacity: disabled ? 0.5 : 1,
            '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main', boxShadow: 2 },
          }}
        >
          <Box sx={{ height: 44, background: MATERIAL_SWATCHES[material] ?? '#ddd' }} />
          <Typography variant="caption" sx={{ px: 0.75, py: 0.5, textAlign: 'left', lineHeight: 1.3 }}>
            {humanize(material)}
          </Typography>
        </ButtonBase>
      ))}
    </Box>
  );
}
