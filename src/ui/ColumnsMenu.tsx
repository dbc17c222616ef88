import { ALL_COLUMNS, absentColumns, isCrawlColumn } from '../state/columns.ts';
import type { AppState } from '../state/types.ts';
import { COLUMN_LABEL } from './columnLabels.ts';
import { useAppState, useCommands } from './useAppState.ts';
import { usePopover } from './usePopover.ts';

const selHidden = (s: AppState) => s.view.hiddenColumns;
const selHasCrawl = (s: AppState) => s.crawl !== null;
const selKind = (s: AppState) => s.doc?.kind;

/** Show / hide columns. The URL column always stays. */
export function ColumnsMenu() {
  const hidden = useAppState(selHidden);
  const hasCrawl = useAppState(selHasCrawl);
  const absent = absentColumns(useAppState(selKind));
  const commands = useCommands();
  // The crawl columns exist only while crawl data is attached; an index has no changefreq, …
  const offered = ALL_COLUMNS.filter(
    (c) => c !== 'loc' && (hasCrawl || !isCrawlColumn(c)) && !absent.includes(c),
  );
  const hiddenCount = offered.filter((c) => hidden.includes(c)).length;
  const { open, setOpen, ref } = usePopover();
  return (
    <div className="menu" ref={ref}>
      <button type="button" className="btn" aria-expanded={open} onClick={() => setOpen(!open)}>
        Columns{hiddenCount ? ` (${hiddenCount} hidden)` : ''}
      </button>
      {open ? (
        <fieldset
          className="menu-popover"
          aria-label="Visible columns"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          {offered.map((c) => (
            <label key={c}>
              <input
                type="checkbox"
                checked={!hidden.includes(c)}
                onChange={(e) =>
                  commands.setHiddenColumns(e.target.checked ? hidden.filter((h) => h !== c) : [...hidden, c])
                }
              />
              {COLUMN_LABEL[c]}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
