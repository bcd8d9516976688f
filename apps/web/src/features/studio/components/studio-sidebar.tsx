import AutoFixHighRoundedIcon from '@mui/icons-material/AutoFixHighRounded';
import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import FormatPaintRoundedIcon from '@mui/icons-material/FormatPaintRounded';
import RedoRoundedIcon from '@mui/icons-material/RedoRounded';
import SchoolRoundedIcon from '@mui/icons-material/SchoolRounded';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLogConversionEvent } from '../../../lib/conversion-tracking.ts';
import { pricingLink } from '../../../lib/pricing-link.ts';
import type { CreditCosts } from '../api/get-credit-costs.ts';
import { useStudio } from '../hooks/studio-context.ts';
import { clearDetections, redo, resetToOriginal, undo } from '../state/actions.ts';
import { canRedo, canUndo, detectionCounts, hasResult } from '../state/editor-state.ts';

function SideCard({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="subtitle1" component="h2" fontWeight={700} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export interface StudioSidebarProps {
  autoDetect: boolean;
  onAutoDetectChange: (value: boolean) => void;
  onStartTutorial: () => void;
  onDetectSample: () => void;
  onTryWalls: () => void;
  onUpload: () => void;
}

/** 000 section 9: credit warnings at 2 and at 1 credits left. */
const CREDIT_WARNING_LEVEL = 2;

/** The rows of the Credit Costs card, in the order a user meets them. */
const COST_ROWS: { key: keyof CreditCosts; label: string }[] = [
  { key: 'object_detection', label: 'Object detection' },
  { key: 'manual_object_marking', label: 'Click to detect' },
  { key: 'removal', label: 'Object removal (each)' },
  { key: 'replacement', label: 'Object replacement' },
  { key: 'furniture_placement', label: 'Click & place' },
  { key: 'themed_placement', label: 'Themed placement' },
  { key: 'custom_furniture_placement', label: 'Custom furniture' },
  { key: 'wall_material_change', label: 'Wall material' },
  { key: 'drawing_add_furniture', label: 'Drawing: add' },
  { key: 'drawing_erase', label: 'Drawing: erase' },
  { key: 'enhancement_4k', label: '4K enhancement' },
  { key: 'enhancement_8k', label: '8K enhancement' },
];

export function StudioSidebar(props: StudioSidebarProps) {
  const { state, run, busy, credits, costs } = useStudio();
  const logEvent = useLogConversionEvent();
  const counts = detectionCounts(state.scene.detections);
  // The top bar's 'Low Credits' badge already says it below 5: the sidebar speaks up only at the spec's warning
  // levels (2 and 1 credits left, 000 section 9), so a new user's 3 free credits are not called low three times.
  const low = credits !== null && credits <= CREDIT_WARNING_LEVEL;
  const detectionLocked = credits !== null && credits < 1;

  return (
    <Stack spacing={2}>
      {low && (
        <Alert
          severity="warning"
          icon={<WarningAmberRoundedIcon />}
          action={
            <Button
              component={RouterLink}
              to={pricingLink({ source: 'credit_warning', intent: 'urgent_credits' })}
              color="inherit"
              size="small"
              onClick={() =>
                logEvent({
                  eventType: 'upgrade_button_click',
                  source: 'credit_warning',
                  metadata: { credits, intent: 'urgent_credits' },
                })
              }
            >
              Get Credits
            </Button>
          }
        >
          <AlertTitle>Running low on credits</AlertTitle>
          You have {credits} credit{credits === 1 ? '' : 's'} left. Top up so your next room is not interrupted.
        </Alert>
      )}

      <SideCard title="Getting Started" id="studio-getting-started">
        <Stack spacing={1}>
          <Button variant="outlined" startIcon={<SchoolRoundedIcon />} onClick={props.onStartTutorial} disabled={busy}>
            Start Interactive Tutorial
          </Button>
          <Button
            variant="outlined"
            startIcon={<AutoFixHighRoundedIcon />}
            onClick={props.onDetectSample}
            disabled={busy || detectionLocked}
          >
            Detect Objects in Sample
          </Button>
          <Button variant="outlined" startIcon={<FormatPaintRoundedIcon />} onClick={props.onTryWalls} disabled={busy}>
            Try Wall Materials
          </Button>
          <Button variant="contained" startIcon={<CloudUploadRoundedIcon />} onClick={props.onUpload} disabled={busy}>
            Upload My Own Image
          </Button>
        </Stack>
      </SideCard>

      <SideCard title="Quick Actions" id="studio-quick-actions">
        <Stack direction="row" useFlexGap flexWrap="wrap" gap={1}>
          <Button
            size="small"
            startIcon={<UndoRoundedIcon />}
            disabled={busy || !canUndo(state)}
            onClick={() => run(undo, undefined)}
            aria-keyshortcuts="Control+Z"
          >
            Undo
          </Button>
          <Button
            size="small"
            startIcon={<RedoRoundedIcon />}
            disabled={busy || !canRedo(state)}
            onClick={() => run(redo, undefined)}
            aria-keyshortcuts="Control+Shift+Z"
          >
            Redo
          </Button>
          <Button size="small" disabled={busy || !hasResult(state.scene)} onClick={() => run(resetToOriginal, undefined)}>
            Reset to Original
          </Button>
        </Stack>
      </SideCard>

      <SideCard title="Detection Settings" id="studio-detection-settings">
        <FormControlLabel
          control={<Switch checked={props.autoDetect} onChange={(event) => props.onAutoDetectChange(event.target.checked)} />}
          label="Auto-detect on upload"
        />
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="detection-counts">
          Detected objects: {counts.auto} auto, {counts.manual} manual
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Button
            size="small"
            color="error"
            variant="outlined"
            disabled={busy || state.scene.detections.length === 0}
            onClick={() => run(clearDetections, 'all')}
          >
            Clear All
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={busy || counts.auto === 0}
            onClick={() => run(clearDetections, 'auto')}
          >
            Clear Auto-detected
          </Button>
        </Stack>
      </SideCard>

      <SideCard title="Credit Costs" id="studio-credit-costs">
        {costs ? (
          <Table size="small" aria-labelledby="studio-credit-costs">
            <TableBody>
              {COST_ROWS.map((row) => (
                <TableRow key={row.key}>
                  <TableCell sx={{ pl: 0 }}>{row.label}</TableCell>
                  <TableCell align="right" sx={{ pr: 0, fontWeight: 600 }}>
                    {costs[row.key] === 0 ? 'Free' : `${costs[row.key]} credit${costs[row.key] === 1 ? '' : 's'}`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Loading costs…
          </Typography>
        )}
      </SideCard>
    </Stack>
  );
}
