import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { humanize } from '../utils/studio-labels.ts';

/** A wrap of choices (furniture types, theme items): one is armed at a time, announced as a pressed button. */
export function OptionChips({
  options,
  selected,
  onSelect,
  label,
  disabled,
}: {
  options: string[];
  selected: string | null;
  onSelect: (value: string) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" gap={1} role="group" aria-label={label}>
      {options.map((option) => (
        <Chip
          key={option}
          label={humanize(option)}
          clickable
          disabled={disabled}
          color={option === selected ? 'primary' : 'default'}
          variant={option === selected ? 'filled' : 'outlined'}
          aria-pressed={option === selected}
          onClick={() => onSelect(option)}
        />
      ))}
    </Stack>
  );
}
