import { Suspense, useEffect, useState } from 'react';
import type { AppState } from '../../state/types.ts';
import type { WorkspaceState } from '../../state/workspaceStore.ts';
import { isMod } from '../keyboard.ts';
import { lazyPart, preloadOn } from '../lazyPart.tsx';
import { useAppState } from '../useAppState.ts';
import { usePopover } from '../usePopover.ts';
import { useWorkspace, useWorkspaceStore } from '../workspace/workspaceContext.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import './habits.css';

type HabitsDialog = 'csv-import' | 'csv-export' | 'crawl' | 'shortcuts' | null;

// Loaded on first use (CSV parsing and writing stay out of the initial bundle).
const CsvImport = lazyPart<{ onClose(): void; initialFile?: File }>(() =>
  import('./CsvImportDialog.tsx').then((m) => m.CsvImportDialog),
);
const CsvExport = lazyPart<{ onClose(): void }>(() =>
  import('./CsvExportDialog.tsx').then((m) => m.CsvExportDialog),
);
const Crawl = lazyPart<{ onClose(): void; initialFile?: File }>(() =>
  import('../crawl/CrawlDialog.tsx').then((m) => m.CrawlDialog),
);
const Shortcuts = lazyPart<{ onClose(): void }>(() =>
  import('./ShortcutOverlay.tsx').then((m) => m.ShortcutOverlay),
);
const csvDialogs = { preload: () => Promise.all([CsvImport.preload(), CsvExport.preload()]) };

const selHasDoc = (s: AppState) => s.doc !== null;
const selCsvImport = (s: WorkspaceState) => s.csvImport;
const selCrawlImport = (s: WorkspaceState) => s.crawlImport;

function isTextField(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** `?` (outside text fields, when nothing else took the key) or Ctrl+/ anywhere opens the overlay. */
function useShortcutKey(open: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector('dialog[open]')) return;
      const help = isMod(e) ? e.key === '/' : e.key === '?' && !e.altKey && !isTextField(e.target);
      if (!help) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

function CsvMenu({ onPick }: { onPick(d: 'csv-import' | 'csv-export' | 'crawl'): void }) {
  const hasDoc = useAppState(selHasDoc);
  const { open, setOpen, ref, closeOnEscape, triggerProps } = usePopover();
  const pick = (d: 'csv-import' | 'csv-export' | 'crawl') => {
    setOpen(false);
    onPick(d);
  };
  return (
    <div className="menu" ref={ref}>
      <button
        className="btn ghost"
        aria-controls={open ? 'hb-csv-menu' : undefined}
        {...triggerProps}
        {...preloadOn(csvDialogs)}
      >
        CSV <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <fieldset
          className="menu-popover hb-menu"
          id="hb-csv-menu"
          aria-label="CSV"
          onKeyDown={closeOnEscape}
        >
          <button type="button" className="btn ghost" onClick={() => pick('csv-import')}>
            Import CSV…
          </button>
          <button type="button" className="btn ghost" disabled={!hasDoc} onClick={() => pick('csv-export')}>
            Export CSV…
          </button>
          <button type="button" className="btn ghost" disabled={!hasDoc} onClick={() => pick('crawl')}>
            Crawl data for an audit…
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}

/**
 * Habits people bring from other tools: CSV import / export, a theme switch and the keyboard
 * shortcut overlay. Rendered in the top bar; owns its dialogs.
 */
export function HabitsControls() {
  const [dialog, setDialog] = useState<HabitsDialog>(null);
  const [csvFile, setCsvFile] = useState<File | undefined>(undefined);
  const [openShortcuts] = useState(() => () => setDialog('shortcuts'));
  useShortcutKey(openShortcuts);
  // A CSV opened or dropped like a sitemap comes in through the session's `open`, which hands
  // it here: the import dialog maps its columns.
  const ws = useWorkspaceStore();
  const incoming = useWorkspace(selCsvImport);
  useEffect(() => {
    if (incoming === null) return;
    setCsvFile(new File([incoming.bytes as Uint8Array<ArrayBuffer>], incoming.name));
    setDialog('csv-import');
    ws.commands.csvImportDone();
  }, [incoming, ws]);
  // A crawl export dropped while a sitemap is open (recognised by its header row) comes in the
  // same way (`crawlImport`): the Crawl dialog reads and attaches it; the sitemap is not replaced.
  const crawlIncoming = useWorkspace(selCrawlImport);
  useEffect(() => {
    if (crawlIncoming === null) return;
    setCsvFile(new File([crawlIncoming.bytes as Uint8Array<ArrayBuffer>], crawlIncoming.name));
    setDialog('crawl');
    ws.commands.crawlImportDone();
  }, [crawlIncoming, ws]);
  const close = () => {
    setDialog(null);
    setCsvFile(undefined);
  };
  return (
    <>
      <CsvMenu onPick={setDialog} />
      <ThemeSwitch />
      <button
        type="button"
        className="btn ghost hb-icon"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (? or Ctrl+/)"
        aria-keyshortcuts="? Control+/"
        onClick={openShortcuts}
        {...preloadOn(Shortcuts)}
      >
        ?
      </button>
      <Suspense fallback={null}>
        {dialog === 'csv-import' ? (
          <CsvImport.Component key={csvFile?.name} onClose={close} initialFile={csvFile} />
        ) : null}
        {dialog === 'csv-export' ? <CsvExport.Component onClose={close} /> : null}
        {dialog === 'crawl' ? (
          <Crawl.Component key={csvFile?.name} onClose={close} initialFile={csvFile} />
        ) : null}
        {dialog === 'shortcuts' ? <Shortcuts.Component onClose={close} /> : null}
      </Suspense>
    </>
  );
}
