import { randomUUID } from 'node:crypto';
import { INSPIRATION_MESSAGES } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { createJobStore } from '../../jobs/job-store.ts';
import { describeEachDatabase } from '../../../test/test-app.ts';
import { studioUser } from '../../../test/studio.ts';
import { JobProgressBoard, STUDIO_STEP_JOB } from './progress.ts';

const quiet = { warn: () => {} };

describeEachDatabase('progress of studio calls on the durable jobs', (ctx) => {
  it('is read by the owner on any instance (one database), and is 404 for anyone else', async () => {
    const owner = await studioUser(ctx());
    const stranger = await studioUser(ctx());
    // Two boards over one database: the call on one instance, its polls on another.
    const [a, b] = [new JobProgressBoard(ctx().db, quiet), new JobProgressBoard(ctx().db, quiet)];
    const id = randomUUID();
    const handle = await a.start(owner.id, id);
    expect(handle).not.toBeNull();
    expect(await b.read(owner.id, id)).toEqual({ success: true, progress: 0, status: 'queued' });
    handle?.running(0.25);
    expect(await a.read(owner.id, id)).toEqual({ success: true, progress: 0.25, status: 'running' });
    handle?.done();
    expect(await a.read(owner.id, id)).toEqual({ success: true, progress: 1, status: 'done' });
    expect(await b.read(owner.id, id)).toEqual({ success: true, progress: 1, status: 'done' });
    await expect(b.read(stranger.id, id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(b.read(owner.id, randomUUID())).rejects.toMatchObject({ statusCode: 404 });
    // Someone else's id is not followed (and not taken over).
    expect(await b.start(stranger.id, id)).toBeNull();
    expect(await b.read(owner.id, id)).toMatchObject({ status: 'done' });
    // The same owner may name a new call with it.
    const again = await b.start(owner.id, id);
    expect(again).not.toBeNull();
    expect(await a.read(owner.id, id)).toEqual({ success: true, progress: 0, status: 'queued' });
  });

  it('shows a failed call as failed, and a call its process died in as failed after a restart', async () => {
    const owner = await studioUser(ctx());
    const board = new JobProgressBoard(ctx().db, quiet);
    const failing = randomUUID();
    const handle = await board.start(owner.id, failing);
    handle?.running(0.5);
    handle?.failed();
    expect(await board.read(owner.id, failing)).toMatchObject({ status: 'failed', progress: 0.5 });

    // A 4K enhancement under way when the process is killed: its record is in the database, not in memory.
    const lost = randomUUID();
    (await board.start(owner.id, lost))?.running(0.4);
    expect(await board.read(owner.id, lost)).toMatchObject({ status: 'running' });
    const [row] = await ctx().db.select().from(jobs).where(eq(jobs.id, lost));
    expect(row).toMatchObject({ kind: STUDIO_STEP_JOB, status: 'running', userId: owner.id, creditsCharged: 0 });
    // What the next start does (server.ts), and what a fresh instance's board then answers.
    await createJobStore(ctx().db).recoverAbandoned(INSPIRATION_MESSAGES.interrupted, 'all');
    expect(await new JobProgressBoard(ctx().db, quiet).read(owner.id, lost)).toEqual({ success: true, progress: 0.4, status: 'failed' });
  });

  it('does not follow a call without a progress id', async () => {
    const owner = await studioUser(ctx());
    expect(await new JobProgressBoard(ctx().db, quiet).start(owner.id, undefined)).toBeNull();
  });
});
