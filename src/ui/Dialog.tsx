import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer: ReactNode;
  wide?: boolean;
}

/** Opens a <dialog> as a modal on mount and closes it on unmount; `titleId` names it. */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return { ref, titleId };
}

/** A modal built on <dialog>: focus is trapped, Escape closes, the title names it. */
export function Dialog({ title, onClose, children, footer, wide }: DialogProps) {
  const { ref, titleId } = useModal();
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
