import {
  BILLING_ROUTES,
  successResponse,
  type ConversionEventType,
  type PlanKey,
  type UserStateResponse,
} from '@stagecraft/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from './api-client.ts';
import { USER_STATE_QUERY_KEY } from './user-state.ts';

const SESSION_ID_KEY = 'stagecraft.analyticsSessionId';

/** `crypto.randomUUID` exists only in secure contexts; a self-hosted server may be reached over plain http. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One random id per browser session (tab lifetime), so a visit's events can be read as one journey. */
export function browserSessionId(): string {
  try {
    const existing = window.sessionStorage.getItem(SESSION_ID_KEY);
    if (existing) return existing;
    const created = randomId();
    window.sessionStorage.setItem(SESSION_ID_KEY, created);
    return created;
  } catch {
    // Storage disabled: the id still groups this page's events.
    return (fallbackSessionId ??= randomId());
  }
}
let fallbackSessionId: string | undefined;

/** The keys every tracked event carries (000 section 3, conversion event), beside the caller's own. */
export function trackingMetadata(userPlan: PlanKey | null, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...extra, session_id: browserSessionId(), page_url: window.location.href, user_plan: userPlan ?? 'unknown' };
}

export interface ConversionEvent {
  eventType: ConversionEventType;
  /** Where the user was when it happened: floating_button, notification, pricing_page, credit_warning... */
  source?: string | null;
  metadata?: Record<string, unknown>;
}

export function logConversionEvent(event: ConversionEvent, userPlan: PlanKey | null): Promise<{ success: true }> {
  return apiClient.post(
    BILLING_ROUTES.conversionEvent,
    { event_type: event.eventType, source: event.source ?? null, metadata: trackingMetadata(userPlan, event.metadata) },
    { schema: successResponse },
  );
}

/** The plan as last read from the server, without subscribing the caller to the user-state query. */
export function useCurrentPlan(): () => PlanKey | null {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.getQueryData<UserStateResponse>(USER_STATE_QUERY_KEY)?.plan ?? null, [queryClient]);
}

/**
 * Fire-and-forget logging: an analytics failure must never disturb what the user is doing, so errors are only
 * written to the console.
 */
export function useLogConversionEvent(): (event: ConversionEvent) => void {
  const currentPlan = useCurrentPlan();
  return useCallback(
    (event: ConversionEvent) => {
      logConversionEvent(event, currentPlan()).catch((error: unknown) => console.warn('Could not log a conversion event', event.eventType, error));
    },
    [currentPlan],
  );
}
