import { type DayMonthOrder, readTyped } from '../state/columns.ts';
import { Dialog } from './Dialog.tsx';
import { useCommands } from './useAppState.ts';

/** `text` read with the given day/month order (the value a choice button previews). */
function readDate(text: string, order: DayMonthOrder): string {
  const r = readTyped('date', text, order);
  return 'value' in r ? r.value : text;
}

/**
 * The two answers to "is 05/01/2024 day/month or month/day?", each showing the date it gives.
 * The pick is kept in the settings (asked once, for the cell editor, a paste or a bulk edit).
 * `keepFocus` stops the buttons taking focus from an open cell editor.
 */
export function DateOrderChoice({
  sample,
  onPick,
  keepFocus,
}: {
  sample: string;
  onPick(order: DayMonthOrder): void;
  keepFocus?: boolean;
}) {
  const commands = useCommands();
  return (['dmy', 'mdy'] as const).map((o) => (
    <button
      key={o}
      type="button"
      className="btn small"
      onMouseDown={keepFocus ? (e) => e.preventDefault() : undefined}
      onClick={() => {
        commands.setSettings({ dateOrder: o });
        onPick(o);
      }}
    >
      {o === 'dmy' ? 'Day/month' : 'Month/day'} ({readDate(sample, o)})
    </button>
  ));
}

/** A paste's question: the day/month order of its first ambiguous date, asked once for all. */
export function DateOrderDialog({
  sample,
  onPick,
  onClose,
}: {
  sample: string;
  onPick(order: DayMonthOrder): void;
  onClose(): void;
}) {
  return (
    <Dialog
      title="Day and month order"
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      }
    >
      <fieldset className="fix-input" aria-label="Day and month order">
        <legend>
          Pasted dates such as <code>{sample}</code> could be read either way. They are:
        </legend>
        <DateOrderChoice sample={sample} onPick={onPick} />
      </fieldset>
      <p className="hint">Every date of the paste is read the same way; Settings keeps the choice.</p>
    </Dialog>
  );
}
