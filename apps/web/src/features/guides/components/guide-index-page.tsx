import { GUIDE_CATEGORIES, GUIDE_CATEGORY_LABELS, type GuideCategory, type RoomGuide } from '@stagecraft/contracts';
import AutoStoriesRoundedIcon from '@mui/icons-material/AutoStoriesRounded';
import ChecklistRoundedIcon from '@mui/icons-material/ChecklistRounded';
import LightbulbRoundedIcon from '@mui/icons-material/LightbulbRounded';
import PaidRoundedIcon from '@mui/icons-material/PaidRounded';
import QuizRoundedIcon from '@mui/icons-material/QuizRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRooms } from '../api/get-rooms.ts';
import { isGuideCategory } from '../utils/guide-defaults.ts';
import { RoomCard } from './room-card.tsx';

const CONTENTS = [
  { icon: ChecklistRoundedIcon, title: 'Step-by-step', text: 'A numbered plan from decluttering to the last cushion.' },
  { icon: PaidRoundedIcon, title: 'Cost breakdown', text: 'What consultation, furniture rental, decor and setup cost.' },
  { icon: LightbulbRoundedIcon, title: 'Expert tips', text: 'What professional stagers do differently, and why.' },
  { icon: QuizRoundedIcon, title: 'FAQ', text: 'Straight answers to what sellers ask most, with sources.' },
];

const categoryLabel = (category: GuideCategory) => `${GUIDE_CATEGORY_LABELS[category].emoji} ${GUIDE_CATEGORY_LABELS[category].label}`;

function RoomGrid({ rooms, headingLevel }: { rooms: RoomGuide[]; headingLevel: 'h2' | 'h3' }) {
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
    >
      {rooms.map((room) => (
        <li key={room.slug}>
          <RoomCard room={room} headingLevel={headingLevel} />
        </li>
      ))}
    </Box>
  );
}

export function GuideIndexPage() {
  useDocumentTitle('Room Staging Guides');
  const [params, setParams] = useSearchParams();
  const categoryParam = params.get('category');
  const category: GuideCategory | 'all' = isGuideCategory(categoryParam) ? categoryParam : 'all';
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  const categoriesRef = useRef<HTMLDivElement>(null);
  const rooms = useRooms({ category, search });
  // The hero counts every guide, whatever the filter shows (the unfiltered list is usually cached already).
  const everything = useRooms({ category: 'all', search: '' });

  // Typing searches after a short pause; the URL holds the filter so that a result can be shared or reloaded.
  useEffect(() => setDraft(search), [search]);
  useEffect(() => {
    if (draft.trim() === search.trim()) return;
    const timer = setTimeout(() => update({ search: draft }), 350);
    return () => clearTimeout(timer);
  }, [draft]);

  // The router's functional update sees the params of the render that made it; a debounced search would
  // bring back a category cleared meanwhile, so it starts from the latest params instead.
  const latestParams = useRef(params);
  latestParams.current = params;
  function update(next: { category?: GuideCategory | 'all'; search?: string }) {
    setParams(
      () => {
        const updated = new URLSearchParams(latestParams.current);
        if (next.category !== undefined) {
          if (next.category === 'all') updated.delete('category');
          else updated.set('category', next.category);
        }
        if (next.search !== undefined) {
          if (next.search.trim()) updated.set('search', next.search.trim());
          else updated.delete('search');
        }
        return updated;
      },
      { replace: true },
    );
  }

  const showAll = () => {
    setDraft('');
    setParams(new URLSearchParams(), { replace: true });
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: draft });
  };

  const data = rooms.data;
  const allRooms = data?.categories ? Object.values(data.categories).flat() : (data?.rooms ?? []);
  const guideCount = everything.data?.categories ? Object.values(everything.data.categories).flat().length : null;
  const featured = data?.featured_rooms ?? [];
  const flatHeading = search.trim() ? `Search Results for "${search.trim()}"` : category !== 'all' ? categoryLabel(category) : null;

  return (
    <Box>
      <Box component="section" aria-labelledby="guides-title" sx={{ background: 'linear-gradient(135deg, #312e81 0%, #0f766e 100%)', color: 'common.white', py: { xs: 6, md: 9 } }}>
        <Container maxWidth="lg">
          <Typography id="guides-title" variant="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' }, fontWeight: 800, mb: 2 }}>
            Room Staging Guides
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, maxWidth: 720, opacity: 0.92, mb: 4 }}>
            Free, practical guides to staging every room of a home for sale: what to do step by step, what it costs, how long it
            takes and what the research actually says.
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, m: 0 }}>
            <Paper component="div" sx={{ p: 2.5, bgcolor: 'rgba(255,255,255,0.12)', color: 'inherit' }} elevation={0}>
              <Typography component="dt" sx={{ fontSize: '2rem', fontWeight: 800 }} data-testid="guide-count">
                {guideCount === null ? '…' : `${guideCount}+`}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                Room guides
              </Typography>
            </Paper>
            <Paper component="div" sx={{ p: 2.5, bgcolor: 'rgba(255,255,255,0.12)', color: 'inherit' }} elevation={0}>
              <Typography component="dt" sx={{ fontSize: '2rem', fontWeight: 800 }}>
                40% Faster Sales
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: '0.85rem', opacity: 0.9 }}>
                A claim staging marketers often repeat; we found no study that measured it. Source for what we can cite: NAR's 2023
                Profile of Home Staging (81% of buyers' agents say staging helps buyers picture the home).
              </Typography>
            </Paper>
            <Paper component="div" sx={{ p: 2.5, bgcolor: 'rgba(255,255,255,0.12)', color: 'inherit' }} elevation={0}>
              <Typography component="dt" sx={{ fontSize: '2rem', fontWeight: 800 }}>
                Free Expert Knowledge
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                No sign-up, no paywall
              </Typography>
            </Paper>
          </Box>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 7 } }}>
        <Box component="section" aria-labelledby="contents-title" sx={{ mb: 6 }}>
          <Typography id="contents-title" variant="h2" sx={{ fontSize: '1.6rem', fontWeight: 700, mb: 3 }}>
            What every guide contains
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
            {CONTENTS.map(({ icon: Icon, title, text }) => (
              <Paper key={title} variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
                <Icon color="primary" aria-hidden />
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 1 }}>
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {text}
                </Typography>
              </Paper>
            ))}
          </Box>
        </Box>

        {featured.length > 0 && (
          <Box component="section" aria-labelledby="popular-title" sx={{ mb: 6 }}>
            <Typography id="popular-title" variant="h2" sx={{ fontSize: '1.6rem', fontWeight: 700, mb: 3 }}>
              Most Popular
            </Typography>
            <RoomGrid rooms={featured} headingLevel="h3" />
          </Box>
        )}

        <Box component="section" aria-labelledby="browse-title" ref={categoriesRef} sx={{ scrollMarginTop: 16 }}>
          <Typography id="browse-title" variant="h2" sx={{ fontSize: '1.6rem', fontWeight: 700, mb: 2 }}>
            Browse guides
          </Typography>
          <Box component="form" role="search" onSubmit={onSearch} sx={{ mb: 2, maxWidth: 560 }}>
            <TextField
              fullWidth
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Search: living room, bedroom, kitchen..."
              slotProps={{
                htmlInput: { 'aria-label': 'Search room guides', maxLength: 100 },
                input: {
                  type: 'search',
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchRoundedIcon aria-hidden />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Box>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 4 }} role="group" aria-label="Guide categories">
            <Button variant={category === 'all' ? 'contained' : 'outlined'} aria-pressed={category === 'all'} onClick={() => update({ category: 'all' })}>
              All Guides
            </Button>
            {GUIDE_CATEGORIES.map((key) => (
              <Button key={key} variant={category === key ? 'contained' : 'outlined'} aria-pressed={category === key} onClick={() => update({ category: key })}>
                {categoryLabel(key)}
              </Button>
            ))}
          </Stack>

          {rooms.isPending ? (
            <Box role="status" sx={{ py: 8, display: 'grid', placeItems: 'center', gap: 2 }}>
              <CircularProgress aria-hidden />
              <Typography>Loading room staging guides...</Typography>
            </Box>
          ) : rooms.isError ? (
            <Alert
              severity="error"
              role="alert"
              action={
                <Button color="inherit" onClick={() => void rooms.refetch()}>
                  Try Again
                </Button>
              }
            >
              <AlertTitle>Unable to load room guides</AlertTitle>
              {rooms.error.message}
            </Alert>
          ) : allRooms.length === 0 ? (
            <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', borderRadius: 3 }}>
              <AutoStoriesRoundedIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
              <Typography variant="h2" sx={{ fontSize: '1.4rem', fontWeight: 700, my: 1 }}>
                No Guides Found
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {search.trim()
                  ? `No guide matches "${search.trim()}". Try another word, such as a room name.`
                  : 'There are no guides in this category yet.'}
              </Typography>
              <Button variant="contained" onClick={showAll}>
                Show All Guides
              </Button>
            </Paper>
          ) : flatHeading ? (
            <Box aria-live="polite">
              <Typography variant="h2" sx={{ fontSize: '1.4rem', fontWeight: 700, mb: 2 }}>
                {flatHeading}
              </Typography>
              <RoomGrid rooms={allRooms} headingLevel="h3" />
            </Box>
          ) : (
            GUIDE_CATEGORIES.filter((key) => (data?.categories?.[key]?.length ?? 0) > 0).map((key) => (
              <Box component="section" key={key} aria-labelledby={`category-${key}`} sx={{ mb: 5 }}>
                <Typography id={`category-${key}`} variant="h2" sx={{ fontSize: '1.4rem', fontWeight: 700, mb: 2 }}>
                  {categoryLabel(key)}
                </Typography>
                <RoomGrid rooms={data?.categories?.[key] ?? []} headingLevel="h3" />
              </Box>
            ))
          )}
        </Box>

        <Paper component="section" aria-labelledby="cta-title" sx={{ mt: 6, p: { xs: 3, md: 5 }, borderRadius: 4, textAlign: 'center', bgcolor: '#eef2ff' }} elevation={0}>
          <Typography id="cta-title" variant="h2" sx={{ fontSize: '1.6rem', fontWeight: 700, mb: 1 }}>
            Ready to stage your home?
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Pick a room to start with, or furnish your listing photos in minutes with virtual staging.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button variant="outlined" size="large" onClick={() => categoriesRef.current?.scrollIntoView({ behavior: 'smooth' })}>
              Browse Room Guides
            </Button>
            <Button variant="contained" size="large" component={RouterLink} to="/app">
              Explore Virtual Staging
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
