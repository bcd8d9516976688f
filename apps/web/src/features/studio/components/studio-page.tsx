import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import RedoRoundedIcon from '@mui/icons-material/RedoRounded';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { STUDIO_MESSAGES } from '@stagecraft/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useUserCredits } from '../../../lib/user-credits.ts';
import { useCreditCosts } from '../api/get-credit-costs.ts';
import { getStudioSession } from '../api/get-studio-session.ts';
import { useWorkspace } from '../api/get-workspace.ts';
import { updateStudioPreferences } from '../api/update-studio-preferences.ts';
import { StudioContext, type StudioContextValue } from '../hooks/studio-context.ts';
import { useStudioEditor } from '../hooks/use-studio-editor.ts';
import { useFreshImages } from '../hooks/use-fresh-images.ts';
import { useSnapshotSaver } from '../hooks/use-snapshot-saver.ts';
import { useStudioOperations } from '../hooks/use-studio-operations.ts';
import { usePiecePreview } from '../hooks/use-piece-preview.ts';
import { useTutorial } from '../hooks/use-tutorial.ts';
import { clearTutorialProgress, readTutorialProgress, saveTutorialProgress } from '../hooks/tutorial-progress.ts';
import {
  addStroke,
  dropPiece,
  extendStroke,
  holdPiece,
  redo,
  restoreRoom,
  selectDetection,
  setMode,
  turnPiece,
  undo,
} from '../state/actions.ts';
import { canRedo, canUndo, hasResult, type EditorState, type StudioMode } from '../state/editor-state.ts';
import { detectionAt } from '../utils/canvas-geometry.ts';
import { DetectPanel } from './detect-panel.tsx';
import { DrawPanel } from './draw-panel.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { MODE_LABELS, ModePicker } from './mode-picker.tsx';
import { NewRoomDialog } from './new-room-dialog.tsx';
import { PendingPieceBar } from './pending-piece-bar.tsx';
import { CustomPanel, PlacePanel, ThemedPanel, WallsPanel } from './placement-panels.tsx';
import { ResultCard } from './result-card.tsx';
import { RoomLimitNotice } from './room-limit-notice.tsx';
import { StudioCanvas } from './studio-canvas.tsx';
import { StudioHeader } from './studio-header.tsx';
import { StudioSidebar } from './studio-sidebar.tsx';
import { TutorialCard } from './tutorial-card.tsx';

/** The sample room of demo mode: a render of the project's own (assets/landing), shipped with the app. */
export const SAMPLE_ROOM_SRC = '/images/studio/sample-room.jpg';
/** 001 section 7: when the balance cannot be read, the studio works on with 10 demo credits. */
const DEMO_CREDITS_FALLBACK = 10;
/** 001 section 4: the onboarding highlight lasts 5 s. */
const ONBOARDING_HIGHLIGHT_MS = 5_000;

/** The kinds of work started from the result card. */
const RESULT_CARD_WORK = new Set<string>(['enhanceImage', 'exportImage']);

const PANELS: Record<StudioMode, () => React.JSX.Element> = {
  detect: DetectPanel,
  place: PlacePanel,
  themed: ThemedPanel,
  custom: CustomPanel,
  draw: DrawPanel,
  walls: WallsPanel,
};

/** Edits on screen that a new photo would replace: worth asking before (issue 13). */
function hasEdits(state: EditorState): boolean {
  return (
    !state.demo &&
    state.scene.currentImage !== null &&
    (canUndo(state) || hasResult(state.scene) || state.scene.detections.length > 0)
  );
}

function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

export function StudioPage() {
  useDocumentTitle('Design Studio');
  const { user } = useAuth();
  const userId = user?.userId ?? null;
  const creditsQuery = useUserCredits();
  const creditsFailed = creditsQuery.isError && !creditsQuery.data;
  const credits = creditsQuery.data?.credits ?? (creditsFailed ? DEMO_CREDITS_FALLBACK : null);
  const costs = useCreditCosts().data;
  const workspace = useWorkspace();
  const [searchParams, setSearchParams] = useSearchParams();
  const { state, stateRef, run } = useStudioEditor();
  const rememberTutorial = useCallback((how: 'completed' | 'skipped') => {
    clearTutorialProgress();
    void updateStudioPreferences({ tutorial_status: how }).catch(() => {});
  }, []);
  const { tutorial, start: startTutorial, actionSucceeded, back, skip } = useTutorial({ onEnd: rememberTutorial });
  const [autoDetect, setAutoDetect] = useState(true);
  const [roomLimitReached, setRoomLimitReached] = useState(false);
  const [pendingPhoto, setPendingPhoto] = useState<File | null>(null);
  const [highlight, setHighlight] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const operations = useStudioOperations({
    stateRef,
    run,
    credits,
    costs,
    autoDetectOnUpload: autoDetect,
    onTutorialAction: actionSucceeded,
    onRoomLimit: useCallback(() => setRoomLimitReached(true), []),
  });
  // `?session=` (history's "Open in studio") stays in the address until the opened room's first save has landed:
  // that save makes it the most recent room, so only then does a reload of plain /app come back to it.
  const sessionParamAwaitsSave = useRef(false);
  const dropSessionParam = useCallback(() => {
    sessionParamAwaitsSave.current = false;
    setSearchParams({}, { replace: true });
  }, [setSearchParams]);
  useSnapshotSaver(
    state,
    useCallback(() => {
      if (sessionParamAwaitsSave.current) dropSessionParam();
    }, [dropSessionParam]),
  );
  useFreshImages(stateRef, run);
  const busy = operations.busy !== null;
  const piecePreview = usePiecePreview(state);

  /** The piece shown in the room, placed at the yaw it shows (the paid call); it goes once placed. */
  const placePending = useCallback(async () => {
    const pending = stateRef.current.pendingPiece;
    if (!pending) return;
    const placed = await operations.placeAt({ x: pending.x, y: pending.y, yawDeg: pending.yawDeg });
    if (placed) run(dropPiece, undefined);
  }, [operations, run, stateRef]);

  useEffect(() => {
    if (creditsFailed) toast.error(STUDIO_MESSAGES.creditsFallback, { duration: 5_000, id: 'studio-credits-fallback' });
  }, [creditsFailed]);

  // The server's session is the truth (issue 13): the studio reopens the room asked for (`?session=`, from
  // history) or the user's most recent one. A user without a room gets demo mode, with the tutorial until it was
  // once finished or skipped (001 section 4: users with history see 'Demo Mode' without it).
  const started = useRef(false);
  // A photo the user chose while another operation ran (the studio still opening its room) waits its turn:
  // commands refuse to start while one runs, and the photo must not be lost nor the opening room shown over it.
  const photoChosen = useRef(false);
  const waitingPhoto = useRef<File | null>(null);
  const { loadSample, openSession } = operations;
  const requestedSession = searchParams.get('session');
  useEffect(() => {
    if (started.current || workspace.isPending) return;
    started.current = true;
    const opened = workspace.data;
    if (opened) setAutoDetect(opened.preferences.auto_detect_on_upload);
    void (async () => {
      let session = opened?.session ?? null;
      if (requestedSession) {
        try {
          session = await getStudioSession(requestedSession);
          sessionParamAwaitsSave.current = true;
        } catch {
          toast.error('Session not found.', { duration: 5_000 });
          dropSessionParam();
        }
      }
      if (photoChosen.current) return;
      if (session && (await openSession(session))) return;
      // The room asked for did not open: nothing will save it, and a reload must not try it again.
      if (sessionParamAwaitsSave.current) dropSessionParam();
      if (photoChosen.current) return;
      const loaded = await loadSample(SAMPLE_ROOM_SRC);
      // A photo chosen while the room was still opening wins: it is uploaded next, and no tutorial starts over it.
      if (photoChosen.current) return;
      const newcomer = opened !== undefined && opened.session === null && opened.rooms.used === 0;
      if (!loaded || !newcomer || opened.preferences.tutorial_status !== 'pending') return;
      // A reload in the middle of the tutorial goes on where it was, with what it already did to the sample.
      const sample = stateRef.current.scene.currentImage?.src;
      const progress = userId !== null && sample ? readTutorialProgress(userId, sample) : null;
      if (progress) {
        run(restoreRoom, {
          past: progress.past,
          scene: progress.scene,
          future: [],
          mode: progress.mode,
          roomName: 'sample-room',
          demo: true,
        });
        startTutorial(progress.step);
        return;
      }
      startTutorial();
      setHighlight(true);
      window.setTimeout(() => setHighlight(false), ONBOARDING_HIGHLIGHT_MS);
    })();
  }, [
    workspace.isPending,
    workspace.data,
    requestedSession,
    dropSessionParam,
    loadSample,
    openSession,
    startTutorial,
    run,
    stateRef,
    userId,
  ]);

  // Kept for this tab while the tutorial runs on the sample, so that a reload resumes it.
  useEffect(() => {
    if (userId !== null && tutorial.active && state.demo) saveTutorialProgress(userId, tutorial.step, state);
  }, [userId, tutorial, state]);

  const changeAutoDetect = (value: boolean) => {
    setAutoDetect(value);
    void updateStudioPreferences({ auto_detect_on_upload: value }).catch(() => {});
  };

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y): undo and redo, except while typing or while an operation runs.
  // With a piece shown before placing: the arrows turn it, Enter places it, Escape cancels it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (stateRef.current.pendingPiece && !isTypingTarget(event.target) && !event.ctrlKey && !event.metaKey) {
        const turn = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
        if (turn !== undefined) {
          event.preventDefault();
          if (!operations.busy) run(turnPiece, turn);
          return;
        }
        // Enter on a focused button presses that button; elsewhere it places the piece.
        if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
          event.preventDefault();
          if (!operations.busy) void placePending();
          return;
        }
        if (event.key === 'Escape') {
          event.preventDefault();
          run(dropPiece, undefined);
          return;
        }
      }
      if (!(event.ctrlKey || event.metaKey) || isTypingTarget(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' || key === 'y') {
        event.preventDefault();
        if (operations.busy) return;
        if (key === 'y' || event.shiftKey) run(redo, undefined);
        else run(undo, undefined);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [operations.busy, run, stateRef, placePending]);

  const handleCanvasClick = useCallback(
    (point: { x: number; y: number }) => {
      const current = stateRef.current;
      if (current.mode === 'detect') {
        if (current.manualObjectType) return void operations.markObject(point);
        // Without a type to mark, a click on a box selects that object; elsewhere it asks for a type.
        const hit = detectionAt(current.scene.detections, point);
        if (hit) return run(selectDetection, hit.id);
        return void operations.markObject(point);
      }
      // A piece drawn in 3D is shown first, to be turned before it is placed (and paid for); another click moves it.
      void piecePreview.hold(point).then((pending) => {
        if (!pending) return void operations.placeAt(point);
        const shown = stateRef.current.pendingPiece;
        const yawDeg = shown?.furnitureType === pending.furnitureType ? shown.yawDeg : pending.yawDeg;
        run(holdPiece, { ...pending, yawDeg });
      });
    },
    [operations, piecePreview, run, stateRef],
  );

  const pickFile = () => fileInput.current?.click();
  const handleFiles = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (!file) return;
    if (hasEdits(stateRef.current)) return setPendingPhoto(file);
    startRoom(file);
  };
  const startRoom = (file: File) => {
    // The tutorial walks through the sample room; the user's own photo ends it as it ends demo mode.
    skip();
    setRoomLimitReached(false);
    photoChosen.current = true;
    if (operations.isBusy()) waitingPhoto.current = file;
    else void operations.uploadRoom(file);
  };
  useEffect(() => {
    const file = waitingPhoto.current;
    if (busy || !file) return;
    waitingPhoto.current = null;
    void operations.uploadRoom(file);
  }, [busy, operations]);
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) handleFiles(event.dataTransfer.files);
  };

  const ensureSample = async () => (stateRef.current.demo ? true : operations.loadSample(SAMPLE_ROOM_SRC));

  const context = useMemo<StudioContextValue>(
    () => ({ state, run, operations, busy, credits, costs }),
    [state, run, operations, busy, credits, costs],
  );
  const image = state.scene.currentImage;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const Panel = PANELS[state.mode];

  // On a phone the room comes first, right under the top bar (issue 13): its toolbar, the tutorial and the
  // modes follow it, and the greeting comes after the work.
  const header = (
    <StudioHeader
      username={user?.username ?? null}
      credits={credits}
      demo={state.demo}
      returning={workspace.data ? workspace.data.session !== null || workspace.data.rooms.used > 0 : false}
    />
  );
  const notices = (
    <>
      {roomLimitReached && <RoomLimitNotice onClose={() => setRoomLimitReached(false)} />}
      <TutorialCard tutorial={tutorial} onBack={back} onSkip={skip} />
      {tutorial.completed && !tutorial.active && state.demo && (
        <Card variant="outlined" sx={{ mb: 2, bgcolor: 'success.50' }} aria-live="polite">
          <CardContent>
            <Typography fontWeight={700}>Tutorial complete</Typography>
            <Typography variant="body2" color="text.secondary">
              The sample room cost you nothing
              {credits !== null ? `: your ${credits} credit${credits === 1 ? ' is' : 's are'} still there for your own room` : ''}
              . Upload a photo and the studio detects its furniture.
            </Typography>
            <Button sx={{ mt: 1 }} variant="contained" startIcon={<CloudUploadRoundedIcon />} onClick={pickFile}>
              Upload My Own Image
            </Button>
          </CardContent>
        </Card>
      )}
    </>
  );
  const modePicker = (
    <ModePicker mode={state.mode} onChange={(mode) => run(setMode, mode)} highlight={highlight ? 'detect' : null} />
  );
  const progressBar = (
    <Box sx={{ height: 4 }} aria-hidden={!busy}>
      {/* Enhancement and download show their bar beside their own buttons, in the result card. */}
      {operations.busy && !RESULT_CARD_WORK.has(operations.busy.kind) && (
        <LinearProgress
          variant={operations.busy.progress === null ? 'indeterminate' : 'determinate'}
          value={(operations.busy.progress ?? 0) * 100}
          aria-label={operations.busy.message}
        />
      )}
    </Box>
  );
  const toolbar = (
    <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" gap={1} sx={{ mb: 1.5 }}>
      {/* On a phone the status takes its own line above the buttons. */}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ flex: { xs: '1 1 100%', sm: 1 } }}
        role="status"
        aria-live="polite"
        data-testid="studio-status"
      >
        {operations.busy
          ? `${operations.busy.message}${operations.busy.progress !== null ? ` ${Math.round(operations.busy.progress * 100)}%` : ''}`
          : state.demo
            ? 'Demo Mode: the sample room. Upload your own photo when you are ready.'
            : `${MODE_LABELS[state.mode]} mode`}
      </Typography>
      <Tooltip title="Undo (Ctrl+Z)">
        <span>
          <IconButton aria-label="Undo" disabled={busy || !canUndo(state)} onClick={() => run(undo, undefined)}>
            <UndoRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Redo (Ctrl+Shift+Z)">
        <span>
          <IconButton aria-label="Redo" disabled={busy || !canRedo(state)} onClick={() => run(redo, undefined)}>
            <RedoRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Button
        variant="outlined"
        size="small"
        startIcon={<CloudUploadRoundedIcon />}
        onClick={pickFile}
        disabled={busy}
        sx={highlight ? { boxShadow: (theme) => `0 0 0 3px ${theme.palette.secondary.main}` } : undefined}
      >
        New room
      </Button>
    </Stack>
  );
  const canvasArea = (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
      data-testid="studio-drop-zone"
      sx={{
        position: 'relative',
        borderRadius: 2,
        outline: dragging ? '3px dashed' : highlight ? '3px solid' : 'none',
        outlineColor: dragging ? 'primary.main' : 'secondary.main',
        outlineOffset: 4,
        transition: 'outline-color 0.3s',
      }}
    >
      {image ? (
        <StudioCanvas
          image={image}
          mode={state.mode}
          detections={state.scene.detections}
          selectedDetectionId={state.selectedDetectionId}
          markers={state.markers}
          strokes={state.strokes}
          drawTool={state.drawTool}
          brushSize={state.brushSize}
          disabled={busy}
          onClick={handleCanvasClick}
          onStrokeStart={(stroke) => run(addStroke, stroke)}
          onStrokeExtend={(points) => run(extendStroke, points)}
          piecePreview={piecePreview.outline()}
          onTurnPiece={(steps) => run(turnPiece, steps)}
        />
      ) : (
        <Box
          sx={{
            height: 320,
            display: 'grid',
            placeItems: 'center',
            border: '2px dashed',
            borderColor: 'divider',
            borderRadius: 2,
            textAlign: 'center',
            p: 3,
          }}
        >
          <Box>
            <CloudUploadRoundedIcon color="action" sx={{ fontSize: 48 }} />
            <Typography sx={{ mt: 1 }}>Drop a room photo here or</Typography>
            <Button sx={{ mt: 1 }} variant="contained" onClick={pickFile} disabled={busy}>
              Choose a photo
            </Button>
            <Typography variant="caption" display="block" color="text.secondary" sx={{ mt: 1 }}>
              JPG, PNG, WebP or HEIC, up to 10 MB
            </Typography>
          </Box>
        </Box>
      )}
      {dragging && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(37, 99, 235, 0.12)',
            borderRadius: 2,
            pointerEvents: 'none',
          }}
        >
          <Typography fontWeight={700}>Drop to upload</Typography>
        </Box>
      )}
    </Box>
  );
  const pendingBar = state.pendingPiece && (
    <PendingPieceBar
      piece={state.pendingPiece}
      cost={state.mode === 'themed' ? costs?.themed_placement : costs?.furniture_placement}
      disabled={busy}
      onTurn={(steps) => run(turnPiece, steps)}
      onPlace={() => void placePending()}
      onCancel={() => run(dropPiece, undefined)}
    />
  );
  const modePanel = (
    <Box id="studio-mode-panel" role="tabpanel" aria-labelledby={`studio-mode-${state.mode}`} sx={{ mt: 3 }}>
      <Panel />
    </Box>
  );

  return (
    <StudioContext.Provider value={context}>
      {!phone && header}
      <NewRoomDialog
        open={pendingPhoto !== null}
        rooms={workspace.data?.rooms ?? null}
        onCancel={() => setPendingPhoto(null)}
        onConfirm={() => {
          const file = pendingPhoto;
          setPendingPhoto(null);
          if (file) startRoom(file);
        }}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/*,.heic,.heif"
        hidden
        data-testid="room-photo-input"
        aria-label="Room photo"
        onChange={(event) => {
          handleFiles(event.target.files);
          event.target.value = '';
        }}
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          {phone ? (
            <Card variant="outlined">
              <Box sx={{ p: 1 }}>
                {canvasArea}
                {pendingBar}
              </Box>
              {progressBar}
              <CardContent sx={{ pb: 0 }}>
                {toolbar}
                {notices}
              </CardContent>
              {modePicker}
              <CardContent>{modePanel}</CardContent>
            </Card>
          ) : (
            <>
              {notices}
              <Card variant="outlined">
                {modePicker}
                {progressBar}
                <CardContent>
                  {toolbar}
                  {canvasArea}
                  {pendingBar}
                  {modePanel}
                </CardContent>
              </Card>
            </>
          )}
          {/* Enhance and download also apply to an unedited upload (issue 13), not to the sample room. */}
          {(hasResult(state.scene) || (!state.demo && state.scene.currentImage !== null)) && (
            <Box sx={{ mt: 3 }}>
              <ResultCard />
            </Box>
          )}
          {phone && <Box sx={{ mt: 3 }}>{header}</Box>}
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <StudioSidebar
            autoDetect={autoDetect}
            onAutoDetectChange={changeAutoDetect}
            onStartTutorial={() => void ensureSample().then((ok) => ok && (run(setMode, 'detect'), startTutorial()))}
            onDetectSample={() =>
              void ensureSample().then((ok) => {
                if (!ok) return;
                run(setMode, 'detect');
                void operations.detect();
              })
            }
            onTryWalls={() =>
              void (stateRef.current.scene.currentImage ? Promise.resolve(true) : ensureSample()).then(
                (ok) => ok && run(setMode, 'walls'),
              )
            }
            onUpload={pickFile}
          />
        </Grid>
      </Grid>
      <HowItWorks />
    </StudioContext.Provider>
  );
}
