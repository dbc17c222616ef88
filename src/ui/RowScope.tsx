import { plural } from './format.ts';

/** Which rows a bulk change (Bulk edit, Find & replace) works on. */
export type RowScopeChoice = 'selection' | 'view';

/** One rule for every bulk change: the selection when there is one (more than one row), else the rows in view. */
export function defaultRowScope(selected: number): RowScopeChoice {
  return selected > 1 ? 'selection' : 'view';
}

/** The "Apply to" choice with each scope's row count, shared by Bulk edit and Find & replace. */
export function RowScope({
  name,
  scope,
  selected,
  inView,
  onChange,
}: {
  name: string;
  scope: RowScopeChoice;
  selected: number;
  inView: number;
  onChange(scope: RowScopeChoice): void;
}) {
  return (
    <fieldset className="radio-cards">
      <legend>Apply to</legend>
      <label>
        <input
          type="radio"
          name={name}
          checked={scope === 'selection'}
          disabled={selected === 0}
          onChange={() => onChange('selection')}
        />
        <span>
          Selected rows<small>{plural(selected, 'URL')}</small>
        </span>
      </label>
      <label>
        <input type="radio" name={name} checked={scope === 'view'} onChange={() => onChange('view')} />
        <span>
          All rows in view<small>{plural(inView, 'URL')}</small>
        </span>
      </label>
    </fieldset>
  );
}
