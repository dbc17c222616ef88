/**
 * Messages between the page and a worker that serves typed calls (the CSV reader): the page
 * side is `createWorkerCalls` in client.ts, which also runs the same handler in the page where
 * no worker can start.
 */

/** One call from the page. */
export interface CallRequest<Req> {
  callId: number;
  req: Req;
}

/** The answer to one call: its result, or the message of the error it threw. */
export type CallAnswer<Res> = { callId: number; res: Res } | { callId: number; error: string };

/** Answers calls; the same function runs in the worker and, as the fallback, in the page. */
export type CallHandler<Req, Res> = (req: Req) => Res | Promise<Res>;

/**
 * In a worker entry: answer every call of the page with `handler`.
 *
 * @example serveCalls(createCsvHandler());
 */
export function serveCalls<Req, Res>(handler: CallHandler<Req, Res>): void {
  const scope = self as unknown as {
    onmessage: ((ev: MessageEvent<CallRequest<Req>>) => void) | null;
    postMessage(message: CallAnswer<Res>): void;
  };
  scope.onmessage = async (ev) => {
    const { callId, req } = ev.data;
    try {
      scope.postMessage({ callId, res: await handler(req) });
    } catch (e) {
      scope.postMessage({ callId, error: e instanceof Error ? e.message : String(e) });
    }
  };
}
