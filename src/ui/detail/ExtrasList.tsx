import type { Entry, Issue } from '../../core/model.ts';
import { useCommands } from '../useAppState.ts';
import { issuesUnder } from './fieldIssues.ts';
import { IssueList } from './IssueList.tsx';

const KNOWN_NS: Record<string, string> = {
  'http://www.google.com/schemas/sitemap-mobile/1.0': 'Google mobile (legacy)',
  'http://www.google.com/schemas/sitemap-pagemap/1.0': 'Google PageMap (legacy)',
};

/**
 * Elements the editor does not model (unknown or legacy extensions): read-only, their XML shown as
 * text exactly as read, written back unchanged on export. Removing one is an undoable edit.
 */
export function ExtrasList({ entry, issues }: { entry: Entry; issues: readonly Issue[] }) {
  const commands = useCommands();
  const extras = entry.extras ?? [];
  const remove = (i: number) => {
    const next: Entry = { ...entry, extras: extras.filter((_, j) => j !== i) };
    if (next.extras?.length === 0) delete next.extras;
    commands.updateEntry(entry.id, next, `Remove <${extras[i].name}>`);
  };
  return (
    <section className="dt-section" aria-label="Other extensions">
      <p className="dt-note">Not edited here: kept exactly as read and written back on export.</p>
      {extras.length === 0 ? <p className="dt-empty">No other extension elements.</p> : null}
      {extras.map((x, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: source order
        <article key={i} className="dt-card" aria-label={`Element ${x.name}`}>
          <header className="dt-card-head">
            <h3>
              &lt;{x.name}&gt;
              <span className="dt-card-sub"> · {KNOWN_NS[x.ns] ?? (x.ns || 'no namespace')}</span>
            </h3>
            <button
              type="button"
              className="btn small ghost danger-text"
              aria-label={`Remove element ${x.name}`}
              onClick={() => remove(i)}
            >
              Remove
            </button>
          </header>
          <IssueList issues={issuesUnder(issues, `extras.${i}`)} compact />
          <pre className="dt-xml">{x.xml}</pre>
        </article>
      ))}
    </section>
  );
}
