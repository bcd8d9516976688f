import { useLocation } from 'react-router';
import { z } from 'zod';

/** What other screens hand the login page through navigation state (sign-up, password reset, Google). */
const loginPageStateSchema = z.object({
  message: z.string().optional(),
  email: z.string().optional(),
  severity: z.enum(['success', 'error']).optional(),
});
export type LoginPageState = z.infer<typeof loginPageStateSchema>;

/** History state survives reloads and can hold anything, so it is parsed, never trusted. */
export function useLoginPageState(): LoginPageState {
  const { state } = useLocation();
  const parsed = loginPageStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}
