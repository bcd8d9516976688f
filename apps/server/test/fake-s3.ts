import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for S3's object API (path-style PUT, GET, HEAD and DELETE of objects), enough for the
 * AWS SDK's S3Client to store media through it. Fakes stay at the network edge: the app talks real HTTP to it
 * through the real SDK. (The npm S3 servers are unmaintained; this one is 50 lines and its own test's.)
 */
export interface FakeS3 {
  url: string;
  /** Bucket/key -> bytes, to check what the app stored. */
  objects: Map<string, Buffer>;
  requests: { method: string; count: number }[];
  close(): Promise<void>;
}

export async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const counts = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-s3');
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const method = request.method ?? 'GET';
    counts.set(method, (counts.get(method) ?? 0) + 1);
    const fail = (status: number, code: string) => {
      response.writeHead(status, { 'content-type': 'application/xml' });
      response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
    };
    if (bucketName !== bucket) return fail(404, 'NoSuchBucket');
    if (!key) return fail(400, 'InvalidRequest');
    if (method === 'PUT') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        objects.set(key, Buffer.concat(chunks));
        response.writeHead(200, { etag: '"fake"' });
        response.end();
      });
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return fail(404, 'NoSuchKey');
      response.writeHead(200, { 'content-length': object.length, 'content-type': 'application/octet-stream', etag: '"fake"' });
      response.end(method === 'GET' ? object : undefined);
      return;
    }
    if (method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204);
      response.end();
      return;
    }
    fail(405, 'MethodNotAllowed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    get requests() {
      return [...counts].map(([method, count]) => ({ method, count }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
