import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INSPIRATION_MESSAGES,
  type Prediction,
  type RestyleProvider,
  ROOM_TYPE_NAMES,
  ROOM_TYPES,
  type RoomType,
  THEME_KEYS,
  type ThemeKey,
} from '@stagecraft/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { BeforeAfterSlider } from '../../../components/before-after-slider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { USER_CREDITS_QUERY_KEY } from '../../../lib/user-credits.ts';
import { newUuid } from '../../../lib/uuid.ts';
import {
  cancelRestyleJob,
  getRestyleJob,
  INSPIRATION_HISTORY_KEY,
  isFinished,
  transformRoom,
  useInspirationHistory,
  useThemes,
} from '../api/inspiration.ts';

const PROVIDER_LABELS: Record<RestyleProvider, string> = {
  local: 'Quick local restyle (walls, colour and, for an empty room, furniture)',
  replicate: 'Replicate AI model (adirik/interior-design)',
};

const POLL_MS = 1500;
/** Cancel may come before the server has made the job (the photo is still on its way): it asks again. */
const CANCEL_TRIES = 10;

/** 001 sections 2, 5, 7 and 8: theme select, upload or URL, submit, the result with Download, the history. */
export function InspirationPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const themes = useThemes();
  const history = useInspirationHistory(user?.userId);
  const [theme, setTheme] = useState<ThemeKey>('bohemian');
  const [roomType, setRoomType] = useState<RoomType | ''>('');
  const [runningJob, setRunningJob] = useState<string | null>(null);
  const [canceling, setCanceling] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageUrl, setImageUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<{ message: string; retryLocal: boolean } | null>(null);
  const [result, setResult] = useState<Prediction | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const statusId = useId();
  const themeLabelId = useId();
  const roomLabelId = useId();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  const themeName = (key: string) => themes.data?.[key as ThemeKey]?.name ?? key;

  function chooseFile(chosen: File | null) {
    // 001 section 5: choosing a file clears the URL and vice versa.
    setFile(chosen);
    if (chosen) setImageUrl('');
    setError(null);
  }

  function typeUrl(value: string) {
    setImageUrl(value);
    if (value) {
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    }
    setError(null);
  }

  async function finished(prediction: Prediction) {
    setResult(prediction);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: INSPIRATION_HISTORY_KEY }),
      queryClient.invalidateQueries({ queryKey: USER_CREDITS_QUERY_KEY }),
    ]);
  }

  async function submit(provider?: RestyleProvider) {
    if (!user) return;
    const validUrl = /^https?:\/\/\S+$/i.test(imageUrl.trim());
    if (!file && !validUrl) {
      setError({ message: INSPIRATION_MESSAGES.imageRequired, retryLocal: false });
      return;
    }
    if (file && /\.(heic|heif)$/i.test(file.name)) {
      setError({ message: INSPIRATION_MESSAGES.heicNotSupported, retryLocal: false });
      return;
    }
    setBusy(true);
    setError(null);
    setResult(null);
    setProgress(null);
    const jobId = newUuid();
    setRunningJob(jobId);
    try {
      let answer = await transformRoom(user.userId, { theme, file, imageUrl, provider, roomType: roomType || null, jobId });
      // A slow run answers with its job: poll it (the result is also in the history if this page is left).
      while (!isFinished(answer)) {
        if (answer.status === 'succeeded' && answer.result) {
          await finished(answer.result);
          return;
        }
        if (answer.status === 'failed' || answer.status === 'canceled') {
          setError({ message: `Error: ${answer.error ?? INSPIRATION_MESSAGES.somethingWentWrong}`, retryLocal: answer.retry_local });
          return;
        }
        setProgress(answer.progress);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        answer = await getRestyleJob(answer.job_id);
      }
      await finished(answer);
    } catch (caught) {
      if (caught instanceof ApiError) {
        const retryLocal = caught.body.retry_local !== undefined;
        setError({ message: `Error: ${caught.body.detail ?? INSPIRATION_MESSAGES.somethingWentWrong}`, retryLocal });
        if (caught.status === 402) void queryClient.invalidateQueries({ queryKey: USER_CREDITS_QUERY_KEY });
      } else {
        setError({ message: INSPIRATION_MESSAGES.apiCallFailed, retryLocal: false });
      }
    } finally {
      setBusy(false);
      setProgress(null);
      setRunningJob(null);
      setCanceling(false);
    }
  }

  /** Stops the running restyle: nothing is charged; the waiting call then answers with the canceled job. */
  async function cancel() {
    if (!runningJob) return;
    setCanceling(true);
    for (let attempt = 0; attempt < CANCEL_TRIES; attempt += 1) {
      try {
        await cancelRestyleJob(runningJob);
        return;
      } catch (caught) {
        // 404: not made yet (try again shortly); 409: it finished first, and its answer is on its way.
        if (!(caught instanceof ApiError) || caught.status !== 404) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    setCanceling(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  const before = result?.source_image_url ?? preview;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Room inspiration
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Restyle a room photo in one of 16 design themes. Each restyle costs 1 credit, charged only when it succeeds.
      </Typography>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '360px 1fr' }, alignItems: 'start' }}>
        <Card component="form" onSubmit={onSubmit} aria-describedby={statusId} noValidate>
          <CardContent>
            <Stack spacing={2}>
              <FormControl fullWidth>
                <InputLabel id={themeLabelId}>Theme</InputLabel>
                <Select
                  labelId={themeLabelId}
                  label="Theme"
                  value={theme}
                  onChange={(event) => setTheme(event.target.value as ThemeKey)}
                  disabled={busy}
                >
                  {THEME_KEYS.map((key) => (
                    <MenuItem key={key} value={key}>
                      {themeName(key)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              {themes.data?.[theme] && (
                <Typography variant="body2" color="text.secondary">
                  {themes.data[theme].description}
                </Typography>
              )}

              <FormControl fullWidth>
                <InputLabel id={roomLabelId}>Room type</InputLabel>
                <Select
                  labelId={roomLabelId}
                  label="Room type"
                  value={roomType}
                  onChange={(event) => setRoomType(event.target.value as RoomType | '')}
                  disabled={busy}
                >
                  <MenuItem value="">Guess from the photo</MenuItem>
                  {ROOM_TYPES.map((key) => (
                    <MenuItem key={key} value={key}>
                      {ROOM_TYPE_NAMES[key].replace(/^./, (first) => first.toUpperCase())}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>

              <Button variant="outlined" component="label" disabled={busy}>
                {file ? `Photo: ${file.name}` : 'Upload a room photo'}
                <input
                  ref={fileInput}
                  type="file"
                  hidden
                  accept="image/jpeg,image/png,image/webp"
                  aria-label="Room photo"
                  onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography variant="body2" color="text.secondary" textAlign="center">
                or
              </Typography>
              <TextField
                label="Image URL"
                placeholder="https://example.com/room.jpg"
                value={imageUrl}
                onChange={(event) => typeUrl(event.target.value)}
                disabled={busy}
                inputMode="url"
                fullWidth
              />
              <Typography variant="caption" color="text.secondary">
                JPEG, PNG or WebP up to 10 MB. HEIC is not supported here.
              </Typography>

              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {busy ? 'Restyling…' : 'Restyle my room'}
              </Button>
              <Box id={statusId} role="status" aria-live="polite">
                {busy && (
                  <Stack spacing={1}>
                    <LinearProgress
                      variant={progress === null ? 'indeterminate' : 'determinate'}
                      value={progress === null ? undefined : Math.round(progress * 100)}
                      aria-label="Restyle progress"
                    />
                    <Typography variant="body2">
                      Restyling your room{progress === null ? '…' : ` (${Math.round(progress * 100)}%)`}
                    </Typography>
                    <Button variant="outlined" color="inherit" onClick={() => void cancel()} disabled={canceling || !runningJob}>
                      {canceling ? 'Canceling…' : 'Cancel'}
                    </Button>
                  </Stack>
                )}
              </Box>
              {error && (
                <Alert
                  severity="error"
                  action={
                    error.retryLocal ? (
                      <Button color="inherit" size="small" onClick={() => void submit('local')}>
                        Try the quick local restyle
                      </Button>
                    ) : undefined
                  }
                >
                  {error.message}
                </Alert>
              )}
            </Stack>
          </CardContent>
        </Card>

        <Box>
          {result && before ? (
            <Card>
              <CardContent>
                <Typography variant="h5" component="h2" tabIndex={-1} ref={resultHeading} gutterBottom>
                  Your {themeName(result.theme)} room
                </Typography>
                {result.warning && (
                  <Alert severity="warning" variant="filled" sx={{ mb: 2 }} role="alert">
                    {result.warning}
                  </Alert>
                )}
                <BeforeAfterSlider before={before} after={result.image_url} afterAlt={`${themeName(result.theme)} restyle`} />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }} alignItems={{ sm: 'center' }}>
                  <Button variant="contained" component="a" href={result.image_url} download={`stagecraft-inspiration-${result.theme}.jpg`}>
                    Download
                  </Button>
                  <Chip label={`Made by: ${PROVIDER_LABELS[result.provider]}`} variant="outlined" />
                </Stack>
              </CardContent>
            </Card>
          ) : preview ? (
            <Box component="img" src={preview} alt="Your room photo" sx={{ width: '100%', borderRadius: 1 }} />
          ) : (
            <Alert severity="info">Pick a theme, add a photo of your room, and see it restyled here.</Alert>
          )}
        </Box>
      </Box>

      <Typography variant="h5" component="h2" sx={{ mt: 5, mb: 2 }}>
        My Inspiration History
      </Typography>
      {history.isError && <Alert severity="error">{INSPIRATION_MESSAGES.somethingWentWrong}</Alert>}
      {history.data && history.data.length === 0 && <Typography color="text.secondary">No restyles yet.</Typography>}
      <Box
        component="ul"
        aria-label="My Inspiration History"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
      >
        {history.data?.map((item) => (
          <Box component="li" key={item.prediction_id}>
            <Card>
              <CardMedia component="img" image={item.image_url} alt={`${themeName(item.theme)} restyle`} sx={{ aspectRatio: '4 / 3' }} />
              <CardContent sx={{ pb: '12px !important' }}>
                <Typography variant="subtitle1">{themeName(item.theme)}</Typography>
                <Typography variant="caption" color="text.secondary" display="block">
                  {item.provider === 'local' ? 'Quick local restyle' : 'Replicate AI model'} ·{' '}
                  {new Date(item.created_at).toLocaleDateString()}
                </Typography>
                {item.warning && <Chip size="small" color="warning" label="Structure changed" title={item.warning} sx={{ mt: 0.5 }} />}
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Button size="small" onClick={() => setResult(item)}>
                    View
                  </Button>
                  <Button size="small" component="a" href={item.image_url} download={`stagecraft-inspiration-${item.theme}.jpg`}>
                    Download
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          </Box>
        ))}
      </Box>
    </Container>
  );
}
