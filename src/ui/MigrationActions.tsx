import { useState } from 'react';
import { useCommands } from './useAppState.ts';

/** The two common migrations, one action each: http → https, and moving to another host. */
export function MigrationActions({ onDone }: { onDone(): void }) {
  const commands = useCommands();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <section aria-label="Migrations">
      <h3 className="section-title">Migrations</h3>
      <div className="inline-fields">
        <div className="field">
          <span>Scheme</span>
          <button
            type="button"
            className="btn"
            onClick={() => {
              commands.migrateScheme();
              onDone();
            }}
          >
            Switch http:// to https://
          </button>
        </div>
        <label className="field">
          <span>From host</span>
          <input
            type="text"
            placeholder="old.example.com"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label className="field">
          <span>To host</span>
          <input
            type="text"
            placeholder="www.example.com"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <div className="field">
          <span aria-hidden="true">&nbsp;</span>
          <button
            type="button"
            className="btn"
            disabled={!from.trim() || !to.trim()}
            onClick={() => {
              commands.migrateHost(from.trim(), to.trim());
              onDone();
            }}
          >
            Change host
          </button>
        </div>
      </div>
    </section>
  );
}
