import type { StudioFailureKind } from '@stagecraft/contracts';
import type { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { useGrowthTriggers } from '../../../lib/growth-triggers.ts';
import type { CreditCosts } from '../api/get-credit-costs.ts';
import type { CustomFurniture } from '../api/upload-custom-furniture.ts';
import type { TutorialAction } from '../hooks/tutorial.ts';
import type { RunAction } from '../hooks/use-studio-editor.ts';
import type { EditorState, MarkerKind, StudioImage } from '../state/editor-state.ts';

/** What the studio is doing now: one long operation at a time, with a determinate fraction when known. */
export interface BusyState {
  kind: StudioFailureKind | 'load';
  message: string;
  progress: number | null;
}

/** Toasts: 3 s for success and info, 5 s for errors (001 section 9). */
export const SUCCESS_TOAST = { duration: 3_000 };
export const ERROR_TOAST = { duration: 5_000 };

export type ReportProgress = (fraction: number) => void;

/** What a command may read and do besides its own call: the editor, the balance, the page's hooks. */
export interface CommandContext {
  /** The editor state now (never a copy from an older render). */
  state: () => EditorState;
  run: RunAction;
  costs: () => CreditCosts | undefined;
  /** The client-side credit check the spec shows before a paid call (a toast when short); the server checks again. */
  canAfford: (cost: number | undefined, message: string) => boolean;
  /** The image to work on, or a toast saying to upload one first. */
  currentImage: () => StudioImage | null;
  /** The design session the server records this room's steps under, once it has one. */
  sessionId: () => string | undefined;
  /** The balance the server answered with, shown at once. */
  updateCredits: (remaining: number) => void;
  showMarker: (kind: MarkerKind, point: { x: number; y: number }, label?: string) => void;
  onTutorialAction: (action: TutorialAction) => void;
  growth: ReturnType<typeof useGrowthTriggers>;
  queryClient: QueryClient;
  addCustomFurniture: (item: CustomFurniture) => void;
  /** Whether a download already happened in this visit (the first 4K export is a growth moment). */
  exported: { current: boolean };
}

/**
 * One studio command (the editor actions' pattern, for work that calls the server): what the spec checks
 * first, the call, and the answer applied as one editor step. A refused check calls nothing and costs
 * nothing; a failed call applies nothing, so the user's work stays.
 */
export interface StudioCommand<Payload, Plan, Answer> {
  name: string;
  /** The spec's checks before any call; null refuses (after saying why). */
  check: (ctx: CommandContext, payload: Payload) => Plan | null;
  /** What the status line says while the call runs. */
  busy: (plan: Plan) => Omit<BusyState, 'progress'>;
  /** The server call. Run again once after a stale access token is renewed: nothing is applied before it answers. */
  call: (ctx: CommandContext, plan: Plan, report: ReportProgress) => Promise<Answer>;
  /** The answer as an editor step, the new balance and the toast. */
  result: (ctx: CommandContext, plan: Plan, answer: Answer) => void | Promise<void>;
}

export function defineCommand<Payload, Plan, Answer>(
  command: StudioCommand<Payload, Plan, Answer>,
): StudioCommand<Payload, Plan, Answer> {
  return command;
}

/** A refusal of a pre-check: the spec's sentence in an error toast, and no plan. */
export function refuse(message: string): null {
  toast.error(message, ERROR_TOAST);
  return null;
}
