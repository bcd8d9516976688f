import AutoFixHighRoundedIcon from '@mui/icons-material/AutoFixHighRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import SwapHorizRoundedIcon from '@mui/icons-material/SwapHorizRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Detection, STUDIO_MESSAGES } from '@stagecraft/contracts';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useFurnitureTypes } from '../api/get-furniture-types.ts';
import { useStudio } from '../hooks/studio-context.ts';
import { selectDetection, setManualObjectType } from '../state/actions.ts';
import { costLabel, demoFreeSteps, removalIsFree } from '../utils/demo-costs.ts';
import { EmptyRoomDialog } from './empty-room-dialog.tsx';
import { ReplaceDialog } from './replace-dialog.tsx';

export function DetectPanel() {
  const { state, run, operations, busy, credits, costs } = useStudio();
  const furnitureTypes = useFurnitureTypes();
  const [replacing, setReplacing] = useState<Detection | null>(null);
  const [emptying, setEmptying] = useState(false);
  const detections = state.scene.detections;
  const noImage = state.scene.currentImage === null;
  // Demo mode costs nothing (issue 13): its buttons say so instead of a price the user would not pay.
  const free = demoFreeSteps(state);
  // 001 section 2: detection buttons are disabled under 1 credit (a free demo detection is not).
  const detectionLocked = credits !== null && credits < 1 && !free.detect;

  useEffect(() => {
    if (furnitureTypes.isError)
      toast.error(STUDIO_MESSAGES.objectTypesFailed, { duration: 5_000, id: 'studio-object-types-failed' });
  }, [furnitureTypes.isError]);

  const objectTypes = useMemo(
    () =>
      Object.entries(furnitureTypes.data?.manual_object_types ?? {})
        .map(([key, label]) => ({ key, label }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [furnitureTypes.data],
  );
  const removeAllCost = detections.length * (costs?.removal ?? 1);
  const chosenType = objectTypes.find((option) => option.key === state.manualObjectType) ?? null;

  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="subtitle2" gutterBottom>
          Find the furniture in the photo
        </Typography>
        <Tooltip title={detectionLocked ? 'You need at least 1 credit to detect objects' : ''}>
          <span>
            <Button
              variant="contained"
              startIcon={<AutoFixHighRoundedIcon />}
              onClick={() => void operations.detect()}
              disabled={busy || noImage || detectionLocked}
              data-tutorial="detect"
            >
              Auto Detect{costLabel(costs?.object_detection, free.detect)}
            </Button>
          </span>
        </Tooltip>
      </Box>

      <Box>
        <Typography variant="subtitle2" gutterBottom>
          Click to Detect{costLabel(costs?.manual_object_marking)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Missed something? Choose its type, then click it on the canvas.
        </Typography>
        <Autocomplete
          options={objectTypes}
          value={chosenType}
          loading={furnitureTypes.isPending}
          disabled={detectionLocked}
          getOptionLabel={(option) => option.label}
          isOptionEqualToValue={(a, b) => a.key === b.key}
          onChange={(_, option) => run(setManualObjectType, option?.key ?? null)}
          renderInput={(params) => <TextField {...params} label="Object type" size="small" />}
          sx={{ maxWidth: 360 }}
        />
      </Box>

      <Box>
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
          <Typography variant="subtitle2" id="studio-detections-heading">
            Detected objects ({detections.length})
          </Typography>
          {detections.length > 0 && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineRoundedIcon />}
              disabled={busy}
              onClick={() => setEmptying(true)}
            >
              Remove All ({removeAllCost} credit{removeAllCost === 1 ? '' : 's'})
            </Button>
          )}
        </Stack>
        {detections.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No objects yet. Run Auto Detect or mark one by clicking it.
          </Typography>
        ) : (
          <List
            dense
            aria-labelledby="studio-detections-heading"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320, overflow: 'auto' }}
          >
            {detections.map((item) => (
              <ListItem
                key={String(item.id)}
                disablePadding
                data-testid="detection-item"
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <Tooltip title={`Replace${costLabel(costs?.replacement)}`}>
                      <span>
                        <IconButton
                          aria-label={`Replace ${item.class_name}`}
                          disabled={busy}
                          onClick={() => setReplacing(item)}
                          size="small"
                        >
                          <SwapHorizRoundedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={`Remove${costLabel(costs?.removal, removalIsFree(free, item))}`}>
                      <span>
                        <IconButton
                          aria-label={`Remove ${item.class_name}`}
                          disabled={busy}
                          onClick={() => void operations.remove(item.id)}
                          size="small"
                          color="error"
                        >
                          <DeleteOutlineRoundedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Stack>
                }
              >
                <ListItemButton
                  selected={item.id === state.selectedDetectionId}
                  onClick={() => run(selectDetection, item.id === state.selectedDetectionId ? null : item.id)}
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} alignItems="center">
                        <span>{item.class_name}</span>
                        {item.is_manual && <Chip size="small" label="manual" color="warning" variant="outlined" />}
                        {item.is_replaced && <Chip size="small" label="replaced" color="info" variant="outlined" />}
                      </Stack>
                    }
                    secondary={`${Math.round(item.confidence * 100)}% confidence`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <EmptyRoomDialog
        open={emptying}
        objects={detections.length}
        cost={removeAllCost}
        onClose={(confirmed) => {
          setEmptying(false);
          if (confirmed) void operations.removeAll();
        }}
      />
      <ReplaceDialog
        objectName={replacing?.class_name ?? null}
        onClose={(answer) => {
          const target = replacing;
          setReplacing(null);
          if (target) void operations.replace(target.id, answer);
        }}
      />
    </Stack>
  );
}
