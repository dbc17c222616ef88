import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer: ReactNode;
  wide?: boolean;
  /**
   * Open it in a task after the one that mounts it: `showModal` makes the rest of the page inert
   * and restyles all of it at once (~540 elements over a grid with crawl columns: 7-36 ms CPU on
   * this machine), which then is not added to the render that mounts the dialog.
   */
  openInNextTask?: boolean;
}

/**
 * Opens a <dialog> as a modal on mount (`inNextTask`: in a task of its own after the mount) and
 * closes it on unmount; `titleId` names it.
 */
export function useModal(inNextTask = false) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    const open = () => {
      if (d && !d.open && d.isConnected) d.showModal();
    };
    const later = inNextTask ? setTimeout(open, 0) : undefined;
    if (!inNextTask) open();
    return () => {
      clearTimeout(later);
      d?.close();
    };
  }, [inNextTask]);
  return { ref, titleId };
}

/** A modal built on <dialog>: focus is trapped, Escape closes, the title names it. */
export function Dialog({ title, onClose, children, footer, wide, openInNextTask }: DialogProps) {
  const { ref, titleId } = useModal(openInNextTask);
  return (
    <dialog
      ref={ref}
      className={wide ? 'dlg wide' : 'dlg'}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="dlg-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="btn ghost small" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </div>
      <div className="dlg-body">{children}</div>
      <div className="dlg-foot">{footer}</div>
    </dialog>
  );
}

/**
 * The usual end of a dialog footer: Cancel, then the primary action (its label as children).
 *
 * @example <DialogActions onCancel={onClose} onAct={apply} disabled={count === 0}>Apply</DialogActions>
 */
export function DialogActions({
  onCancel,
  onAct,
  disabled,
  children,
}: {
  onCancel(): void;
  onAct(): void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type="button" className="btn primary" disabled={disabled} onClick={onAct}>
        {children}
      </button>
    </>
  );
}
