import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BILLING_ROUTES,
  type DesignHistoryResponse,
  type DesignSessionResponse,
  HISTORY_ROUTES,
  type ProgressResponse,
  STUDIO_ROUTES,
} from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../src/areas/auth/users-repository.ts';
import { TokenSigner } from '../src/areas/auth/tokens.ts';
import { databaseTarget, openDatabase } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { dataUrl, roomPhoto } from './studio.ts';
import { serverProcess } from './server-process.ts';
import { ensurePgliteTemplate } from './test-database.ts';

/**
 * kill -9 in the middle of a paid engine call (issue 12): the real server, started as `npm start` starts it
 * (its own data directory and port, the embedded database), is killed while a 4K enhancement runs. After a
 * restart no credit is charged for the call that has no stored result, its hold no longer counts, and the work
 * committed before the kill (a paid detection, its session and its image) is all still there.
 */
// Apart from restart.test.ts (4500-4899) so that both can run at once.
const port = 4900 + (process.pid % 90);
const jwtSecret = `kill-9-test-secret-${randomUUID()}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-kill-9-'));
const server = serverProcess({ port, dataDir, env: { JWT_SECRET: jwtSecret, VISION_WORKERS: '1' } });
const { baseUrl } = server;
afterAll(async () => {
  await server.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a paid engine call', () => {
  it('charges nothing without a stored result, gives the hold back and loses nothing committed', async () => {
    // A paid-plan user (history is theirs to read) with 4 credits, written before the server first opens the database.
    cpSync(await ensurePgliteTemplate(), path.join(dataDir, 'db'), { recursive: true });
    const handle = await openDatabase(databaseTarget({ dataDir, databaseUrl: undefined }));
    const user = await createUsersRepository(handle.db).insert({
      username: 'killed',
      email: 'killed@example.com',
      passwordHash: null,
      isVerified: true,
      plan: 'paid',
    });
    await handle.db.update(users).set({ credits: 4 }).where(eq(users.id, user.id));
    await handle.close();
    const headers = {
      authorization: `Bearer ${(await new TokenSigner(jwtSecret).sign('access', user.id)).token}`,
      'content-type': 'application/json',
    };
    const call = (url: string, body?: object) =>
      fetch(`${baseUrl}${url}`, body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers });
    const credits = async () => ((await (await call(BILLING_ROUTES.userCredits)).json()) as { credits: number }).credits;
    const kitchen = dataUrl(await roomPhoto('coco_val2017_000000000802.jpg', 480));

    server.start();
    await server.waitForHealth();

    // Committed before the kill: a paid detection (1 credit), its session and its annotated image.
    const detected = await call(STUDIO_ROUTES.detectObjects, { image_data: kitchen });
    expect(detected.status).toBe(200);
    const { session_id: sessionId } = (await detected.json()) as { session_id: string };
    expect(await credits()).toBe(3);

    // A 4K enhancement (3 credits: every credit left is held), killed once the engine has it.
    const progressId = randomUUID();
    const enhancing = call(STUDIO_ROUTES.enhanceImage, {
      image_data: dataUrl(await roomPhoto('coco_val2017_000000000802.jpg', 1280)),
      enhancement_level: '4k',
      session_id: sessionId,
      progress_id: progressId,
    }).then(
      (response) => `answered ${response.status}`,
      () => 'connection lost',
    );
    const deadline = Date.now() + 30_000;
    let progress: ProgressResponse | null = null;
    while (progress?.status !== 'running' && Date.now() < deadline) {
      const answer = await call(STUDIO_ROUTES.progress(progressId));
      progress = answer.ok ? ((await answer.json()) as ProgressResponse) : null;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(progress?.status).toBe('running');
    // Well inside the engine run (seconds for 1280 -> 3840 px on a CPU).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.stop('SIGKILL');
    expect(await enhancing).toBe('connection lost');

    server.start();
    await server.waitForHealth();

    // No stored result, no charge.
    expect(await credits()).toBe(3);
    // Its progress is a durable job: after the restart it reads failed (a process's memory would have lost it: 404).
    const after = await call(STUDIO_ROUTES.progress(progressId));
    expect(after.status).toBe(200);
    expect(((await after.json()) as ProgressResponse).status).toBe('failed');
    const session = (await (await call(HISTORY_ROUTES.session(sessionId))).json()) as DesignSessionResponse;
    expect(session.session.placements.map((step) => step.action)).not.toContain('enhancement_4k');
    // Nothing committed is lost: the detection's session and its image.
    const history = (await (await call(HISTORY_ROUTES.list)).json()) as DesignHistoryResponse;
    expect(history.sessions.map((item) => item.session_id)).toEqual([sessionId]);
    const original = history.sessions[0]?.original_image_url;
    expect(original).toBeTruthy();
    expect((await fetch(new URL(original!, baseUrl))).status).toBe(200);

    // The dead call's hold of 3 no longer counts: all 3 credits can be spent (with it, 0 would be available).
    const again = await call(STUDIO_ROUTES.detectObjects, { image_data: kitchen, session_id: sessionId });
    expect(again.status).toBe(200);
    expect(await credits()).toBe(2);
  }, 90_000);
});
