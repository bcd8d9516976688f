import toast from 'react-hot-toast';
import { followProgress } from '../api/get-progress.ts';
import type { ResultImageAnswer } from '../api/result-image.ts';
import { applyResult, type ApplyResultPayload } from '../state/actions.ts';
import type { StudioImage } from '../state/editor-state.ts';
import { toImageData, toStudioImage } from '../utils/image-files.ts';
import {
  defineCommand,
  SUCCESS_TOAST,
  type BusyState,
  type CommandContext,
  type ReportProgress,
  type StudioCommand,
} from './command.ts';

/** A paid edit's plan: at least the image it edits. */
export interface EditPlan {
  image: StudioImage;
}

/** The fields every paid call sends besides its own: the session it joins and the id its progress is read by. */
export interface EditEnvelope {
  imageData: string;
  sessionId: string | undefined;
  progressId: string;
}

/** Runs a call that takes a `progress_id`, feeding the bar while the engine reports progress. */
export async function tracked<T>(report: ReportProgress, call: (progressId: string) => Promise<T>): Promise<T> {
  const { progressId, stop } = followProgress(report);
  try {
    return await call(progressId);
  } finally {
    stop();
  }
}

interface PaidEdit<Payload, Plan extends EditPlan, Answer extends ResultImageAnswer> {
  name: string;
  check: (ctx: CommandContext, payload: Payload) => Plan | null;
  busy: (plan: Plan) => Omit<BusyState, 'progress'>;
  /** The call itself, given the image as sent, the session and the progress id. */
  request: (plan: Plan, envelope: EditEnvelope) => Promise<Answer>;
  /** Detection changes that belong to the same step (one undo takes them back with the image). */
  detectionChange?: (plan: Plan, answer: Answer) => Omit<ApplyResultPayload, 'image' | 'sessionId'>;
  /** The success toast. */
  success: (plan: Plan, answer: Answer) => string;
  /** After the step is applied: the tutorial, growth moments. */
  after?: (ctx: CommandContext, plan: Plan) => void;
}

/**
 * The one shape of a paid image edit (removal, replacement, placement, walls, drawing): the image goes out,
 * the bar follows the engine, and the answer becomes one editor step and the new balance.
 */
export function definePaidEdit<Payload, Plan extends EditPlan, Answer extends ResultImageAnswer = ResultImageAnswer>(
  edit: PaidEdit<Payload, Plan, Answer>,
): StudioCommand<Payload, Plan, { answer: Answer; image: StudioImage }> {
  return defineCommand({
    name: edit.name,
    check: edit.check,
    busy: edit.busy,
    call: async (ctx, plan, report) => {
      const imageData = await toImageData(plan.image);
      const answer = await tracked(report, (progressId) =>
        edit.request(plan, { imageData, sessionId: ctx.sessionId(), progressId }),
      );
      return { answer, image: await toStudioImage(answer.result_image) };
    },
    result: (ctx, plan, { answer, image }) => {
      ctx.run(applyResult, { image, sessionId: answer.session_id ?? undefined, ...edit.detectionChange?.(plan, answer) });
      ctx.updateCredits(answer.credits_remaining);
      toast.success(edit.success(plan, answer), SUCCESS_TOAST);
      edit.after?.(ctx, plan);
    },
  });
}
