/**
 * IndexedDB persistence for autosave, using the `idb` wrapper. One object store, one record
 * (`workspace`). This module is the only one in state/ that touches `indexedDB`.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { PersistenceAdapter, SavedWorkspace } from './persist.ts';

interface WorkbenchDb extends DBSchema {
  workspace: { key: string; value: SavedWorkspace };
}

const DB_NAME = 'sitemap-workbench';
const STORE = 'workspace';
const KEY = 'current';

/**
 * An adapter over IndexedDB, or null when the browser has none (some private modes). Opening
 * is lazy; every method rejects on storage errors (quota, blocked), which the store turns into
 * a notice.
 *
 * @example const storage = createIdbPersistence(); if (storage) await storage.save(workspace);
 */
export function createIdbPersistence(dbName = DB_NAME): PersistenceAdapter | null {
  if (typeof indexedDB === 'undefined') return null;
  let db: Promise<IDBPDatabase<WorkbenchDb>> | null = null;
  const open = () => {
    db ??= openDB<WorkbenchDb>(dbName, 1, {
      upgrade(d) {
        if (!d.objectStoreNames.contains(STORE)) d.createObjectStore(STORE);
      },
    }).catch((e: unknown) => {
      db = null;
      throw e;
    });
    return db;
  };
  return {
    async load() {
      return (await (await open()).get(STORE, KEY)) ?? null;
    },
    async save(workspace) {
      await (await open()).put(STORE, workspace, KEY);
    },
    async clear() {
      await (await open()).delete(STORE, KEY);
    },
  };
}
