import { BRANDING_MESSAGES, BRANDING_ROUTES } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { brandedExports, brandingTemplates, media } from '../../db/schema.ts';
import { describeEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { dataUrl, roomPhoto, studioUser, type StudioTestUser } from '../../../test/studio.ts';

/** A logo with a transparent background: a red disc on nothing. */
const logoPng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="90" fill="#ff0000"/></svg>',
    ),
  )
    .png()
    .toBuffer();
const signaturePng = () =>
  sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

async function multipartForm(fields: Record<string, string>, file: Buffer | null, headers: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('image_file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'upload.png');
  const request = new Request('http://branding.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...headers, 'content-type': request.headers.get('content-type') ?? '' },
  };
}

function client(ctx: TestContext, user: StudioTestUser) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  return {
    id: user.id,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: object = {}) => call('POST', url, payload),
    put: (url: string, payload: object) => call('PUT', url, payload),
    delete: (url: string) => call('DELETE', url),
    async upload(assetType: string, name: string, file: Buffer | null, extra: Record<string, string> = {}) {
      const body = await multipartForm({ asset_type: assetType, name, ...extra }, file, user.headers);
      return ctx.app.inject({ method: 'POST', url: BRANDING_ROUTES.assets, ...body });
    },
    async asset(assetType: 'logo' | 'signature', name = `${assetType} one`) {
      const response = await this.upload(assetType, name, assetType === 'logo' ? await logoPng() : await signaturePng());
      expect(response.statusCode, response.body).toBe(200);
      return response.json().asset as { asset_id: string; id: number; image_url: string };
    },
    async template(payload: object) {
      const response = await call('POST', BRANDING_ROUTES.quickCreate, { make_default: false, ...payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().template as { template_id: string; is_default: boolean; usage_count: number };
    },
  };
}

describeEachDatabase('branding', (ctx) => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await roomPhoto('coco_val2017_000000000139.jpg', 640);
  });
  const user = async (plan: 'free' | 'paid' | 'pro' = 'pro') => client(ctx(), await studioUser(ctx(), { plan }));

  it('needs a login for every branding call', async () => {
    for (const [method, url] of [
      ['GET', BRANDING_ROUTES.assets],
      ['GET', BRANDING_ROUTES.templates],
      ['GET', BRANDING_ROUTES.defaultTemplate],
      ['GET', BRANDING_ROUTES.stats],
      ['POST', BRANDING_ROUTES.apply],
    ] as const) {
      expect((await ctx().app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('uploads a logo and a signature, keeps the transparency, lists and serves them', async () => {
    const alice = await user('free');
    const logo = await alice.upload('logo', '  Acme logo  ', await logoPng());
    expect(logo.statusCode, logo.body).toBe(200);
    expect(logo.json()).toMatchObject({ success: true, asset: { name: 'Acme logo', asset_type: 'logo' } });
    expect(logo.json().asset.asset_id).toMatch(/^[0-9a-f-]{36}$/);
    const served = await ctx().app.inject({ method: 'GET', url: logo.json().asset.image_url });
    expect(served.statusCode).toBe(200);
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0); // the corner is still transparent
    expect(data[(100 * 200 + 100) * 4 + 3]).toBe(255);
    await alice.asset('signature', 'My signature');
    const list = (await alice.get(BRANDING_ROUTES.assets)).json();
    expect(list.assets.map((a: { name: string }) => a.name)).toEqual(['My signature', 'Acme logo']);
  });

  it('refuses uploads that are not images, too large, untyped or unnamed, with the spec texts', async () => {
    const bob = await user('free');
    const notImage = await bob.upload('logo', 'Text', Buffer.from('this is not an image'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().detail).toBe(BRANDING_MESSAGES.invalidImageFile);
    const missing = await bob.upload('logo', 'Nothing', null);
    expect(missing.json().detail).toBe('Please upload a valid image file');
    // 5 MB and one byte: a valid PNG header padded past the limit.
    const big = Buffer.concat([await logoPng(), Buffer.alloc(5_242_881)]);
    const tooLarge = await bob.upload('logo', 'Huge', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toBe('File too large. Please use images under 5MB');
    expect((await bob.upload('badge', 'Badge', await logoPng())).json()).toHaveProperty('asset_type');
    expect((await bob.upload('logo', '   ', await logoPng())).json()).toHaveProperty('name');
    expect((await bob.get(BRANDING_ROUTES.assets)).json().assets).toEqual([]);
    const notMultipart = await bob.post(BRANDING_ROUTES.assets, { asset_type: 'logo' });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('creates templates with the spec defaults and ranges, and needs a name and a logo or signature', async () => {
    const carol = await user('free');
    const logo = await carol.asset('logo');
    const created = await carol.template({ name: 'Listing', logo_id: logo.asset_id });
    expect(created).toMatchObject({
      name: 'Listing',
      description: '',
      logo_details: { asset_id: logo.asset_id, asset_type: 'logo' },
      signature_details: null,
      logo_position: 'top-right',
      logo_size: 15,
      logo_opacity: 90,
      signature_position: 'bottom-right',
      signature_size: 20,
      signature_opacity: 80,
      disclosure_mode: 'label',
      disclosure_text: 'Virtually staged',
      is_default: false,
      usage_count: 0,
    });
    expect(created.template_id).toMatch(/^[0-9a-f-]{36}$/);

    const noName = await carol.post(BRANDING_ROUTES.quickCreate, { name: ' ', logo_id: logo.asset_id });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().name).toEqual(['Please enter a template name']);
    const nothing = await carol.post(BRANDING_ROUTES.quickCreate, { name: 'Empty' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().detail).toBe('Please select at least a logo or signature');
    for (const [field, value] of [
      ['logo_size', 4],
      ['logo_size', 41],
      ['signature_size', 7],
      ['signature_size', 51],
      ['logo_opacity', 9],
      ['signature_opacity', 101],
      ['logo_position', 'center'],
    ] as const) {
      const response = await carol.post(BRANDING_ROUTES.quickCreate, { name: 'Range', logo_id: logo.asset_id, [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json()).toHaveProperty(field);
    }
    const edges = await carol.template({
      name: 'Edges',
      logo_id: logo.asset_id,
      logo_size: 40,
      logo_opacity: 10,
      signature_size: 8,
      signature_opacity: 100,
      logo_position: 'bottom-left',
    });
    expect(edges).toMatchObject({
      logo_size: 40,
      logo_opacity: 10,
      signature_size: 8,
      signature_opacity: 100,
      logo_position: 'bottom-left',
    });
    // A signature id used as a logo is not a logo.
    const signature = await carol.asset('signature');
    const swapped = await carol.post(BRANDING_ROUTES.quickCreate, { name: 'Swap', logo_id: signature.asset_id });
    expect(swapped.statusCode).toBe(400);
  });

  it('updates a template, and keeps one default per user when switching', async () => {
    const dan = await user('free');
    const logo = await dan.asset('logo');
    const signature = await dan.asset('signature');
    const first = await dan.template({ name: 'First', logo_id: logo.asset_id, make_default: true });
    const second = await dan.template({ name: 'Second', signature_id: signature.asset_id });
    expect(first.is_default).toBe(true);
    expect((await dan.get(BRANDING_ROUTES.defaultTemplate)).json().template.template_id).toBe(first.template_id);

    const switched = await dan.post(BRANDING_ROUTES.setDefault(second.template_id));
    expect(switched.statusCode).toBe(200);
    expect(switched.json().message).toContain('Second');
    const list = (await dan.get(BRANDING_ROUTES.templates)).json().templates as { name: string; is_default: boolean }[];
    expect(list.filter((t) => t.is_default).map((t) => t.name)).toEqual(['Second']);
    const rows = await ctx().db.select().from(brandingTemplates).where(eq(brandingTemplates.isDefault, true));
    expect(rows.filter((row) => [first.template_id, second.template_id].includes(row.templateId))).toHaveLength(1);

    const updated = await dan.put(BRANDING_ROUTES.template(first.template_id), {
      name: 'First, renamed',
      description: 'For listings',
      logo: logo.asset_id,
      signature: signature.asset_id,
      logo_position: 'top-left',
      logo_size: 25,
      logo_opacity: 60,
      signature_position: 'bottom-left',
      signature_size: 30,
      signature_opacity: 70,
      disclosure_mode: 'no_overlays',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().template).toMatchObject({
      name: 'First, renamed',
      description: 'For listings',
      logo_details: { asset_id: logo.asset_id },
      signature_details: { asset_id: signature.asset_id },
      logo_position: 'top-left',
      logo_size: 25,
      signature_size: 30,
      disclosure_mode: 'no_overlays',
      is_default: false,
    });
    const none = await dan.put(BRANDING_ROUTES.template(first.template_id), { name: 'None' });
    expect(none.json().detail).toBe('Please select at least a logo or signature');

    expect((await dan.delete(BRANDING_ROUTES.template(second.template_id))).statusCode).toBe(200);
    expect((await dan.get(BRANDING_ROUTES.defaultTemplate)).json()).toEqual({ success: true, template: null });
    expect((await dan.delete(BRANDING_ROUTES.template(second.template_id))).statusCode).toBe(404);
  });

  it("answers 404 for another user's assets, templates and exports", async () => {
    const owner = await user('pro');
    const stranger = await user('pro');
    const logo = await owner.asset('logo');
    const template = await owner.template({ name: 'Mine', logo_id: logo.asset_id });
    const applied = await owner.post(BRANDING_ROUTES.apply, { image_data: dataUrl(photo), template_id: template.template_id });
    expect(applied.statusCode, applied.body).toBe(200);
    const exportId = applied.json().export_id as string;

    expect((await stranger.delete(BRANDING_ROUTES.asset(logo.asset_id))).statusCode).toBe(404);
    expect(
      (await stranger.put(BRANDING_ROUTES.template(template.template_id), { name: 'x', logo: logo.asset_id })).statusCode,
    ).toBe(404);
    expect((await stranger.delete(BRANDING_ROUTES.template(template.template_id))).statusCode).toBe(404);
    expect((await stranger.post(BRANDING_ROUTES.setDefault(template.template_id))).statusCode).toBe(404);
    const foreignApply = await stranger.post(BRANDING_ROUTES.apply, {
      image_data: dataUrl(photo),
      template_id: template.template_id,
    });
    expect(foreignApply.statusCode).toBe(404);
    expect((await stranger.post(BRANDING_ROUTES.exportShare(exportId))).statusCode).toBe(404);
    // Using someone else's asset in one's own template: as if it did not exist.
    expect((await stranger.post(BRANDING_ROUTES.quickCreate, { name: 'Theirs', logo_id: logo.asset_id })).statusCode).toBe(400);
    // Branding someone else's stored image: 404.
    const ownTemplate = await stranger.template({ name: 'Own', logo_id: (await stranger.asset('logo')).asset_id });
    const foreignImage = await stranger.post(BRANDING_ROUTES.apply, {
      image_data: applied.json().branded_image,
      template_id: ownTemplate.template_id,
    });
    expect(foreignImage.statusCode).toBe(404);
    expect((await stranger.get(BRANDING_ROUTES.assets)).json().assets).toHaveLength(1);
    expect((await stranger.get(BRANDING_ROUTES.exports)).json().exports).toEqual([]);
  });

  it('applies a template only for Pro: others get 403', async () => {
    for (const plan of ['free', 'paid'] as const) {
      const member = await user(plan);
      const template = await member.template({ name: 'T', logo_id: (await member.asset('logo')).asset_id });
      const response = await member.post(BRANDING_ROUTES.apply, {
        image_data: dataUrl(photo),
        template_id: template.template_id,
      });
      expect(response.statusCode, plan).toBe(403);
      expect(response.json().detail).toBe(BRANDING_MESSAGES.proRequired);
      expect(await ctx().db.select().from(brandedExports).where(eq(brandedExports.userId, member.id))).toEqual([]);
      expect((await member.get(BRANDING_ROUTES.templates)).json().templates[0].usage_count).toBe(0);
    }
  });

  it('brands a photo: the file, its size, the usage count and the export record', async () => {
    const erin = await user('pro');
    const logo = await erin.asset('logo');
    const template = await erin.template({
      name: 'Red corner',
      logo_id: logo.asset_id,
      logo_position: 'top-left',
      logo_size: 20,
      logo_opacity: 100,
    });
    const response = await erin.post(BRANDING_ROUTES.apply, {
      image_data: dataUrl(photo),
      template_id: template.template_id,
      export_format: 'JPEG',
      export_quality: 92,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, caption: null, share_url: null });
    expect(body.export_id).toMatch(/^[0-9a-f-]{36}$/);
    const file = await ctx().app.inject({ method: 'GET', url: body.branded_image });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(body.file_size);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 426 });
    expect(meta.exif?.toString('latin1')).toContain('Virtually staged');
    // 640x426: short side 426, logo 85 px at (13, 13): its middle is the logo's red.
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [r, g, b] = at(13 + 42, 13 + 42);
    expect(r).toBeGreaterThan(220);
    expect(g! + b!).toBeLessThan(60);

    const templates = (await erin.get(BRANDING_ROUTES.templates)).json().templates;
    expect(templates[0].usage_count).toBe(1);
    await erin.post(BRANDING_ROUTES.apply, { image_data: body.branded_image, template_id: template.template_id });
    expect((await erin.get(BRANDING_ROUTES.templates)).json().templates[0].usage_count).toBe(2);
    const exports = (await erin.get(BRANDING_ROUTES.exports)).json().exports;
    expect(exports).toHaveLength(2);
    expect(exports[1]).toMatchObject({ export_id: body.export_id, template_name: 'Red corner', file_size: body.file_size });

    const bad = await erin.post(BRANDING_ROUTES.apply, {
      image_data: 'data:image/png;base64,AAAA',
      template_id: template.template_id,
    });
    expect(bad.statusCode).toBe(400);
    const noImage = await erin.post(BRANDING_ROUTES.apply, { template_id: template.template_id });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().image_data).toEqual(['Please upload an image first']);
  });

  it('puts the disclosure in the metadata and the caption, and draws nothing, for a "no overlays" template', async () => {
    const fay = await user('pro');
    const template = await fay.template({
      name: 'MLS',
      logo_id: (await fay.asset('logo')).asset_id,
      disclosure_mode: 'no_overlays',
    });
    const response = await fay.post(BRANDING_ROUTES.apply, { image_data: dataUrl(photo), template_id: template.template_id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().caption).toBe('Virtually staged');
    const file = (await ctx().app.inject({ method: 'GET', url: response.json().branded_image })).rawPayload;
    expect((await sharp(file).metadata()).exif?.toString('latin1')).toContain('Virtually staged');
    const branded = await sharp(file).raw().toBuffer();
    const original = await sharp(photo).raw().toBuffer();
    let difference = 0;
    for (let i = 0; i < original.length; i++) difference += Math.abs(original[i]! - branded[i]!);
    expect(difference / original.length).toBeLessThan(2); // re-encoding only
  });

  it('keeps templates working after their asset is deleted', async () => {
    const gus = await user('pro');
    const logo = await gus.asset('logo');
    const signature = await gus.asset('signature');
    const template = await gus.template({ name: 'Both', logo_id: logo.asset_id, signature_id: signature.asset_id });
    const removed = await gus.delete(BRANDING_ROUTES.asset(logo.asset_id));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ success: true });
    expect((await gus.delete(BRANDING_ROUTES.asset(logo.asset_id))).statusCode).toBe(404);
    const [row] = await ctx().db.select().from(brandingTemplates).where(eq(brandingTemplates.templateId, template.template_id));
    expect(row?.logoAssetId).toBeNull();
    const listed = (await gus.get(BRANDING_ROUTES.templates)).json().templates[0];
    expect(listed).toMatchObject({ logo_details: null, signature_details: { asset_id: signature.asset_id } });
    const applied = await gus.post(BRANDING_ROUTES.apply, { image_data: dataUrl(photo), template_id: template.template_id });
    expect(applied.statusCode, applied.body).toBe(200);
    // The logo's file went with it; the signature's stays.
    const files = await ctx().db.select().from(media).where(eq(media.ownerId, gus.id));
    expect(files.map((file) => file.contentType).sort()).toEqual(['image/jpeg', 'image/png']);
  });

  it('counts the eight stats figures', async () => {
    const hal = await user('pro');
    const empty = (await hal.get(BRANDING_ROUTES.stats)).json();
    expect(empty).toEqual({
      success: true,
      stats: {
        total_assets: 0,
        total_logos: 0,
        total_signatures: 0,
        total_templates: 0,
        total_exports: 0,
        exports_this_month: 0,
        most_used_template: null,
        storage_used_mb: 0,
      },
    });
    const logo = await hal.asset('logo');
    await hal.asset('logo', 'second logo');
    await hal.asset('signature');
    const rarely = await hal.template({ name: 'Rarely', logo_id: logo.asset_id });
    const often = await hal.template({ name: 'Often', logo_id: logo.asset_id });
    const apply = (templateId: string) =>
      hal.post(BRANDING_ROUTES.apply, { image_data: dataUrl(photo), template_id: templateId, original_image: dataUrl(photo) });
    await apply(rarely.template_id);
    await apply(often.template_id);
    const last = await apply(often.template_id);
    expect(last.statusCode, last.body).toBe(200);
    // One export made last month counts in the total only.
    await ctx()
      .db.update(brandedExports)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(brandedExports.id, last.json().export_id));
    const stats = (await hal.get(BRANDING_ROUTES.stats)).json().stats;
    expect(stats).toMatchObject({
      total_assets: 3,
      total_logos: 2,
      total_signatures: 1,
      total_templates: 2,
      total_exports: 3,
      exports_this_month: 2,
      most_used_template: 'Often',
    });
    const files = await ctx().db.select().from(media).where(eq(media.ownerId, hal.id));
    const bytes = files.reduce((sum, file) => sum + file.byteSize, 0);
    expect(stats.storage_used_mb).toBe(Math.round((bytes / 1_048_576) * 100) / 100);
    expect(stats.storage_used_mb).toBeGreaterThan(0);
  });

  it('shares an export on a public page with the original, counts views, and revokes the link', async () => {
    const ivy = await user('pro');
    const template = await ivy.template({ name: 'Share', logo_id: (await ivy.asset('logo')).asset_id });
    const applied = await ivy.post(BRANDING_ROUTES.apply, {
      image_data: dataUrl(photo),
      template_id: template.template_id,
      original_image: dataUrl(photo),
      include_qr: true,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const shareUrl = applied.json().share_url as string;
    expect(shareUrl).toMatch(/\/s\/[A-Za-z0-9_-]{24}$/);
    const token = shareUrl.split('/s/')[1]!;
    const page = await ctx().app.inject({ method: 'GET', url: BRANDING_ROUTES.shared(token) });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ success: true, caption: null });
    expect(page.json().owner_name).toMatch(/^studio/);
    for (const url of [page.json().branded_image, page.json().original_image, page.json().logo_url]) {
      expect((await ctx().app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    await ctx().app.inject({ method: 'GET', url: BRANDING_ROUTES.shared(token) });
    const listed = (await ivy.get(BRANDING_ROUTES.exports)).json().exports[0];
    expect(listed).toMatchObject({ share_views: 2, share_url: shareUrl });
    expect(listed.original_image).toBeTruthy();

    const revoked = await ivy.delete(BRANDING_ROUTES.exportShare(applied.json().export_id));
    expect(revoked.statusCode).toBe(200);
    expect((await ctx().app.inject({ method: 'GET', url: BRANDING_ROUTES.shared(token) })).statusCode).toBe(404);
    const again = await ivy.post(BRANDING_ROUTES.exportShare(applied.json().export_id));
    expect(again.json().token).not.toBe(token);
    await expectQrOf(again.json().qr_code_svg, again.json().share_url);
    expect((await ctx().app.inject({ method: 'GET', url: BRANDING_ROUTES.shared(again.json().token) })).statusCode).toBe(200);
    expect((await ctx().app.inject({ method: 'GET', url: BRANDING_ROUTES.shared('a'.repeat(24)) })).statusCode).toBe(404);
  });
});

/**
 * The QR code a share returns, rasterised and read module by module: it must be the code of the share link
 * (the same matrix the qrcode library builds for that text, quiet zone white).
 */
async function expectQrOf(svg: string, link: string) {
  expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  const code = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const count = code.modules.size;
  const cells = count + 4; // margin 2 on each side
  const px = 8;
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 }).resize(cells * px, cells * px, { kernel: 'nearest' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const dark = (row: number, col: number) => data[((row + 2) * px + px / 2) * info.width + (col + 2) * px + px / 2]! < 128;
  let mismatches = 0;
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++) if (dark(row, col) !== (code.modules.data[row * count + col] === 1)) mismatches++;
  expect(mismatches).toBe(0);
  expect(data[(px / 2) * info.width + px / 2]).toBeGreaterThan(200);
}
