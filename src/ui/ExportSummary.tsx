import { Fragment, type ReactNode, useEffect, useState } from 'react';
import type { TextDrops } from '../state/exportChanges.ts';
import type { AppState, ExportResult } from '../state/types.ts';
import { fmtBytes, fmtInt, plural } from './format.ts';
import { useAppState, useCommands } from './useAppState.ts';

const selPublishUrl = (s: AppState) => s.settings.publishUrl;

/**
 * The publish URL (shared with Settings): split files need it for the absolute index locations.
 * Committed on blur; `onDraft` gets every keystroke so a dialog's main button can commit it too.
 */
export function PublishUrlField({ onDraft }: { onDraft?(url: string): void } = {}) {
  const publishUrl = useAppState(selPublishUrl);
  const commands = useCommands();
  const [url, setUrl] = useState(publishUrl);
  useEffect(() => setUrl(publishUrl), [publishUrl]);
  return (
    <label className="field">
      <span>Publish URL of the sitemap index</span>
      <input
        type="url"
        value={url}
        placeholder="https://www.example.com/sitemap.xml"
        onChange={(e) => {
          setUrl(e.target.value);
          onDraft?.(e.target.value);
        }}
        onBlur={() => url.trim() !== publishUrl && commands.setSettings({ publishUrl: url.trim() })}
      />
    </label>
  );
}

export interface ExportSummaryProps {
  result: ExportResult | null;
  /** Errors in the document (validator). */
  errors: number;
  confirmed: boolean;
  onConfirm(v: boolean): void;
  /** A way to act on an export issue, by rule (e.g. HOST-004: publish at the site root). */
  actions?: Readonly<Record<string, ReactNode>>;
}

/** The files an export will produce, with counts and sizes, and the error confirmation. */
export function ExportSummary({ result, errors, confirmed, onConfirm, actions }: ExportSummaryProps) {
  const exportErrors = result?.issues.filter((i) => i.severity === 'error') ?? [];
  const notes = result?.issues.filter((i) => i.severity !== 'error') ?? [];
  return (
    <>
      {result ? (
        <table className="summary-table" aria-label="Files to download">
          <thead>
            <tr>
              <th>File</th>
              <th className="r">URLs</th>
              <th className="r">Size</th>
              <th className="r">Uncompressed</th>
            </tr>
          </thead>
          <tbody>
            {result.files.map((f) => (
              <Fragment key={f.name}>
                <tr>
                  <td>{f.name}</td>
                  <td className="r">{fmtInt(f.entries)}</td>
                  <td className="r">{fmtBytes(f.bytes.length)}</td>
                  <td className="r">{fmtBytes(f.uncompressedBytes)}</td>
                </tr>
                {/* A .zip: the files it holds, each as it will be published once unpacked. */}
                {f.inside?.map((z) => (
                  <tr key={`${f.name}/${z.name}`} className="zipped">
                    <td>
                      {z.name}
                      <small>
                        {z.index ? ` sitemap index listing ${plural(z.entries, 'file')}` : ` in ${f.name}`}
                      </small>
                    </td>
                    <td className="r">{z.index ? '' : fmtInt(z.entries)}</td>
                    <td className="r" />
                    <td className="r">{fmtBytes(z.uncompressedBytes)}</td>
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      ) : null}
      {[...exportErrors, ...notes].slice(0, 5).map((i) => (
        <p
          key={`${i.rule}|${i.message}`}
          className={`callout ${i.severity === 'error' ? 'error' : i.severity === 'warning' ? 'warning' : 'info'}`}
        >
          <span className="rule-id">{i.rule}</span> {i.message}
          {actions?.[i.rule] ? <> {actions[i.rule]}</> : null}
        </p>
      ))}
      {errors > 0 ? (
        <div className="callout error">
          <p>
            This sitemap still has {plural(errors, 'error')}. Search engines may ignore the affected URLs or
            the whole file. Fix them from the Issues panel, or export anyway.
          </p>
          <label className="check">
            <input type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} />
            <span>Export anyway, with {plural(errors, 'error')}</span>
          </label>
        </div>
      ) : null}
    </>
  );
}

/** "Last modified / Change frequency of 2 rows": what a text file leaves out. */
export function droppedText(d: TextDrops): string {
  return `${d.fields.join(' / ')} of ${plural(d.rows, 'row')}`;
}

/** Text holds URLs only: what this file leaves out, and the explicit OK to download it anyway. */
export function TextDropsNote({
  drops,
  confirmed,
  onConfirm,
}: {
  drops: TextDrops;
  confirmed: boolean;
  onConfirm(v: boolean): void;
}) {
  return (
    <div className="callout warning" data-testid="export-text-drops">
      <p>
        Text holds URLs only: this file leaves out the {droppedText(drops)}. Choose XML to keep them; a text
        download leaves your edits marked as not exported.
      </p>
      <label className="check">
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} />
        <span>Export as text anyway, without them</span>
      </label>
    </div>
  );
}
