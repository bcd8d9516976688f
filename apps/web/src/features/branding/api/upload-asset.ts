import { assetResponse, type AssetType, BRANDING_ROUTES, type BrandingAsset } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { BRANDING_ASSETS_KEY } from './get-assets.ts';

/** POST /api/branding/assets/ (multipart asset_type, name, image_file; remove_background, our addition). */
export function uploadAsset(input: { assetType: AssetType; name: string; file: Blob; removeBackground?: boolean }): Promise<BrandingAsset> {
  const form = new FormData();
  form.append('asset_type', input.assetType);
  form.append('name', input.name);
  form.append('image_file', input.file);
  if (input.removeBackground) form.append('remove_background', 'true');
  return apiClient.post(BRANDING_ROUTES.assets, form, { schema: assetResponse }).then((answer) => answer.asset);
}

export function useUploadAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAsset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branding'] }),
  });
}
