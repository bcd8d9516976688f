import { notFound } from '../../lib/http-errors.ts';
import { isMediaId, type MediaStorage, MediaUrlSigner, newMediaId } from '../../storage/media-storage.ts';
import type { Database } from '../../db/database.ts';
import { createMediaRepository, type MediaRepository } from './repository.ts';

export interface StoredMedia {
  id: string;
  contentType: string;
  data: Buffer;
}

/** How long a signed media URL stays valid: long enough to show a page, short enough not to be shared for good. */
export const SIGNED_MEDIA_TTL_SECONDS = 60 * 60;

/**
 * Media with an owner. A user only ever reaches their own files: anything else answers 404, as if it did not
 * exist.
 */
export function createMediaService(deps: { repository: MediaRepository; storage: MediaStorage; signer: MediaUrlSigner }) {
  const { repository, storage, signer } = deps;
  return {
    async save(ownerId: number | null, data: Buffer, contentType: string): Promise<{ id: string; url: string }> {
      const id = newMediaId();
      // Bytes first: a row without its file would be a broken link, a file without its row is only garbage.
      await storage.put(id, data);
      await repository.insert({ id, ownerId, contentType, byteSize: data.length });
      return { id, url: signer.sign(id, SIGNED_MEDIA_TTL_SECONDS) };
    },

    async readOwned(ownerId: number, id: string): Promise<StoredMedia> {
      const row = isMediaId(id) ? await repository.find(id) : null;
      if (!row || row.ownerId !== ownerId) throw notFound();
      const data = await storage.get(id);
      if (!data) throw notFound();
      return { id, contentType: row.contentType, data };
    },

    async readSigned(id: string, expires: number, signature: string): Promise<StoredMedia> {
      if (!isMediaId(id) || !signer.verify(id, expires, signature)) throw notFound();
      const row = await repository.find(id);
      const data = row ? await storage.get(id) : null;
      if (!row || !data) throw notFound();
      return { id, contentType: row.contentType, data };
    },

    /** A file the server made for everyone (no owner, e.g. a cached demo result), for the server's own use. */
    async readOwnerless(id: string): Promise<Buffer> {
      const row = isMediaId(id) ? await repository.find(id) : null;
      const data = row && row.ownerId === null ? await storage.get(id) : null;
      if (!data) throw notFound();
      return data;
    },

    signedUrl: (id: string) => signer.sign(id, SIGNED_MEDIA_TTL_SECONDS),

    /**
     * Inside the caller's transaction: deletes the rows of these files of the owner that nothing references any
     * more, and answers their ids. Their bytes go with `deleteFiles` once the transaction has committed.
     */
    forgetUnreferenced: (inTx: Database, ownerId: number, ids: readonly string[]) =>
      createMediaRepository(inTx).deleteUnreferenced(ownerId, ids),

    /** Deletes the bytes of files whose rows are gone (a row still there keeps its file). */
    async deleteFiles(ids: readonly string[]): Promise<void> {
      for (const id of ids) {
        if (!isMediaId(id) || (await repository.find(id))) continue;
        await storage.delete(id);
      }
    },

    async deleteOwned(ownerId: number, id: string): Promise<void> {
      const row = isMediaId(id) ? await repository.find(id) : null;
      if (!row || row.ownerId !== ownerId) throw notFound();
      await repository.delete(id);
      await storage.delete(id);
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
