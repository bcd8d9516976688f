import Box from '@mui/material/Box';
import type { BrandingAsset } from '@stagecraft/contracts';
import { useState } from 'react';
import type { BuilderState } from '../hooks/builder-state.ts';
import { markBox, placeElements, type PreviewElement } from '../utils/preview-layout.ts';

/**
 * The live preview: the template drawn over the user's image in the browser, with the engine's geometry
 * (preview is free; the export itself is made by the server).
 */
export function BuilderPreview({
  image,
  state,
  logo,
  signature,
}: {
  image: string;
  state: BuilderState;
  logo: BrandingAsset | null;
  signature: BrandingAsset | null;
}) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [aspects, setAspects] = useState<Record<string, number>>({});
  const noOverlays = state.disclosureMode === 'no_overlays';
  const elements: (PreviewElement & { src?: string; opacity: number })[] = [];
  if (size) {
    const short = Math.min(size.width, size.height);
    if (logo && !noOverlays) {
      elements.push({
        key: 'logo',
        position: state.logoPosition,
        ...markBox(state.logoSize, short, aspects[logo.asset_id] ?? 1),
        src: logo.image_url,
        opacity: state.logoOpacity,
      });
    }
    if (signature && !noOverlays) {
      elements.push({
        key: 'signature',
        position: state.signaturePosition,
        ...markBox(state.signatureSize, short, aspects[signature.asset_id] ?? 1),
        src: signature.image_url,
        opacity: state.signatureOpacity,
      });
    }
    if (state.disclosureMode === 'label') {
      const height = (state.disclosureSize / 100) * short;
      // DejaVu Sans Bold at 58% of the box height is about 0.38 box heights per character, plus the padding.
      const width = height * (0.8 + 0.38 * state.disclosureText.length);
      elements.push({ key: 'label', position: state.disclosurePosition, width, height, opacity: 100 });
    }
  }
  const placed = size ? placeElements(elements, size.width, size.height) : [];
  const pct = (value: number, total: number) => `${(value / total) * 100}%`;
  return (
    <Box
      sx={{ position: 'relative', width: '100%', lineHeight: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.200' }}
      data-testid="builder-preview"
    >
      <Box
        component="img"
        src={image}
        alt="Your image"
        onLoad={(event: React.SyntheticEvent<HTMLImageElement>) =>
          setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
        }
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      />
      {size &&
        placed.map((element, index) => {
          const box = {
            position: 'absolute' as const,
            left: pct(element.left, size.width),
            top: pct(element.top, size.height),
            width: pct(element.width, size.width),
            height: pct(element.height, size.height),
          };
          const source = elements[index];
          if (element.key === 'label') {
            return (
              <Box
                key="label"
                data-testid="preview-label"
                sx={{
                  ...box,
                  containerType: 'size',
                  borderRadius: '22cqh',
                  bgcolor: 'rgba(17,17,17,0.78)',
                  color: '#fff',
                  fontWeight: 700,
                  fontSize: '58cqh',
                  lineHeight: 1,
                  display: 'grid',
                  placeItems: 'center',
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                }}
              >
                {state.disclosureText}
              </Box>
            );
          }
          return (
            <Box
              key={element.key}
              component="img"
              data-testid={`preview-${element.key}`}
              src={source?.src}
              alt=""
              onLoad={(event: React.SyntheticEvent<HTMLImageElement>) => {
                const { naturalWidth, naturalHeight } = event.currentTarget;
                const id = element.key === 'logo' ? logo?.asset_id : signature?.asset_id;
                if (id && naturalHeight)
                  setAspects((current) => (current[id] ? current : { ...current, [id]: naturalWidth / naturalHeight }));
              }}
              sx={{
                ...box,
                objectFit: 'contain',
                opacity: (source?.opacity ?? 100) / 100,
                filter: 'drop-shadow(0 1px 3px rgba(0,0,0,0.55))',
              }}
            />
          );
        })}
    </Box>
  );
}
