import type { Entry, Issue, XNode } from '../../core/model.ts';
import { useCommands } from '../useAppState.ts';
import { Field } from './Field.tsx';
import { unclaimed } from './fieldIssues.ts';
import { IssueList } from './IssueList.tsx';
import { AddItemButton } from './RowActions.tsx';

const MAIN: ReadonlyArray<{ names: string[]; label: string; mono?: boolean }> = [
  { names: ['publication', 'name'], label: 'Publication name' },
  { names: ['publication', 'language'], label: 'Language', mono: true },
  { names: ['publication_date'], label: 'Publication date', mono: true },
  { names: ['title'], label: 'Title' },
];
const KNOWN = new Set(['publication', 'publication_date', 'title']);
const NEW_NEWS: XNode[] = [
  {
    name: 'publication',
    text: '',
    children: [
      { name: 'name', text: '' },
      { name: 'language', text: '' },
    ],
  },
  { name: 'publication_date', text: '' },
  { name: 'title', text: '' },
];

function textAt(nodes: readonly XNode[], names: readonly string[]): string {
  let list = nodes;
  let found: XNode | undefined;
  for (const n of names) {
    found = list.find((x) => x.name === n);
    if (!found) return '';
    list = found.children ?? [];
  }
  return found?.text ?? '';
}

function NewsBlock({ entry, index: b, issues }: { entry: Entry; index: number; issues: readonly Issue[] }) {
  const commands = useCommands();
  const nodes = entry.news?.[b]?.nodes ?? [];
  const base = `news.${b}`;
  const legacy = nodes.map((n, j) => ({ n, j })).filter(({ n }) => !KNOWN.has(n.name));
  const claimed = [
    ...MAIN.map((m) => `${base}.${m.names.join('.')}`),
    ...legacy.map(({ n }) => `${base}.${n.name}`),
  ];
  return (
    <article className="dt-card" aria-label={`News ${b + 1}`}>
      <header className="dt-card-head">
        <h3>News{(entry.news?.length ?? 0) > 1 ? ` ${b + 1}` : ''}</h3>
        <button
          type="button"
          className="btn small ghost danger-text"
          onClick={() => commands.editList(entry.id, 'news', { op: 'remove', index: b })}
        >
          Remove news block
        </button>
      </header>
      <IssueList issues={unclaimed(issues, base, claimed)} />
      <div className="dt-form">
        {MAIN.map((m) => (
          <div className="dt-form-row" key={m.label}>
            <span className="dt-form-label">{m.label}</span>
            <Field
              path={`${base}.${m.names.join('.')}`}
              issues={issues}
              label={`News ${m.label.toLowerCase()}`}
              value={textAt(nodes, m.names)}
              mono={m.mono ?? false}
              onCommit={(v) =>
                commands.setNodeText(entry.id, 'news', b, m.names, v, `Edit news ${m.label.toLowerCase()}`)
              }
            />
          </div>
        ))}
        {legacy.map(({ n, j }) => (
          <div className="dt-form-row" key={j}>
            <span className="dt-form-label">
              {n.name} <span className="dt-flag muted">legacy</span>
            </span>
            <Field
              path={`${base}.${n.name}`}
              issues={issues}
              label={`News ${n.name}`}
              value={n.text}
              mono={false}
              onCommit={(text) =>
                commands.editNodes(entry.id, 'news', b, [], { op: 'set', index: j, item: { ...n, text } })
              }
            />
            <button
              type="button"
              className="btn small ghost icon danger-text"
              aria-label={`Remove news ${n.name}`}
              onClick={() => commands.editNodes(entry.id, 'news', b, [], { op: 'remove', index: j })}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </article>
  );
}

/** The `<news:news>` block(s): publication name and language, publication date, title, legacy children. */
export function NewsSection({ entry, issues }: { entry: Entry; issues: readonly Issue[] }) {
  const commands = useCommands();
  const news = entry.news ?? [];
  return (
    <section className="dt-section" aria-label="News">
      <IssueList issues={issues.filter((i) => i.field === 'news')} />
      {news.length === 0 ? <p className="dt-empty">This page has no news data.</p> : null}
      {news.map((_, b) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positions in the list
        <NewsBlock key={b} entry={entry} index={b} issues={issues} />
      ))}
      {news.length === 0 ? (
        <AddItemButton
          onClick={() => commands.editList(entry.id, 'news', { op: 'add', item: { nodes: NEW_NEWS } })}
        >
          Add news block
        </AddItemButton>
      ) : null}
    </section>
  );
}
