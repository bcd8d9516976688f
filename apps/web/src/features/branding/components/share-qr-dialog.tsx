import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export interface ShareQr {
  shareUrl: string;
  svg: string;
}

/**
 * The QR code of an export's share page, for a link shared after the export (an export made with "Add a QR
 * code" carries it on the image already): shown large enough to scan off the screen, and downloadable as SVG
 * for a flyer or a yard sign, where California's AB 723 wants the link to the unaltered photo.
 */
export function ShareQrDialog({ qr, onClose }: { qr: ShareQr | null; onClose: () => void }) {
  const source = qr ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}` : '';
  return (
    <Dialog open={qr !== null} onClose={onClose} aria-labelledby="share-qr-title">
      <DialogTitle id="share-qr-title">QR code of the share page</DialogTitle>
      <DialogContent sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
        {qr && (
          <>
            <img src={source} alt={`QR code linking to ${qr.shareUrl}`} width={240} height={240} style={{ imageRendering: 'pixelated' }} />
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              <Link href={qr.shareUrl} target="_blank" rel="noopener">
                {qr.shareUrl}
              </Link>
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button href={source} download="stagecraft-share-qr.svg" disabled={!qr}>
          Download SVG
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
