import { describe, expect, it } from 'vitest';
import type { CallAnswer, CallRequest } from './calls.ts';
import { createWorkerCalls, type WorkerLike } from './client.ts';
import { createCsvImportSession } from './csvImportClient.ts';

/** A worker double that answers through `answer` and can be made to crash. */
function fakeWorker(answer: (req: number) => number) {
  const w: WorkerLike & { crash(): void; terminated: boolean; sent: number } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    sent: 0,
    postMessage(message) {
      w.sent++;
      const { callId, req } = message as CallRequest<number>;
      queueMicrotask(() => {
        if (w.terminated) return;
        const reply: CallAnswer<number> =
          req < 0 ? { callId, error: `negative: ${req}` } : { callId, res: answer(req) };
        w.onmessage?.({ data: reply } as MessageEvent);
      });
    },
    terminate() {
      w.terminated = true;
    },
    crash() {
      w.onerror?.({ preventDefault() {} });
    },
  };
  return w;
}

describe('createWorkerCalls (the generic worker client)', () => {
  it('routes each answer to its call, and a thrown error to a rejection', async () => {
    const w = fakeWorker((n) => n * 2);
    const calls = createWorkerCalls<number, number>(
      () => w,
      () => () => -1,
    );
    expect(calls.inThread).toBe(false);
    await expect(Promise.all([calls.call(1), calls.call(5)])).resolves.toEqual([2, 10]);
    await expect(calls.call(-3)).rejects.toThrow('negative: -3');
    expect(w.sent).toBe(3);
  });

  it('runs the same handler in this thread when no worker can start', async () => {
    const calls = createWorkerCalls<number, number>(
      () => {
        throw new Error('blocked by CSP');
      },
      () => (n) => n + 1,
    );
    expect(calls.inThread).toBe(true);
    await expect(calls.call(41)).resolves.toBe(42);
  });

  it('rejects open calls when the worker stops, then falls back to this thread', async () => {
    const w = fakeWorker(() => {
      throw new Error('never answered');
    });
    w.postMessage = () => {}; // the worker never answers
    const calls = createWorkerCalls<number, number>(
      () => w,
      () => (n) => n,
      'The reader stopped.',
    );
    const open = calls.call(1);
    w.crash();
    await expect(open).rejects.toThrow('The reader stopped.');
    expect(w.terminated).toBe(true);
    await expect(calls.call(7)).resolves.toBe(7);
  });

  it('rejects calls after dispose', async () => {
    const calls = createWorkerCalls<number, number>(
      () => null,
      () => (n) => n,
    );
    calls.dispose();
    await expect(calls.call(1)).rejects.toThrow();
  });
});

describe('CSV import session without a worker', () => {
  it('reads a file once, then maps its rows', async () => {
    const session = createCsvImportSession(() => null);
    const file = new Blob(['Address;Last Modified\nhttps://a.example/;2024-06-01\n;2024-06-02\n']);
    const summary = await session.read(file);
    expect(summary).toMatchObject({ headers: ['Address', 'Last Modified'], delimiter: ';', rowCount: 2 });
    await expect(session.rows({ loc: 0, lastmod: 1 })).resolves.toEqual({
      rows: [{ loc: 'https://a.example/', lastmod: '2024-06-01' }],
      skipped: 1,
    });
  });

  it('says so when rows are asked for before a file was read', async () => {
    await expect(createCsvImportSession(() => null).rows({ loc: 0 })).rejects.toThrow(
      'No CSV file has been read yet.',
    );
  });
});
