import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GUIDE_CATEGORIES, type GuideDetailResponse, type RoomsResponse } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { stagingConsultations, users } from '../../db/schema.ts';
import { uniqueIp, uniqueName } from '../../../test/accounts.ts';
import { describeEachDatabase } from '../../../test/test-app.ts';
import { readGuideFiles } from './content-files.ts';
import { createGuidesRepository } from './repository.ts';

const json = { accept: 'application/json' };
const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const guideFiles = readGuideFiles();

const webDist = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-guides-dist-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Stagecraft — AI virtual staging</title><meta name="description" content="The app." /><meta property="og:title" content="Stagecraft" /></head><body><noscript>Needs JavaScript.</noscript><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
);

/** Every JSON-LD block of a page, parsed (a syntax error fails the test). */
function structuredData(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

const decodeHtml = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describeEachDatabase(
  'room staging guides',
  (ctx) => {
    const get = (url: string, headers: Record<string, string> = json) => ctx().app.inject({ method: 'GET', url, headers });
    const consult = (payload: Record<string, unknown>, remoteAddress = uniqueIp()) =>
      ctx().app.inject({ method: 'POST', url: '/staging/consultation/', payload, headers: json, remoteAddress });

    it('lists every guide grouped under the nine categories, three or more in each, plus the featured ones', async () => {
      const response = await get('/staging/rooms/');
      expect(response.statusCode).toBe(200);
      const body = response.json<RoomsResponse>();
      expect(body.rooms).toBeUndefined();
      expect(Object.keys(body.categories ?? {})).toEqual([...GUIDE_CATEGORIES]);
      for (const category of GUIDE_CATEGORIES) {
        expect(body.categories?.[category]?.length, category).toBeGreaterThanOrEqual(3);
        for (const room of body.categories?.[category] ?? []) expect(room.category).toBe(category);
      }
      const all = Object.values(body.categories ?? {}).flat();
      expect(all.length).toBe(guideFiles.length);
      expect(all.length).toBeGreaterThanOrEqual(27);
      expect(all.map((room) => room.slug)).not.toContain('rooms');
      expect(body.featured_rooms.length).toBeGreaterThan(0);
      expect(body.featured_rooms.every((room) => room.featured)).toBe(true);
      expect(body.featured_rooms[0]?.slug).toBe('living-room');
      const livingRoom = all.find((room) => room.slug === 'living-room');
      expect(livingRoom).toMatchObject({
        name: 'Living Room',
        hero_image: '/images/guides/living-after.webp',
        before_image: '/images/guides/living-before.webp',
        cost_range: { min: expect.any(Number), max: expect.any(Number) },
      });
      expect(livingRoom?.image_alts.before).toMatch(/empty living room/i);
    });

    it('gives a flat list for one category', async () => {
      const body = (await get('/staging/rooms/?category=bathrooms')).json<RoomsResponse>();
      expect(body.categories).toBeUndefined();
      expect(body.rooms?.length).toBeGreaterThanOrEqual(3);
      expect(body.rooms?.every((room) => room.category === 'bathrooms')).toBe(true);
      expect(body.featured_rooms.length).toBeGreaterThan(0);
    });

    it('refuses an unknown category with a field error', async () => {
      const response = await get('/staging/rooms/?category=attic');
      expect(response.statusCode).toBe(400);
      // The detail is the reason alone; the field errors name the field.
      expect(response.json()).toMatchObject({ detail: expect.stringContaining('Invalid option'), category: expect.any(Array) });
    });

    it('searches with ranking: "kitchen" finds the kitchen guides first', async () => {
      const body = (await get('/staging/rooms/?search=kitchen')).json<RoomsResponse>();
      const slugs = body.rooms?.map((room) => room.slug) ?? [];
      expect(slugs[0]).toBe('kitchen');
      // Guides that only mention kitchens in passing come after the ones about kitchens.
      expect(slugs.indexOf('breakfast-nook')).toBeGreaterThan(0);
      expect(slugs.indexOf('breakfast-nook')).toBeLessThan(slugs.indexOf('living-room') === -1 ? Infinity : slugs.indexOf('living-room'));
    });

    it('searches with English stemming and word prefixes, within a category too', async () => {
      const plural = (await get('/staging/rooms/?search=bedrooms')).json<RoomsResponse>();
      expect(plural.rooms?.map((room) => room.slug)).toContain('primary-bedroom');
      const prefix = (await get('/staging/rooms/?search=bathr')).json<RoomsResponse>();
      expect(prefix.rooms?.[0]?.category).toBe('bathrooms');
      const filtered = (await get('/staging/rooms/?search=storage&category=utility_storage')).json<RoomsResponse>();
      expect(filtered.rooms?.length).toBeGreaterThan(0);
      expect(filtered.rooms?.every((room) => room.category === 'utility_storage')).toBe(true);
      const byCategoryWord = (await get('/staging/rooms/?search=outdoor')).json<RoomsResponse>();
      expect(byCategoryWord.rooms?.filter((room) => room.category === 'outdoor')).toHaveLength(3);
      const nothing = (await get('/staging/rooms/?search=zeppelin%20hangar')).json<RoomsResponse>();
      expect(nothing.rooms).toEqual([]);
      const punctuation = await get(`/staging/rooms/?search=${encodeURIComponent("'); drop table room_guides; --")}`);
      expect(punctuation.statusCode).toBe(200);
    });

    it('answers a guide with its content, tips and related guides', async () => {
      const response = await get('/staging/rooms/primary-bedroom/');
      expect(response.statusCode).toBe(200);
      const body = response.json<GuideDetailResponse>();
      expect(body.room.name).toBe('Primary Bedroom');
      expect(body.content.introduction.length).toBeGreaterThan(200);
      expect(body.content.step_by_step_guide).toMatch(/^1\. /);
      expect(body.content.faqs.length).toBeGreaterThanOrEqual(4);
      expect(body.tips.length).toBeGreaterThanOrEqual(2);
      expect(body.tips[0]).toEqual({ title: expect.any(String), content: expect.any(String), tip_type: expect.any(String) });
      expect(body.related_rooms[0]).toEqual({ name: 'Guest Bedroom', slug: 'guest-bedroom', description: expect.any(String) });
    });

    it('answers 404 "Room guide not found" for an unknown guide', async () => {
      const response = await get('/staging/rooms/ballroom/');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Room guide not found' });
      const page = await get('/staging/ballroom', browser);
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      expect(page.body).toContain('<div id="root">');
    });

    it('serves the same paths as a page to a browser and as JSON to a fetch', async () => {
      const page = await get('/staging/kitchen', browser);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const data = await get('/staging/kitchen', { accept: '*/*' });
      expect(data.headers['content-type']).toContain('application/json');
      expect(data.json<GuideDetailResponse>().room.slug).toBe('kitchen');
      const list = await get('/staging');
      expect(list.json<RoomsResponse>().categories).toBeDefined();
      const apiInBrowser = await get('/staging/rooms/kitchen/', browser);
      expect(apiInBrowser.statusCode).toBe(301);
      expect(apiInBrowser.headers.location).toBe('/staging/kitchen');
      expect((await get('/staging/rooms/', browser)).headers.location).toBe('/staging');
      expect((await get('/staging/rooms')).headers.location).toBe('/staging/rooms/');
    });

    it('serves a guide page that reads without JavaScript: title, description, canonical, Open Graph, FAQ and JSON-LD', async () => {
      const source = guideFiles.find((guide) => guide.slug === 'living-room');
      if (!source) throw new Error('no living-room guide file');
      const page = await get('/staging/living-room', browser);
      expect(page.statusCode).toBe(200);
      const html = page.body;
      expect(html).toContain('<title>Living Room Staging Guide: Costs, Steps and Tips · Stagecraft</title>');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(decodeHtml(html)).toContain(`<meta name="description" content="${source.description}" />`);
      expect(html).not.toContain('content="The app."');
      expect(html).toContain(`<link rel="canonical" href="${ctx().config.appUrl}/staging/living-room" />`);
      expect(html).toContain('<meta property="og:type" content="article" />');
      expect(html).toContain(`<meta property="og:image" content="${ctx().config.appUrl}/images/guides/living-after.webp" />`);
      expect(html).toContain('<h1>Living Room Staging</h1>');
      const firstFaq = source.faqs[0];
      if (!firstFaq) throw new Error('no FAQ');
      expect(decodeHtml(html)).toContain(firstFaq.question);
      expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
      const blocks = structuredData(html);
      const article = blocks.find((block) => block['@type'] === 'Article');
      expect(article).toMatchObject({ headline: 'Living Room Staging Guide', description: source.description });
      const faqPage = blocks.find((block) => block['@type'] === 'FAQPage') as { mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }> };
      expect(faqPage.mainEntity).toHaveLength(source.faqs.length);
      expect(faqPage.mainEntity[0]).toMatchObject({ name: firstFaq.question, acceptedAnswer: { text: firstFaq.answer } });
    });

    it('serves the index page with every guide linked', async () => {
      const page = await get('/staging', browser);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Room Staging Guides</h1>');
      for (const guide of guideFiles) expect(page.body).toContain(`href="/staging/${guide.slug}"`);
      const [collection] = structuredData(page.body);
      expect(collection).toMatchObject({ '@type': 'CollectionPage' });
    });

    it('lists every guide in the sitemap, and points robots at it', async () => {
      const sitemap = await get('/sitemap.xml', {});
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.headers['content-type']).toContain('application/xml');
      for (const guide of guideFiles) expect(sitemap.body).toContain(`<loc>${ctx().config.appUrl}/staging/${guide.slug}</loc>`);
      expect(sitemap.body).toContain(`<loc>${ctx().config.appUrl}/staging</loc>`);
      const robots = await get('/robots.txt', {});
      expect(robots.body).toContain(`Sitemap: ${ctx().config.appUrl}/sitemap.xml`);
      expect(robots.body).toContain('Disallow: /app/');
    });

    it('validates a consultation request field by field', async () => {
      const response = await consult({ name: '  ', email: 'not-an-address', message: 'Hi', room_slug: 'living-room' });
      expect(response.statusCode).toBe(400);
      const body = response.json<Record<string, unknown>>();
      expect(body.detail).toEqual(expect.any(String));
      expect(body.name).toEqual(['Name is required']);
      expect(body.email).toEqual(['Enter a valid email address.']);
      const unknownRoom = await consult({ name: 'Ana', email: 'ana@example.com', message: '', room_slug: 'ballroom' });
      expect(unknownRoom.statusCode).toBe(400);
      expect(unknownRoom.json()).toMatchObject({ room_slug: ['Unknown room guide.'] });
    });

    it('stores a consultation request, confirms it to the requester and tells staff', async () => {
      const staffEmail = `${uniqueName('staff')}@example.com`;
      await ctx().db.insert(users).values({ username: uniqueName('staff'), email: staffEmail, isStaff: true, isVerified: true });
      const requester = `${uniqueName('seller')}@example.com`;
      const response = await consult({
        name: 'Maria Lopez',
        email: requester,
        message: 'Two-bedroom flat, empty living room, listing in March.',
        room_slug: 'living-room',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ success: true, message: expect.stringContaining('sent') });
      const rows = await ctx().db.select().from(stagingConsultations).where(eq(stagingConsultations.email, requester));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Maria Lopez', roomSlug: 'living-room', message: expect.stringContaining('March') });
      const outbox = (await ctx().mailer.outbox?.list()) ?? [];
      const confirmation = outbox.find((mail) => mail.to === requester);
      expect(confirmation?.subject).toBe('We received your staging consultation request');
      expect(confirmation?.text).toContain('living room staging');
      const notice = outbox.find((mail) => mail.to === staffEmail);
      expect(notice?.subject).toContain('New staging consultation request: Living Room from Maria Lopez');
      expect(notice?.text).toContain(requester);
      const configured = outbox.find((mail) => mail.to === 'stagers@example.com' && mail.text.includes(requester));
      expect(configured).toBeDefined();
    });

    it('follows an edited content file at the next start, and leaves unchanged guides alone', async () => {
      const repository = createGuidesRepository(ctx().db);
      const original = guideFiles.find((guide) => guide.slug === 'garage');
      if (!original) throw new Error('no garage guide');
      const edited = { ...original, description: `${original.description} Edited.`, contentHash: 'edited' };
      const others = guideFiles.filter((guide) => guide.slug !== 'garage');
      expect(await repository.syncGuides([...others, edited])).toEqual({ written: 1, removed: 0 });
      expect((await get('/staging/rooms/garage/')).json<GuideDetailResponse>().room.description).toMatch(/Edited\.$/);
      expect(await repository.syncGuides(guideFiles)).toEqual({ written: 1, removed: 0 });
      expect((await get('/staging/rooms/garage/')).json<GuideDetailResponse>().room.description).toBe(original.description);
    });

    it('rate limits consultation requests per IP address', async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        statuses.push((await consult({ name: 'Repeat', email: `repeat${attempt}@example.com`, message: '', room_slug: '' }, ip)).statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const limited = await consult({ name: 'Repeat', email: 'repeat@example.com', message: '', room_slug: '' }, ip);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json<{ detail: string }>().detail).toMatch(/Too many attempts/);
      // Another address is not affected.
      expect((await consult({ name: 'Other', email: 'other@example.com', message: '', room_slug: '' })).statusCode).toBe(201);
    });
  },
  { webDistDir: webDist, env: { STAFF_EMAIL: 'stagers@example.com' } },
);
