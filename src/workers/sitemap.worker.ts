/**
 * The one worker entry: receives protocol requests, runs them with the shared engine (pure
 * core underneath), posts progress/result/error back, transferring output buffers.
 */
import { createEngine } from './engine.ts';
import { isProtocolMessage, PROTOCOL_VERSION, type WorkerRequest } from './protocol.ts';

const scope = self as unknown as {
  onmessage: ((ev: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};
// Big documents get their loc and lastmod orders computed here, off the page (see OrderMessage).
const engine = createEngine({ ordersFrom: 100_000 });

scope.onmessage = (ev) => {
  const data = ev.data;
  if (!isProtocolMessage(data)) {
    const requestId =
      typeof (data as { requestId?: unknown })?.requestId === 'number'
        ? (data as { requestId: number }).requestId
        : -1;
    scope.postMessage(
      {
        version: PROTOCOL_VERSION,
        requestId,
        type: 'error',
        message: 'Unsupported message or protocol version',
      },
      [],
    );
    return;
  }
  void engine.handle(data as WorkerRequest, (msg, transfer) => scope.postMessage(msg, transfer));
};
