import { FREE_PLAN_ROOMS, type PlanKey } from './catalogue.ts';

/**
 * What each plan may do (DECISIONS.md "Plans"), in one table read by the server (which enforces it) and the
 * client (which only shows it). Code asks `entitlementsOf(plan).designHistory`, never `plan === 'pro'`.
 */
export interface PlanEntitlements {
  /** Exports carry the small "Stagecraft" watermark. */
  watermark: boolean;
  /** Design history: the sessions list, their timelines, deleting them. */
  designHistory: boolean;
  /** A branding template applied to an export (`POST /api/branding/apply/`); managing and previewing is free. */
  brandingApply: boolean;
  /** The plan's engine jobs go first in the queue. */
  rushProcessing: boolean;
  /** How many rooms (design sessions) the plan may design; null for no limit. */
  rooms: number | null;
}

export const PLAN_ENTITLEMENTS: Readonly<Record<PlanKey, Readonly<PlanEntitlements>>> = {
  free: { watermark: true, designHistory: false, brandingApply: false, rushProcessing: false, rooms: FREE_PLAN_ROOMS },
  paid: { watermark: false, designHistory: true, brandingApply: false, rushProcessing: false, rooms: null },
  pro: { watermark: false, designHistory: true, brandingApply: true, rushProcessing: true, rooms: null },
};

/** A plan's entitlements; an unknown or missing plan (a failed lookup) gets the free plan's (001 section 6). */
export function entitlementsOf(plan: PlanKey | null | undefined): Readonly<PlanEntitlements> {
  return (plan && PLAN_ENTITLEMENTS[plan]) || PLAN_ENTITLEMENTS.free;
}
