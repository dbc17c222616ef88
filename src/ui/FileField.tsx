import { useId } from 'react';
import { fmtBytes } from './format.ts';

/**
 * A dialog's file chooser that says which file the dialog holds: the one picked here, or the
 * one dropped on the page that opened the dialog (a native file input shows only what it was
 * given itself: "No file chosen" beside a dropped file). `file`: the file the dialog reads, or
 * null; `label`: the field's label and the input's accessible name.
 */
export function FileField({
  label,
  accept,
  file,
  onPick,
}: {
  label: string;
  accept: string;
  file: File | null;
  onPick(file: File | undefined): void;
}) {
  const chosenId = useId();
  const chosen = file ? `${file.name} (${fmtBytes(file.size)})` : 'No file chosen';
  return (
    <div className="field">
      <span>{label}</span>
      <div className="file-field">
        <label className="btn file-button">
          {file ? 'Choose another file…' : 'Choose a file…'}
          <input
            type="file"
            accept={accept}
            aria-label={label}
            aria-describedby={chosenId}
            onChange={(e) => {
              const input = e.currentTarget;
              onPick(input.files?.[0]);
              // The same file picked again is read again.
              input.value = '';
            }}
          />
        </label>
        <span id={chosenId} className={file ? 'file-chosen' : 'file-chosen hint'} title={file?.name}>
          {chosen}
        </span>
      </div>
    </div>
  );
}
