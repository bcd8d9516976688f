import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { entitlementsOf } from '@stagecraft/contracts';
import { useReducer, useState } from 'react';
import { readBrandingHandoff } from '../../../lib/branding-handoff.ts';
import { useUserState } from '../../../lib/user-state.ts';
import { BUILDER_DEFAULTS, builderReducer } from '../hooks/builder-state.ts';
import { AnalyticsSection } from './analytics-section.tsx';
import { ApplyPanel } from './apply-panel.tsx';
import { AssetsSection } from './assets-section.tsx';
import { TemplateBuilder } from './template-builder.tsx';
import { TemplatesSection } from './templates-section.tsx';

const SECTIONS = [
  { key: 'assets', label: 'Assets' },
  { key: 'templates', label: 'Templates' },
  { key: 'builder', label: 'Template Builder' },
  { key: 'analytics', label: 'Analytics' },
] as const;
type Section = (typeof SECTIONS)[number]['key'];

/** /app/branding (001 section 2): Assets, Templates, Template Builder and Analytics. */
export function BrandingPage() {
  const handoff = useState(readBrandingHandoff)[0];
  const [section, setSection] = useState<Section>(handoff ? 'builder' : 'assets');
  const [builder, dispatch] = useReducer(builderReducer, BUILDER_DEFAULTS);
  const [image, setImage] = useState<string | null>(handoff?.image ?? null);
  const [original, setOriginal] = useState<string | null>(handoff?.original ?? null);
  const userState = useUserState();
  const isPro = entitlementsOf(userState.data?.plan).brandingApply;

  const pickImage = (file: File) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result !== 'string') return;
      setImage(reader.result);
      setOriginal(null);
    };
    reader.readAsDataURL(file);
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Branding
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Upload your logo and signature, build templates and brand every export.
      </Typography>
      <Tabs
        value={section}
        onChange={(_event, value: Section) => setSection(value)}
        sx={{ mb: 3 }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {SECTIONS.map(({ key, label }) => (
          <Tab key={key} value={key} label={label} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={SECTIONS.find(({ key }) => key === section)?.label}>
        {section === 'assets' && (
          <AssetsSection
            onUploaded={(asset) => dispatch({ type: 'asset-uploaded', assetType: asset.asset_type, assetId: asset.asset_id })}
            onDeleted={(assetId) => dispatch({ type: 'asset-deleted', assetId })}
          />
        )}
        {section === 'templates' && (
          <TemplatesSection
            onEdit={(template) => {
              dispatch({ type: 'edit', template });
              setSection('builder');
            }}
            onDeleted={(templateId) => dispatch({ type: 'template-deleted', templateId })}
          />
        )}
        {section === 'builder' && (
          <>
            <TemplateBuilder state={builder} dispatch={dispatch} image={image} onPickImage={pickImage} />
            <ApplyPanel templateId={builder.editingId} image={image} original={original} isPro={isPro || userState.isPending} />
          </>
        )}
        {section === 'analytics' && <AnalyticsSection />}
      </Box>
    </Container>
  );
}
