import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../state/store.ts';
import { fakeClient, makeDocument } from '../state/testing.ts';
import type { Task } from '../state/types.ts';
import { StatusBarTask } from './StatusBar.tsx';
import { TaskProgress, taskPercent } from './TaskProgress.tsx';

const noop = () => undefined;
const opening: Task = { label: 'Opening big.xml', progress: 0.424, cancellable: true };

describe('TaskProgress', () => {
  it('names the work, shows how far it is as a progressbar and offers Cancel', () => {
    const html = renderToStaticMarkup(<TaskProgress task={opening} onCancel={noop} />);
    expect(html).toContain('Opening big.xml…');
    expect(html).toContain('42%');
    expect(html).toMatch(/role="progressbar"[^>]*aria-label="Opening big.xml"/);
    expect(html).toContain('aria-valuenow="42"');
    expect(html).toContain('transform:scaleX(0.42)');
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
  });

  it('moves without a percentage while the progress is unknown', () => {
    const html = renderToStaticMarkup(<TaskProgress task={{ ...opening, progress: null }} onCancel={noop} />);
    expect(html).toContain('progress indeterminate');
    expect(html).not.toContain('aria-valuenow');
    expect(html).not.toContain('%');
  });

  it('has no Cancel for work that cannot be cancelled, or where its place already has one', () => {
    const html = renderToStaticMarkup(
      <TaskProgress task={{ ...opening, cancellable: false }} onCancel={noop} />,
    );
    expect(html).not.toContain('Cancel');
    // The export dialog's own Cancel stops its preview: no second Cancel next to it.
    expect(renderToStaticMarkup(<TaskProgress task={opening} />)).not.toContain('Cancel');
  });

  it('rounds the progress to whole percent', () => {
    expect(taskPercent({ ...opening, progress: 0.995 })).toBe(100);
    expect(taskPercent({ ...opening, progress: 0 })).toBe(0);
    expect(taskPercent({ ...opening, progress: null })).toBeNull();
  });
});

describe('status bar task', () => {
  it('shows the privacy note when nothing runs, and the work with Cancel over a document', () => {
    expect(renderToStaticMarkup(<StatusBarTask task={null} hasDoc onCancel={noop} />)).toContain(
      'nothing is uploaded',
    );
    // With nothing open the progress fills the view instead (App's Loading view).
    expect(
      renderToStaticMarkup(<StatusBarTask task={opening} hasDoc={false} onCancel={noop} />),
    ).not.toContain('progressbar');
    const html = renderToStaticMarkup(<StatusBarTask task={opening} hasDoc onCancel={noop} />);
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('Cancel');
  });

  it('Cancel while opening a second file keeps the open document and its edits', async () => {
    const docs = [makeDocument(5), makeDocument(50_000, 7)];
    const store = createAppStore({
      worker: fakeClient(() => ({
        kind: 'urlset',
        document: docs.shift() ?? makeDocument(1),
        issues: [],
        fatal: null,
      })),
      now: () => 0,
    });
    await store.commands.openFile('first.xml', new Uint8Array([1]));
    store.commands.setCell(0, 'priority', '0.9');
    const before = store.getState().doc;

    const pending = store.commands.openFile('second.xml', new Uint8Array([2]));
    const task = store.getState().task;
    expect(task).toMatchObject({ label: 'Opening second.xml', cancellable: true });
    const bar = (
      <StatusBarTask
        task={task}
        hasDoc={store.getState().doc !== null}
        onCancel={() => store.commands.cancelTask()}
      />
    );
    expect(renderToStaticMarkup(bar)).toContain('Opening second.xml…');
    bar.props.onCancel(); // what the Cancel button does
    await pending;

    const s = store.getState();
    expect(s.task).toBeNull();
    expect(s.doc).toBe(before);
    expect(s.fileName).toBe('first.xml');
    expect(s.doc?.entries[0].priority).toBe('0.9');
    expect(s.history.canUndo).toBe(true);
    expect(s.notices.at(-1)?.message).toBe('Opening second.xml was cancelled.');
  });
});
