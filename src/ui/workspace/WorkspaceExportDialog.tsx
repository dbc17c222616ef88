import { useEffect, useMemo, useState } from 'react';
import type { ChildFormat } from '../../core/workspace/exportPlan.ts';
import {
  childFormats,
  type ExportedFile,
  existingInFolder,
  exportWorkspace,
  type FolderHandle,
  followExportedIndexes,
  separateDelivery,
  suggestedPublishBase,
  writeIntoFolder,
  zipExport,
} from '../../state/workspaceExport.ts';
import { settingsSlot, type WorkspaceState } from '../../state/workspaceStore.ts';
import { Dialog } from '../Dialog.tsx';
import { canPickFolder, downloadBytes, downloadEach, pickFolder } from '../download.ts';
import { FormattingChoice } from '../ExportDiffPreview.tsx';
import { fmtBytes, fmtInt, plural } from '../format.ts';
import { useWorkspace, useWorkspaceStore } from './workspaceContext.ts';

const selModel = (s: WorkspaceState) => s.model;
const selFiles = (s: WorkspaceState) => s.files;

function absoluteBase(text: string): string | null {
  try {
    const u = new URL(text.trim());
    return /^https?:$/.test(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}

function zipName(files: WorkspaceState['files'], model: WorkspaceState['model']): string {
  const first = model?.indexes[0] ?? 0;
  const name = files[first]?.name ?? 'sitemaps';
  return `${name.replace(/^.*\//, '').replace(/\.(xml|txt)(\.gz)?$/i, '') || 'sitemaps'}-workspace.zip`;
}

/**
 * Whether a file differs from the one opened, and why: the user's edits, and what the export
 * rewrites itself (an index's relative child locs written absolute, OUT-008, …).
 */
function ChangedCell({ file }: { file: ExportedFile }) {
  if (!file.changed) return null;
  if (!file.edited && file.changes.length === 0) return <>yes</>;
  return (
    <ul className="ws-why">
      {file.edited ? <li>your edits</li> : null}
      {file.changes.map((c) => (
        <li key={c.id}>
          {c.text} <span className="rule-id">{c.rule}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The workspace export: publish base, per-file format, optional re-split, sizes, then the .zip
 * or each file on its own (into a folder the user picks, else one download per file).
 */
export function WorkspaceExportDialog({ onClose }: { onClose(): void }) {
  const ws = useWorkspaceStore();
  const model = useWorkspace(selModel);
  const files = useWorkspace(selFiles);
  const suggested = useMemo(
    () =>
      model
        ? suggestedPublishBase(
            model,
            (settingsSlot(ws.getState().files)?.store ?? ws.primary).getState().settings.publishUrl,
          )
        : undefined,
    [model, ws],
  );
  const [base, setBase] = useState(suggested ?? '');
  const [split, setSplit] = useState(false);
  const [extra, setExtra] = useState(true);
  const [maxUrls, setMaxUrls] = useState(1000);
  const [formats, setFormats] = useState<ReadonlyMap<number, ChildFormat>>(new Map());
  // As in the single-file export: keep each file's formatting where it can, or normalize all.
  const [keep, setKeep] = useState(true);
  const keepable = files.some((slot) => slot.store.getState().keepable);
  const [out, setOut] = useState<ExportedFile[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Files the picked folder already holds: saving replaces them, so it waits for a second click.
  const [replacing, setReplacing] = useState<{ folder: FolderHandle; names: string[] } | null>(null);
  const publishBase = absoluteBase(base);
  // Before a choice, each child's format is the one the path its index names it by says.
  const defaults = useMemo(
    () => (model && publishBase ? childFormats(ws.getState(), publishBase) : new Map<number, ChildFormat>()),
    [ws, model, publishBase],
  );
  const request = (at: string) => ({
    publishBase: at,
    now: Date.now(),
    formats,
    includeExtra: extra,
    keepFormat: keep,
    ...(split ? { maxUrls: Math.max(1, maxUrls) } : {}),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new model means the files changed: plan again
  useEffect(() => {
    if (publishBase === null) {
      setOut(null);
      return;
    }
    const t = setTimeout(() => {
      try {
        setOut(exportWorkspace(ws.getState(), request(publishBase)));
        setFailure(null);
        setReplacing(null); // other files now: the folder is looked at again on the next save
      } catch (e) {
        setOut(null);
        setFailure(e instanceof Error ? e.message : String(e));
      }
    }, 250);
    return () => clearTimeout(t);
  }, [ws, model, publishBase, split, maxUrls, formats, extra, keep]);

  if (!model) return null;
  const children = model.files
    .map((f, k) => ({ f, k }))
    .filter(({ f }) => f.kind !== 'sitemapindex' && (extra || f.role !== 'extra'));
  const total = out?.reduce((n, f) => n + f.bytes.length, 0) ?? 0;
  // Download takes the fields as they are now, even when typed after the last preview.
  const download = () => {
    if (!out || publishBase === null) return;
    const written = exportWorkspace(ws.getState(), request(publishBase));
    downloadBytes(zipName(files, model), 'application/zip', zipExport(written));
    exported(written);
    onClose();
  };
  // The open indexes take the lastmods they were written with (one undo step each, a notice),
  // then everything is as exported.
  const exported = (written: readonly ExportedFile[]) => {
    followExportedIndexes(ws.getState(), written, ws.activeStore());
    ws.commands.markExported();
  };
  const delivery = out ? separateDelivery(out, canPickFolder()) : null;
  const saveSeparately = async () => {
    if (!out || publishBase === null || delivery === null || delivery.via === 'zip') return;
    setSaving(true);
    try {
      const folder = replacing?.folder ?? (delivery.via === 'folder' ? await pickFolder() : null);
      if (delivery.via === 'folder' && folder === null) return; // cancelled: stay in the dialog
      const now = exportWorkspace(ws.getState(), request(publishBase));
      if (folder && replacing === null) {
        const names = await existingInFolder(folder, now);
        if (names.length > 0) {
          setReplacing({ folder, names });
          return;
        }
      }
      if (folder) await writeIntoFolder(folder, now);
      else await downloadEach(now);
      exported(now);
      onClose();
    } catch (e) {
      setFailure(`Could not save the files: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      title="Export workspace"
      onClose={onClose}
      wide
      footer={
        <>
          <span className="ws-foot-note">
            {out ? `${plural(out.length, 'file')}, ${fmtBytes(total)} before zipping` : ''}
          </span>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn"
            disabled={!out || saving || delivery?.via === 'zip'}
            title={delivery?.via === 'zip' ? delivery.why : undefined}
            onClick={() => void saveSeparately()}
          >
            {replacing
              ? `Replace ${plural(replacing.names.length, 'file')}`
              : delivery?.via === 'folder'
                ? 'Save files into a folder…'
                : 'Download each file'}
          </button>
          <button type="button" className="btn primary" disabled={!out} onClick={download}>
            Download .zip
          </button>
        </>
      }
    >
      <div className="ws-export">
        <label className="ws-field">
          <span>Publish base URL (where the files will live)</span>
          <input
            type="url"
            value={base}
            placeholder="https://www.example.com/"
            onChange={(e) => setBase(e.currentTarget.value)}
            aria-invalid={publishBase === null && base.trim() !== ''}
          />
        </label>
        {publishBase === null && base.trim() === '' ? (
          <p className="hint">
            The index needs absolute URLs: enter the address where the files will be published.
          </p>
        ) : publishBase === null ? (
          <p className="ws-warn" role="alert">
            “{base.trim()}” is not an absolute http(s) address: the index needs one, such as
            https://www.example.com/.
          </p>
        ) : null}
        <div className="ws-split">
          <label>
            <input type="checkbox" checked={split} onChange={(e) => setSplit(e.currentTarget.checked)} />{' '}
            Re-split files to at most
          </label>
          <input
            type="number"
            min={1}
            max={50000}
            value={maxUrls}
            disabled={!split}
            aria-label="URLs per file"
            onChange={(e) => setMaxUrls(Number(e.currentTarget.value) || 1)}
          />
          <span>URLs per file</span>
        </div>
        {model.extra.length > 0 ? (
          <label className="ws-split">
            <input type="checkbox" checked={extra} onChange={(e) => setExtra(e.currentTarget.checked)} />
            Also export the {plural(model.extra.length, 'file')} no index names, and list{' '}
            {model.extra.length === 1 ? 'it' : 'them'} in the index
          </label>
        ) : null}
        {keepable ? <FormattingChoice keep={keep} onChange={setKeep} whose="each file's" /> : null}
        <fieldset className="ws-formats">
          <legend>Format of each file</legend>
          {children.map(({ f, k }) => (
            <label key={f.name} className="ws-format-row">
              <span className="ws-format-name">{f.name}</span>
              <select
                value={
                  formats.get(k) ??
                  defaults.get(k) ??
                  (f.name.toLowerCase().endsWith('.gz') ? 'xml.gz' : 'xml')
                }
                onChange={(e) => {
                  const next = new Map(formats);
                  next.set(k, e.currentTarget.value as ChildFormat);
                  setFormats(next);
                }}
              >
                <option value="xml">XML</option>
                <option value="xml.gz">Gzipped XML</option>
              </select>
            </label>
          ))}
        </fieldset>
        {failure ? <p className="ws-warn">{failure}</p> : null}
        {replacing ? (
          <p className="ws-warn" role="alert">
            The folder you picked already holds {plural(replacing.names.length, 'file')} of this export (
            {replacing.names.slice(0, 3).join(', ')}
            {replacing.names.length > 3 ? ', …' : ''}): saving replaces them. Click “Replace{' '}
            {plural(replacing.names.length, 'file')}” to go on, or Cancel.
          </p>
        ) : null}
        {delivery?.via === 'zip' ? <p className="ws-note">{delivery.why}</p> : null}
        {out ? (
          <table className="ws-out" aria-label="Files in the export">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Role</th>
                <th scope="col">Entries</th>
                <th scope="col">Size</th>
                <th scope="col">Changed</th>
                {keepable ? <th scope="col">Formatting</th> : null}
              </tr>
            </thead>
            <tbody>
              {out.map((f) => (
                <tr key={f.name}>
                  <td>{f.name}</td>
                  <td>{f.role}</td>
                  <td className="num">{fmtInt(f.entries)}</td>
                  <td className="num">
                    {fmtBytes(f.bytes.length)}
                    {f.bytes.length !== f.uncompressedBytes
                      ? ` (${fmtBytes(f.uncompressedBytes)} unzipped)`
                      : ''}
                  </td>
                  <td>
                    <ChangedCell file={f} />
                  </td>
                  {keepable ? <td>{f.kept ? 'kept' : 'normalized'}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </Dialog>
  );
}
