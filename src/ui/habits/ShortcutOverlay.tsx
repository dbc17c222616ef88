import { Fragment } from 'react';
import { Dialog } from '../Dialog.tsx';
import { SHORTCUTS, type ShortcutInfo } from '../keyboard.ts';

const GROUPS: ReadonlyArray<ShortcutInfo['group']> = ['Anywhere', 'Table', 'Editing a cell'];

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {keys.map((k, i) => (
        <Fragment key={k}>
          {i > 0 ? <span className="hb-or"> or </span> : null}
          <kbd>{k}</kbd>
        </Fragment>
      ))}
    </>
  );
}

/** Every keyboard shortcut, from the one list in keyboard.ts. Escape or Close closes it. */
export function ShortcutOverlay({ onClose }: { onClose(): void }) {
  return (
    <Dialog
      title="Keyboard shortcuts"
      onClose={onClose}
      wide
      footer={
        <>
          <span className="hint">On macOS, Cmd works wherever Ctrl is shown.</span>
          <span className="spacer" />
          <button type="button" className="btn primary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="hb-shortcuts">
        {GROUPS.map((group) => (
          <table className="summary-table hb-shortcut-table" key={group}>
            <caption>{group}</caption>
            <tbody>
              {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                <tr key={`${s.keys.join()}-${s.does}`}>
                  <th scope="row">
                    <Keys keys={s.keys} />
                  </th>
                  <td>{s.does}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </Dialog>
  );
}
