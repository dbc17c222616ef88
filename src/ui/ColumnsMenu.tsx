import { ALL_COLUMNS } from '../state/columns.ts';
import type { AppState } from '../state/types.ts';
import { COLUMN_LABEL } from './columnLabels.ts';
import { useAppState, useCommands } from './useAppState.ts';
import { usePopover } from './usePopover.ts';

const selHidden = (s: AppState) => s.view.hiddenColumns;

/** Show / hide columns. The URL column always stays. */
export function ColumnsMenu() {
  const hidden = useAppState(selHidden);
  const commands = useCommands();
  const { open, setOpen, ref } = usePopover();
  return (
    <div className="menu" ref={ref}>
      <button type="button" className="btn" aria-expanded={open} onClick={() => setOpen(!open)}>
        Columns{hidden.length ? ` (${hidden.length} hidden)` : ''}
      </button>
      {open ? (
        <fieldset
          className="menu-popover"
          aria-label="Visible columns"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          {ALL_COLUMNS.filter((c) => c !== 'loc').map((c) => (
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
