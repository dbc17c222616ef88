import type { Alternate, Entry, Issue } from '../../core/model.ts';
import { useCommands } from '../useAppState.ts';
import { Field } from './Field.tsx';
import { issuesAt } from './fieldIssues.ts';
import { IssueList } from './IssueList.tsx';
import { ActionsHeader, AddItemButton, ListRowActions } from './RowActions.tsx';

const LABEL = { hreflang: 'Edit hreflang', href: 'Edit alternate URL', rel: 'Edit rel' };

function otherAttrs(a: Alternate): string {
  return Object.entries(a.attrs ?? {})
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
}

/** The entry's `<xhtml:link>` alternates: hreflang and href editable, rel / media / other attributes shown. */
export function AlternatesTable({ entry, issues }: { entry: Entry; issues: readonly Issue[] }) {
  const commands = useCommands();
  const alts = entry.alternates ?? [];
  const showMedia = alts.some((a) => a.media !== undefined || a.attrs);
  const set = (i: number, key: 'hreflang' | 'href' | 'rel', value: string) => {
    const item: Alternate = { ...alts[i], [key]: value };
    if (key === 'rel' && value === '') delete item.rel;
    commands.editList(entry.id, 'alternates', { op: 'set', index: i, item }, LABEL[key]);
  };
  return (
    <section className="dt-section" aria-label="Alternates">
      <IssueList issues={issuesAt(issues, 'alternates')} />
      {alts.length === 0 ? <p className="dt-empty">No alternate links on this page.</p> : null}
      {alts.length > 0 ? (
        <div className="dt-scroll">
          <table className={showMedia ? 'dt-table dt-alts has-media' : 'dt-table dt-alts'}>
            <thead>
              <tr>
                <th className="dt-num">#</th>
                <th className="dt-code">hreflang</th>
                <th>href</th>
                <th className="dt-rel">rel</th>
                {showMedia ? <th className="dt-other">media / other</th> : null}
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {alts.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list
                <tr key={i}>
                  <td className="dt-num">{i + 1}</td>
                  <td className="dt-code">
                    <Field
                      path={`alternates.${i}.hreflang`}
                      issues={issues}
                      label={`Alternate ${i + 1} hreflang`}
                      value={a.hreflang ?? ''}
                      onCommit={(v) => set(i, 'hreflang', v)}
                    />
                  </td>
                  <td>
                    <Field
                      path={`alternates.${i}.href`}
                      issues={issues}
                      label={`Alternate ${i + 1} href`}
                      value={a.href ?? ''}
                      onCommit={(v) => set(i, 'href', v)}
                    />
                    <IssueList issues={issuesAt(issues, `alternates.${i}`)} compact />
                  </td>
                  <td className="dt-rel">
                    <Field
                      path={`alternates.${i}.rel`}
                      issues={issues}
                      label={`Alternate ${i + 1} rel`}
                      value={a.rel ?? ''}
                      placeholder="missing"
                      onCommit={(v) => set(i, 'rel', v)}
                    />
                  </td>
                  {showMedia ? (
                    <td className="mono dt-small">{[a.media, otherAttrs(a)].filter(Boolean).join(' ')}</td>
                  ) : null}
                  <td className="dt-act">
                    <ListRowActions
                      entryId={entry.id}
                      list="alternates"
                      what={`alternate ${i + 1}`}
                      index={i}
                      count={alts.length}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AddItemButton
        onClick={() =>
          commands.editList(entry.id, 'alternates', {
            op: 'add',
            item: { rel: 'alternate', hreflang: '', href: '' },
          })
        }
      >
        Add alternate
      </AddItemButton>
    </section>
  );
}
