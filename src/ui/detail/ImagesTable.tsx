import { useEffect, useRef, useState } from 'react';
import type { Entry, ImageData, Issue } from '../../core/model.ts';
import { useCommands } from '../useAppState.ts';
import { Field } from './Field.tsx';
import { issuesAt } from './fieldIssues.ts';
import { IssueList } from './IssueList.tsx';
import { ActionsHeader, AddItemButton, ListRowActions } from './RowActions.tsx';

type Deprecated = 'caption' | 'title' | 'geoLocation' | 'license';
const DEPRECATED: ReadonlyArray<{ key: Deprecated; tag: string; label: string }> = [
  { key: 'caption', tag: 'caption', label: 'Caption' },
  { key: 'title', tag: 'title', label: 'Title' },
  { key: 'geoLocation', tag: 'geo_location', label: 'Geo location' },
  { key: 'license', tag: 'license', label: 'License' },
];

export interface ImagesTableProps {
  entry: Entry;
  issues: readonly Issue[];
}

/**
 * The entry's `<image:image>` list: URL plus the deprecated children (shown only when some image
 * has them, flagged "ignored by Google", kept on export unless removed).
 */
export function ImagesTable({ entry, issues }: ImagesTableProps) {
  const commands = useCommands();
  const images = entry.images ?? [];
  const sectionRef = useRef<HTMLElement>(null);
  // After "+ Add image", typing goes to the new image's URL (not to the button, where Enter adds another).
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null || images.length <= focusRow) return;
    sectionRef.current?.querySelector<HTMLInputElement>(`[aria-label="Image ${focusRow + 1} URL"]`)?.focus();
    setFocusRow(null);
  }, [focusRow, images.length]);
  const shownDeprecated = DEPRECATED.filter((d) => images.some((im) => im[d.key] !== undefined));
  const set = (i: number, item: ImageData, label: string) =>
    commands.editList(entry.id, 'images', { op: 'set', index: i, item }, label);
  const setField = (i: number, key: 'loc' | Deprecated, value: string) => {
    const next: ImageData = { ...images[i], [key]: value };
    if (key !== 'loc' && value === '') delete next[key];
    set(i, next, key === 'loc' ? 'Edit image URL' : `Edit image ${key}`);
  };
  return (
    <section className="dt-section" aria-label="Images" ref={sectionRef}>
      <IssueList issues={issuesAt(issues, 'images')} />
      {images.length === 0 ? <p className="dt-empty">No images on this page.</p> : null}
      {images.length > 0 ? (
        <div className="dt-scroll">
          <table className={shownDeprecated.length ? 'dt-table has-dep' : 'dt-table'}>
            <thead>
              <tr>
                <th className="dt-num">#</th>
                <th className={shownDeprecated.length ? 'dt-url' : undefined}>Image URL</th>
                {shownDeprecated.map((d) => (
                  <th key={d.key} className="dt-dep">
                    {d.label} <span className="dt-flag">ignored by Google</span>
                  </th>
                ))}
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {images.map((im, i) => {
                const rowIssues = issuesAt(issues, `images.${i}`);
                const what = `image ${i + 1}`;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list
                  <tr key={i}>
                    <td className="dt-num">{i + 1}</td>
                    <td>
                      <Field
                        path={`images.${i}.loc`}
                        issues={issues}
                        label={`Image ${i + 1} URL`}
                        value={im.loc}
                        onCommit={(v) => setField(i, 'loc', v)}
                      />
                      <IssueList issues={rowIssues} compact />
                      {im.extras?.length ? (
                        <span className="dt-note">
                          {im.extras.length} unknown child element{im.extras.length === 1 ? '' : 's'} kept
                        </span>
                      ) : null}
                    </td>
                    {shownDeprecated.map((d) => (
                      <td key={d.key} className="dt-deprecated">
                        <Field
                          path={`images.${i}.${d.tag}`}
                          issues={issues}
                          label={`Image ${i + 1} ${d.label.toLowerCase()} (ignored by Google)`}
                          value={im[d.key] ?? ''}
                          onCommit={(v) => setField(i, d.key, v)}
                          mono={false}
                        />
                      </td>
                    ))}
                    <td className="dt-act">
                      <ListRowActions
                        entryId={entry.id}
                        list="images"
                        what={what}
                        index={i}
                        count={images.length}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <AddItemButton
        onClick={() => {
          setFocusRow(images.length);
          commands.editList(entry.id, 'images', { op: 'add', item: { loc: '' } });
        }}
      >
        Add image
      </AddItemButton>
    </section>
  );
}
