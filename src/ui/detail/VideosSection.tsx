import type { Entry, Issue, XNode } from '../../core/model.ts';
import { VIDEO_FIELDS, xsdInsertIndex } from '../../state/entryCommands.ts';
import { useCommands } from '../useAppState.ts';
import { EditableText } from './EditableText.tsx';
import { Field } from './Field.tsx';
import { issuesUnder, unclaimed } from './fieldIssues.ts';
import { IssueList } from './IssueList.tsx';
import { NodeAttrs } from './NodeAttrs.tsx';
import { ActionsHeader, AddItemButton, ListRowActions, RowActions } from './RowActions.tsx';

/** Deprecated since 2022 (VID-019): no effect at Google. */
const DEPRECATED = new Set(['category', 'gallery_loc', 'price', 'tvshow']);
/** In the XSD, not in Google's docs (VID-019 info). */
const UNDOCUMENTED = new Set(['id', 'content_segment_loc']);
const URL_FIELDS = new Set([
  'thumbnail_loc',
  'content_loc',
  'player_loc',
  'gallery_loc',
  'content_segment_loc',
]);
const NEW_VIDEO: XNode[] = ['thumbnail_loc', 'title', 'description', 'content_loc'].map((name) => ({
  name,
  text: '',
}));

function Flag({ name }: { name: string }) {
  if (DEPRECATED.has(name)) return <span className="dt-flag">ignored by Google</span>;
  if (UNDOCUMENTED.has(name)) return <span className="dt-flag muted">not in Google's docs</span>;
  return null;
}

interface VideoCardProps {
  entry: Entry;
  index: number;
  issues: readonly Issue[];
}

function VideoCard({ entry, index: v, issues }: VideoCardProps) {
  const commands = useCommands();
  const nodes = entry.videos?.[v]?.nodes ?? [];
  const count = entry.videos?.length ?? 0;
  const base = `videos.${v}`;
  const title = nodes.find((n) => n.name === 'title')?.text.trim();
  const names = [...new Set(nodes.map((n) => n.name))];
  const firstOf = new Map<string, number>();
  nodes.forEach((n, j) => {
    if (!firstOf.has(n.name)) firstOf.set(n.name, j);
  });
  const edit = (j: number, node: XNode, label: string) =>
    commands.editNodes(entry.id, 'videos', v, [], { op: 'set', index: j, item: node }, label);
  const addField = (name: string) =>
    commands.editNodes(
      entry.id,
      'videos',
      v,
      [],
      { op: 'add', item: { name, text: '' }, at: xsdInsertIndex('videos', nodes, name) },
      `Add video ${name}`,
    );
  return (
    <article className="dt-card" aria-label={`Video ${v + 1}`}>
      <header className="dt-card-head">
        <h3>
          Video {v + 1}
          {title ? <span className="dt-card-sub"> · {title}</span> : null}
        </h3>
        <ListRowActions entryId={entry.id} list="videos" what={`video ${v + 1}`} index={v} count={count} />
      </header>
      <IssueList
        issues={unclaimed(
          issues,
          base,
          names.map((n) => `${base}.${n}`),
        )}
      />
      <table className="dt-table dt-kv">
        <thead>
          <tr>
            <th className="dt-name">Field</th>
            <th>Value</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {nodes.map((n, j) => {
            const own = firstOf.get(n.name) === j ? issuesUnder(issues, `${base}.${n.name}`) : [];
            const deprecated = DEPRECATED.has(n.name);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list
              <tr key={j} className={deprecated ? 'dt-deprecated' : undefined}>
                <td className="dt-name">
                  <EditableText
                    value={n.name}
                    label={`Video ${v + 1} field ${j + 1} name`}
                    list="dt-video-fields"
                    mono
                    onCommit={(name) => edit(j, { ...n, name }, 'Rename video field')}
                  />
                  <Flag name={n.name} />
                </td>
                <td>
                  <Field
                    path={`${base}.${n.name}.${j}`}
                    issues={issues}
                    own={own}
                    label={`Video ${v + 1} ${n.name.replace(/_/g, ' ')}`}
                    value={n.text}
                    mono={URL_FIELDS.has(n.name)}
                    multiline={n.name === 'description'}
                    onCommit={(text) => edit(j, { ...n, text }, `Edit video ${n.name.replace(/_/g, ' ')}`)}
                  />
                  <NodeAttrs
                    node={n}
                    label={`Video ${v + 1} ${n.name.replace(/_/g, ' ')}`}
                    onChange={(node, label) => edit(j, node, label)}
                  />
                </td>
                <td className="dt-act">
                  <RowActions
                    what={`video ${v + 1} ${n.name} (field ${j + 1})`}
                    index={j}
                    count={nodes.length}
                    onMove={(to) =>
                      commands.editNodes(entry.id, 'videos', v, [], { op: 'move', index: j, to })
                    }
                    onRemove={() =>
                      commands.editNodes(
                        entry.id,
                        'videos',
                        v,
                        [],
                        { op: 'remove', index: j },
                        `Remove video ${n.name}`,
                      )
                    }
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <AddField onAdd={addField} label={`Add a field to video ${v + 1}`} />
    </article>
  );
}

function AddField({ onAdd, label }: { onAdd(name: string): void; label: string }) {
  return (
    <form
      className="dt-add"
      onSubmit={(e) => {
        e.preventDefault();
        const name = new FormData(e.currentTarget).get('name');
        if (typeof name === 'string' && name) onAdd(name);
      }}
    >
      <select name="name" aria-label={label} defaultValue="tag" className="dt-select">
        {VIDEO_FIELDS.map((f) => (
          <option key={f} value={f}>
            {f}
            {DEPRECATED.has(f) ? ' (ignored by Google)' : ''}
          </option>
        ))}
      </select>
      <button type="submit" className="btn small">
        + Add field
      </button>
    </form>
  );
}

/** One card per `<video:video>` with its children as editable name/value rows. */
export function VideosSection({ entry, issues }: { entry: Entry; issues: readonly Issue[] }) {
  const commands = useCommands();
  const videos = entry.videos ?? [];
  return (
    <section className="dt-section" aria-label="Videos">
      <datalist id="dt-video-fields">
        {VIDEO_FIELDS.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      {videos.length === 0 ? <p className="dt-empty">No videos on this page.</p> : null}
      {videos.map((_, v) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cards are positions in the list
        <VideoCard key={v} entry={entry} index={v} issues={issues} />
      ))}
      <AddItemButton
        onClick={() => commands.editList(entry.id, 'videos', { op: 'add', item: { nodes: NEW_VIDEO } })}
      >
        Add video
      </AddItemButton>
    </section>
  );
}
