import { fixAll, getFix } from '../core/fixes.ts';
import { parseSitemap } from '../core/parse.ts';
import { serializeFiles } from '../core/serialize.ts';
import { Validator } from '../core/validate.ts';
import { createAppStore } from '../state/store.ts';
import type { AppStore } from '../state/types.ts';
import type { SitemapClient } from '../workers/client.ts';

/**
 * Interim main-thread client (parse and serialize with the core directly) until the worker
 * client and `createBrowserDeps()` are wired in. Same contract as the worker client.
 */
function inThreadClient(): SitemapClient {
  return {
    async parse(bytes, fileName) {
      return parseSitemap(bytes, { fileName });
    },
    async serialize(doc, options) {
      return serializeFiles(doc, options);
    },
  };
}

/** Create the app's one store. */
export function createStore(): AppStore {
  return createAppStore({
    worker: inThreadClient(),
    now: () => Date.now(),
    createValidator: (settings) => new Validator(settings),
    fixes: { getFix, fixAll },
  });
}
