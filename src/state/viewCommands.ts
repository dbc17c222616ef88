/**
 * View commands: sort, search, filters, hidden columns, selection, notices (the one list of them). They never touch
 * the document or the history (so they never clear redo).
 */
import { absentColumns, CRAWL_COLUMNS } from './columns.ts';
import type { Kernel } from './kernel.ts';
import type { Commands, Filters } from './types.ts';

type ViewCommands = Pick<
  Commands,
  | 'setSort'
  | 'setSearch'
  | 'setFilter'
  | 'clearFilters'
  | 'setHiddenColumns'
  | 'setSelection'
  | 'dismissNotice'
  | 'undoNotice'
  | 'resort'
  | 'notify'
>;

/** Build the view commands over a kernel. */
export function createViewCommands(k: Kernel): ViewCommands {
  // A new view means new row positions: the old selection would point at other rows. Each
  // command starts from the view being worked out, if any (kernel.ts `setView`).
  const setView = (view: Kernel['f']['view']) => k.setView(view);
  return {
    setSort(sort) {
      setView({ ...k.nextView(), sort });
    },
    setSearch(search) {
      if (search !== k.nextView().search) setView({ ...k.nextView(), search });
    },
    setFilter(partial) {
      const filters: Filters = { ...k.nextView().filters, ...partial };
      for (const key of Object.keys(filters) as Array<keyof Filters>)
        if (filters[key] === undefined) delete filters[key];
      setView({ ...k.nextView(), filters });
    },
    clearFilters() {
      setView({ ...k.nextView(), search: '', filters: {} });
    },
    setHiddenColumns(hiddenColumns) {
      // The crawl columns stay hidden while no crawl data is attached, and so do the fields the
      // document's kind does not have (an index's changefreq and priority).
      const always = [...(k.f.crawl ? [] : CRAWL_COLUMNS), ...absentColumns(k.f.doc?.kind)];
      const hidden = [...new Set([...hiddenColumns, ...always])];
      k.setView({ ...k.nextView(), hiddenColumns: hidden }, true);
    },
    setSelection(selection) {
      k.set({ selection });
    },
    dismissNotice(id) {
      k.set({ notices: k.f.notices.filter((n) => n.id !== id) });
    },
    resort() {
      k.resort();
    },
    undoNotice(id) {
      const undo = k.f.notices.find((n) => n.id === id)?.undo;
      k.set({ notices: k.f.notices.filter((n) => n.id !== id) });
      if (undo && k.f.history.undo.at(-1) === undo.step) k.undo();
    },
    notify(level, message) {
      k.notify(level, message);
    },
  };
}
