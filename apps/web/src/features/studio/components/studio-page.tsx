import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

// Replaced by the design studio (001 section 2): canvas, modes, detection, placement, enhancement.
export function StudioPage() {
  return (
    <FeaturePlaceholder
      title="Design studio"
      summary="Upload a room photo, detect what is in it, place or remove furniture, change wall materials and export a 4K or 8K image."
    />
  );
}
