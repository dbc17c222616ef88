import { useState } from 'react';
import { Dialog } from './Dialog.tsx';
import { useOpen } from './openFiles.ts';

/** Paste sitemap XML, a text sitemap or a plain list of URLs, and open it. */
export function PasteDialog({ onClose }: { onClose(): void }) {
  const opener = useOpen();
  const [text, setText] = useState('');
  const open = () => {
    onClose();
    void opener.text(text);
  };
  return (
    <Dialog
      title="Paste a sitemap"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn primary" disabled={text.trim() === ''} onClick={open}>
            Open pasted text
          </button>
        </>
      }
    >
      <label className="field">
        <span>Sitemap XML, text sitemap or list of URLs</span>
        <textarea
          rows={12}
          value={text}
          spellCheck={false}
          placeholder={'<?xml version="1.0" encoding="UTF-8"?>\n<urlset …>\n\nor one URL per line'}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <p className="hint">The text is parsed in your browser; nothing is uploaded.</p>
    </Dialog>
  );
}
