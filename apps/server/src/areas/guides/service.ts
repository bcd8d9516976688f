import {
  GUIDE_CATEGORIES,
  type GuideCategory,
  type GuideDetailResponse,
  type RoomGuide,
  type RoomsQuery,
  type RoomsResponse,
  type consultationRequest,
} from '@stagecraft/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { Limiter, RateLimit } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { consultationConfirmation, consultationStaffNotice } from './emails.ts';
import { readGuideFiles } from './content-files.ts';
import type { GuideRow, GuidesRepository } from './repository.ts';

/** A person asks for help now and then; a script posting in a loop is stopped here (scaled by RATE_LIMIT_SCALE). */
export const CONSULTATION_RATE_LIMIT: RateLimit = { max: 5, windowMs: 60 * 60 * 1000 };

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export function toRoomGuide(row: GuideRow): RoomGuide {
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    category: row.category as GuideCategory,
    hero_image: row.heroImage,
    before_image: row.beforeImage,
    after_image: row.afterImage,
    image_alts: row.imageAlts,
    featured: row.featured,
    cost_range: { min: row.costMin, max: row.costMax },
    duration_days: row.durationDays,
    roi_percentage: row.roiPercentage,
  };
}

export function createGuidesService(deps: {
  config: AppConfig;
  repository: GuidesRepository;
  mailer: Mailer;
  limiter: Limiter;
  log: Log;
  contentDir?: string;
}) {
  const { config, repository, mailer, limiter, log } = deps;

  async function detail(slug: string): Promise<GuideDetailResponse> {
    const row = await repository.guideBySlug(slug);
    if (!row) throw notFound('Room guide not found');
    const related = await repository.guidesBySlugs(row.relatedSlugs);
    // Keep the order the author chose for related guides.
    const bySlug = new Map(related.map((guide) => [guide.slug, guide]));
    return {
      room: toRoomGuide(row),
      content: {
        introduction: row.introduction,
        why_staging_matters: row.whyStagingMatters,
        step_by_step_guide: row.stepByStepGuide,
        common_mistakes: row.commonMistakes,
        faqs: row.faqs,
      },
      tips: row.tips,
      related_rooms: row.relatedSlugs.flatMap((relatedSlug) => bySlug.get(relatedSlug) ?? []),
    };
  }

  return {
    /** The seeding step: the content files are the truth, the rows follow them at every start. */
    async syncContent(): Promise<void> {
      const sources = readGuideFiles(deps.contentDir);
      const { written, removed } = await repository.syncGuides(sources);
      if (written > 0 || removed > 0) log.info({ guides: sources.length, written, removed }, 'room guides updated from content files');
    },

    async listRooms(query: RoomsQuery): Promise<RoomsResponse> {
      // In the spec's category order, so that the living room leads rather than whatever sorts first.
      const featured_rooms = (await repository.featuredGuides())
        .map(toRoomGuide)
        .sort((a, b) => GUIDE_CATEGORIES.indexOf(a.category) - GUIDE_CATEGORIES.indexOf(b.category));
      const search = query.search?.trim();
      if (search) return { rooms: (await repository.searchGuides(search, query.category)).map(toRoomGuide), featured_rooms };
      const rows = (await repository.listGuides(query.category)).map(toRoomGuide);
      if (query.category) return { rooms: rows, featured_rooms };
      // Grouped in the spec's category order, every category present even when empty.
      const categories: Record<string, RoomGuide[]> = Object.fromEntries(GUIDE_CATEGORIES.map((category) => [category, []]));
      for (const room of rows) categories[room.category]?.push(room);
      return { categories, featured_rooms };
    },

    guideDetail: detail,

    /** Every guide, for the index page's HTML. */
    async allGuides(): Promise<RoomGuide[]> {
      return (await repository.listGuides()).map(toRoomGuide);
    },

    async sitemapGuides(): Promise<Array<{ slug: string; updatedAt: Date }>> {
      return (await repository.listGuides()).map((row) => ({ slug: row.slug, updatedAt: row.updatedAt }));
    },

    /** DECISIONS.md: stored, confirmed to the requester, announced to staff; rate limited per IP. */
    /** Counts every attempt, valid or not, so that a script cannot probe the form without limit. */
    async checkConsultationRate(ip: string): Promise<void> {
      await limiter.hit([{ key: `consultation:ip:${ip}`, limit: CONSULTATION_RATE_LIMIT }]);
    },

    async requestConsultation(request: z.output<typeof consultationRequest>): Promise<{ success: true; message: string }> {
      let roomName: string | null = null;
      if (request.room_slug) {
        const room = await repository.guideBySlug(request.room_slug);
        if (!room) throw badRequest('room_slug: Unknown room guide.', { room_slug: ['Unknown room guide.'] });
        roomName = room.name;
      }
      const id = await repository.insertConsultation({
        name: request.name,
        email: request.email,
        message: request.message,
        roomSlug: request.room_slug,
      });
      const guideUrl = request.room_slug ? `${config.appUrl}/staging/${request.room_slug}` : `${config.appUrl}/staging`;
      const staff = new Set((await repository.staffEmails()).map((email) => email.toLowerCase()));
      if (config.staffEmail) staff.add(config.staffEmail.toLowerCase());
      if (staff.size === 0) log.warn({ consultation: id }, 'consultation request stored, but there is no staff account or STAFF_EMAIL to notify');
      const details = { ...request, roomName, guideUrl, id };
      // The request is stored whatever happens to the mail: staff also read it in the admin console.
      const results = await Promise.allSettled([
        mailer.send({ to: request.email, ...consultationConfirmation(details) }),
        ...[...staff].map((to) => mailer.send({ to, ...consultationStaffNotice(details) })),
      ]);
      for (const result of results) {
        if (result.status === 'rejected') log.error({ err: result.reason, consultation: id }, 'consultation e-mail failed');
      }
      return {
        success: true,
        message: 'Thank you! Your consultation request has been sent. We have e-mailed you a confirmation and will reply soon.',
      };
    },
  };
}
export type GuidesService = ReturnType<typeof createGuidesService>;
