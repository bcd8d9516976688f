import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useSharedExport } from '../api/get-shared-export.ts';
import { downloadUrl } from '../utils/alerts.ts';
import { BeforeAfterSlider } from '../../../components/before-after-slider.tsx';

/** /s/:token: a branded export shared by its owner, public, under their logo and name. */
export function SharePage() {
  const { token = '' } = useParams();
  const shared = useSharedExport(token);
  if (shared.isPending) return <PageLoading />;
  if (shared.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert severity="warning">This link does not exist or was revoked.</Alert>
        <Button component={RouterLink} to="/" sx={{ mt: 2 }}>
          Go Home
        </Button>
      </Container>
    );
  }
  const data = shared.data;
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 3 }}>
        {data.logo_url && (
          <Box
            component="img"
            src={data.logo_url}
            alt={`${data.owner_name} logo`}
            sx={{ height: 56, maxWidth: 200, objectFit: 'contain' }}
          />
        )}
        <Box>
          <Typography variant="h5" component="h1">
            {data.owner_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Staged {new Date(data.created_at).toLocaleDateString()}
          </Typography>
        </Box>
      </Stack>
      {data.original_image ? (
        <BeforeAfterSlider before={data.original_image} after={data.branded_image} beforeAlt="Original" afterAlt="Staged" />
      ) : (
        <Box component="img" src={data.branded_image} alt="Staged" sx={{ width: '100%', borderRadius: 1 }} />
      )}
      {data.caption && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {data.caption}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          startIcon={<DownloadRoundedIcon />}
          onClick={() => downloadUrl(data.branded_image, 'staged.jpg')}
        >
          Download staged
        </Button>
        {data.original_image && (
          <Button
            variant="outlined"
            startIcon={<DownloadRoundedIcon />}
            onClick={() => downloadUrl(data.original_image ?? '', 'original.jpg')}
          >
            Download original
          </Button>
        )}
      </Stack>
    </Container>
  );
}
