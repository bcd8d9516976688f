import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useExports } from '../api/get-exports.ts';
import { useStats } from '../api/get-stats.ts';
import { useRevokeShare, useShareExport } from '../api/share-export.ts';
import { alertFailure, downloadUrl } from '../utils/alerts.ts';
import { downloadAll } from '../utils/download-all.ts';
import { type ShareQr, ShareQrDialog } from './share-qr-dialog.tsx';

/** The Analytics section: the eight figures, and the exports with their share links and views. */
export function AnalyticsSection() {
  const stats = useStats();
  const exports = useExports();
  const share = useShareExport();
  const revoke = useRevokeShare();
  const [qr, setQr] = useState<ShareQr | null>(null);
  // Sharing again answers the same link (with its QR code) while it is not revoked.
  const showQr = (exportId: string) =>
    share.mutate(exportId, {
      onSuccess: (shared) => setQr({ shareUrl: shared.share_url, svg: shared.qr_code_svg }),
      onError: (error) => alertFailure(error, 'Failed to make the QR code'),
    });
  const figures = stats.data
    ? [
        ['Total assets', stats.data.total_assets],
        ['Logos', stats.data.total_logos],
        ['Signatures', stats.data.total_signatures],
        ['Templates', stats.data.total_templates],
        ['Total exports', stats.data.total_exports],
        ['Exports this month', stats.data.exports_this_month],
        ['Most used template', stats.data.most_used_template ?? '—'],
        ['Storage used', `${stats.data.storage_used_mb} MB`],
      ]
    : [];
  return (
    <Stack spacing={3}>
      {stats.isError && <Alert severity="error">Failed to load your branding figures</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
        {figures.map(([label, value]) => (
          <Card key={label} variant="outlined">
            <CardContent>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h6" data-testid={`stat-${String(label).toLowerCase().replace(/\s+/g, '-')}`}>
                {value}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Stack direction="row" alignItems="center">
        <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
          Branded exports
        </Typography>
        <Button
          startIcon={<DownloadRoundedIcon />}
          disabled={!exports.data?.length}
          onClick={() => exports.data && void downloadAll(exports.data)}
        >
          Download All
        </Button>
      </Stack>
      {exports.data?.length === 0 && <Alert severity="info">No branded exports yet.</Alert>}
      {!!exports.data?.length && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Export</TableCell>
              <TableCell>Template</TableCell>
              <TableCell>Size</TableCell>
              <TableCell>Share page</TableCell>
              <TableCell>Views</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {exports.data.map((item) => (
              <TableRow key={item.export_id}>
                <TableCell>
                  <Link
                    component="button"
                    onClick={() => downloadUrl(item.branded_image, `branded-${item.export_id.slice(0, 8)}.jpg`)}
                  >
                    <Box
                      component="img"
                      src={item.branded_image}
                      alt=""
                      sx={{ height: 48, verticalAlign: 'middle', mr: 1, borderRadius: 0.5 }}
                    />
                    {new Date(item.created_at).toLocaleString()}
                  </Link>
                </TableCell>
                <TableCell>{item.template_name ?? '—'}</TableCell>
                <TableCell>{(item.file_size / 1024).toFixed(0)} KB</TableCell>
                <TableCell>
                  {item.share_url ? (
                    <Stack direction="row" spacing={1} alignItems="center">
                      <Link href={item.share_url} target="_blank" rel="noopener">
                        Open
                      </Link>
                      <Button
                        size="small"
                        onClick={() =>
                          void navigator.clipboard?.writeText(item.share_url ?? '').then(
                            () => toast.success('Link copied'),
                            () => toast.error('Failed to copy URL'),
                          )
                        }
                      >
                        Copy
                      </Button>
                      <Button size="small" onClick={() => showQr(item.export_id)}>
                        QR code
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() =>
                          revoke.mutate(item.export_id, { onError: (error) => alertFailure(error, 'Failed to revoke the link') })
                        }
                      >
                        Revoke
                      </Button>
                    </Stack>
                  ) : (
                    <Button
                      size="small"
                      onClick={() =>
                        share.mutate(item.export_id, {
                          // The link is new: offer its QR code at once (the export itself has none).
                          onSuccess: (shared) => setQr({ shareUrl: shared.share_url, svg: shared.qr_code_svg }),
                          onError: (error) => alertFailure(error, 'Failed to share the export'),
                        })
                      }
                    >
                      Share
                    </Button>
                  )}
                </TableCell>
                <TableCell>{item.share_views}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ShareQrDialog qr={qr} onClose={() => setQr(null)} />
    </Stack>
  );
}
