import { AUTH_ROUTES, userProfile, type UpdateProfileRequest, type UserProfile } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userProfileQueryOptions } from '../../../lib/account.ts';
import { apiClient } from '../../../lib/api-client.ts';

/** PATCH /api/auth/user/ {first_name, last_name}; answers the updated profile. */
export function updateProfile(names: UpdateProfileRequest): Promise<UserProfile> {
  return apiClient.patch(AUTH_ROUTES.user, names, { schema: userProfile });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer is the whole profile: put it straight into the cache instead of asking again.
    onSuccess: (profile) => queryClient.setQueryData(userProfileQueryOptions(profile.user_id).queryKey, profile),
  });
}
