/**
 * The embedded agent's debug server (served on its own port, as an agent's
 * would be). Every route needs the session token of an owner: the spec leaves
 * the debug routes' authentication open, and they expose the agent's logs.
 */
import { open, stat, type FileHandle } from 'node:fs/promises';
import { Hono } from 'hono';
import { DEBUG_LOGS_LIMIT_BYTES, parseBooleanSegment } from '../pipeline/platform-api/index.ts';
import { badRequest, messageResponse, renderError } from './errors.ts';
import { requireOwner, type PlatformServices } from './services.ts';

export function createAgentDebugApp(services: PlatformServices): Hono {
  const app = new Hono();
  const { agent } = services;

  app.use('*', async (c, next) => {
    await requireOwner(services, c.req.raw);
    await next();
  });

  app.get('/debug/logs', async (c) => {
    const size = await stat(agent.logFile).then((info) => info.size, () => null);
    const headers = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
    if (size === null || size === 0) return new Response('', { status: 200, headers });
    const length = Math.min(size, DEBUG_LOGS_LIMIT_BYTES);
    const sized = { ...headers, 'content-length': String(length) };
    // HEAD wants the headers only: a body stream here would never be read nor cancelled (issue 11, defect 10).
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers: sized });
    return new Response(readFileHead(agent.logFile, length), { status: 200, headers: sized });
  });

  app.get('/debug/magicsock', (c) => c.json(agent.magicsockState()));

  app.get('/debug/magicsock/debug-logging/:state', async (c) => {
    const on = parseBooleanSegment(c.req.param('state'));
    if (on === null) throw badRequest('Invalid state.', [{ field: 'state', detail: 'must be a boolean (true or false)' }]);
    await agent.setDebugLogging(on);
    return c.text(`updated debug logging to ${on}`);
  });

  app.get('/debug/manifest', async (c) => c.json(await agent.manifest(services.db, services.address().publicUrl)));

  app.notFound(() => messageResponse(404, 'No such debug route.'));
  app.onError((error) => renderError(error, services.log));
  return app;
}

/**
 * Streams the first `length` bytes of a file, 64 KiB at a time. The file is
 * opened on the first read, not before, and closed when the stream ends, fails
 * or is cancelled: a stream nobody reads holds no handle.
 */
function readFileHead(path: string, length: number): ReadableStream<Uint8Array> {
  let offset = 0;
  let file: FileHandle | null = null;
  let cancelled = false;
  const closeFile = async () => {
    const handle = file;
    file = null;
    await handle?.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (file === null) {
          const opened = await open(path, 'r');
          // The client may have left while the file was opening: cancel() found nothing to close then.
          if (cancelled) {
            await opened.close().catch(() => undefined);
            return;
          }
          file = opened;
        }
        const chunk = new Uint8Array(Math.min(64 * 1024, length - offset));
        const { bytesRead } = chunk.byteLength === 0 ? { bytesRead: 0 } : await file.read(chunk, 0, chunk.byteLength, offset);
        offset += bytesRead;
        if (bytesRead > 0) controller.enqueue(chunk.subarray(0, bytesRead));
        if (bytesRead === 0 || offset >= length) {
          await closeFile();
          controller.close();
        }
      } catch (error) {
        // A file gone since stat (or a failed read) errors this stream, not the process.
        await closeFile();
        controller.error(error);
      }
    },
    async cancel() {
      cancelled = true;
      await closeFile();
    },
  }, { highWaterMark: 0 });
}
