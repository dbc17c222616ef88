/**
 * Messages between the page and a worker that serves typed calls (the CSV and crawl readers): the page
 * side is `createWorkerCalls` in client.ts, which also runs the same handler in the page where
 * no worker can start.
 */

/** One call from the page. */
export interface CallRequest<Req> {
  callId: number;
  req: Req;
}

/** The answer to one call: its result, the message of the error it threw, or progress on the way. */
export type CallAnswer<Res> =
  | { callId: number; res: Res }
  | { callId: number; error: string }
  | { callId: number; progress: [done: number, total: number] };

/** What a handler can do besides answering: report progress, move buffers instead of copying. */
export interface CallContext {
  /** Progress of this call (`done` of `total`, in the handler's own units). */
  progress(done: number, total: number): void;
  /** Buffers of the result to transfer (moved, not cloned) with the answer; ignored in the page. */
  transfer(buffers: readonly ArrayBufferLike[]): void;
}

/** Answers calls; the same function runs in the worker and, as the fallback, in the page. */
export type CallHandler<Req, Res> = (req: Req, ctx: CallContext) => Res | Promise<Res>;

/**
 * In a worker entry: answer every call of the page with `handler`.
 *
 * @example serveCalls(createCsvHandler());
 */
export function serveCalls<Req, Res>(handler: CallHandler<Req, Res>): void {
  const scope = self as unknown as {
    onmessage: ((ev: MessageEvent<CallRequest<Req>>) => void) | null;
    postMessage(message: CallAnswer<Res>, transfer?: Transferable[]): void;
  };
  scope.onmessage = async (ev) => {
    const { callId, req } = ev.data;
    let moved: Transferable[] = [];
    const ctx: CallContext = {
      progress: (done, total) => scope.postMessage({ callId, progress: [done, total] }),
      transfer: (buffers) => {
        moved = buffers as Transferable[];
      },
    };
    try {
      const res = await handler(req, ctx);
      scope.postMessage({ callId, res }, moved);
    } catch (e) {
      scope.postMessage({ callId, error: e instanceof Error ? e.message : String(e) });
    }
  };
}
