import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import ShareRoundedIcon from '@mui/icons-material/ShareRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';

export interface LightboxImage {
  url: string;
  title: string;
  /** The download's file name, without extension. */
  fileName: string;
}

interface ImageLightboxProps {
  image: LightboxImage | null;
  onClose: () => void;
  onDownload: (image: LightboxImage) => void;
  onShare: (image: LightboxImage) => void;
}

/** One image of the history, large, with Download, Share and Close (001 section 2). Full screen on a phone. */
export function ImageLightbox({ image, onClose, onDownload, onShare }: ImageLightboxProps) {
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={image !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {image?.title}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', placeItems: 'center', bgcolor: 'grey.900', p: { xs: 1, sm: 2 } }}>
        {image && (
          <Box
            component="img"
            src={image.url}
            alt={image.title}
            sx={{ maxWidth: '100%', maxHeight: { xs: '70vh', sm: '75vh' }, objectFit: 'contain', display: 'block' }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 2, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<DownloadRoundedIcon />} onClick={() => image && onDownload(image)}>
          Download
        </Button>
        <Button startIcon={<ShareRoundedIcon />} onClick={() => image && onShare(image)}>
          Share
        </Button>
        <Button startIcon={<CloseRoundedIcon />} onClick={onClose} variant="contained" autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
