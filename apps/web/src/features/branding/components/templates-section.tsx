import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRANDING_MESSAGES, type BrandingTemplate } from '@stagecraft/contracts';
import toast from 'react-hot-toast';
import { useDeleteTemplate } from '../api/delete-template.ts';
import { useTemplates } from '../api/get-templates.ts';
import { useSetDefaultTemplate } from '../api/set-default-template.ts';
import { alertFailure } from '../utils/alerts.ts';

/** The Templates section: every saved template, its use count, default flag, edit, set default and delete. */
export function TemplatesSection(props: {
  onEdit: (template: BrandingTemplate) => void;
  onDeleted: (templateId: string) => void;
}) {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const setDefault = useSetDefaultTemplate();

  if (templates.isError) return <Alert severity="error">{BRANDING_MESSAGES.loadTemplatesFailed}</Alert>;
  if (templates.data?.length === 0) {
    return <Alert severity="info">No templates yet: pick a logo or signature in the Template Builder and save it.</Alert>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
      {templates.data?.map((template) => (
        <Card key={template.template_id} variant="outlined" data-testid="template-card">
          <CardContent>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }} noWrap>
                {template.name}
              </Typography>
              {template.is_default && <Chip size="small" color="primary" label="Default" />}
            </Stack>
            {template.description && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {template.description}
              </Typography>
            )}
            <Stack direction="row" spacing={1} alignItems="center">
              {template.logo_details && <Box component="img" src={template.logo_details.image_url} alt="" sx={{ height: 32 }} />}
              {template.signature_details && (
                <Box component="img" src={template.signature_details.image_url} alt="" sx={{ height: 32 }} />
              )}
            </Stack>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Logo {template.logo_details ? `${template.logo_position}, ${template.logo_size}%` : 'none'} · Signature{' '}
              {template.signature_details ? `${template.signature_position}, ${template.signature_size}%` : 'none'} · Used{' '}
              {template.usage_count} {template.usage_count === 1 ? 'time' : 'times'}
            </Typography>
          </CardContent>
          <CardActions>
            <Button size="small" onClick={() => props.onEdit(template)}>
              Edit
            </Button>
            {!template.is_default && (
              <Button
                size="small"
                onClick={() =>
                  setDefault.mutate(template.template_id, {
                    onSuccess: (answer) => toast.success(answer.message),
                    onError: (error) => alertFailure(error, BRANDING_MESSAGES.setDefaultFailed),
                  })
                }
              >
                Set Default
              </Button>
            )}
            <Button
              size="small"
              color="error"
              onClick={() => {
                if (!window.confirm(`Delete the template "${template.name}"?`)) return;
                remove.mutate(template.template_id, {
                  onSuccess: () => props.onDeleted(template.template_id),
                  onError: (error) => alertFailure(error, BRANDING_MESSAGES.deleteTemplateFailed),
                });
              }}
            >
              Delete
            </Button>
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}
