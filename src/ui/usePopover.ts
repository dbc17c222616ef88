import { useEffect, useRef, useState } from 'react';

/**
 * State of a small popover menu behind a trigger button: a click outside closes it (and, with
 * `closeOnFocusOut`, so does tabbing out of it); `closeOnEscape` closes it and returns focus to the
 * trigger. Attach `ref` to the wrapper and spread `triggerProps` on the button.
 */
export function usePopover({ closeOnFocusOut = false }: { closeOnFocusOut?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const leave = (e: FocusEvent) => {
      if (!ref.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
    };
    const root = closeOnFocusOut ? ref.current : null;
    window.addEventListener('mousedown', close);
    root?.addEventListener('focusout', leave);
    return () => {
      window.removeEventListener('mousedown', close);
      root?.removeEventListener('focusout', leave);
    };
  }, [open, closeOnFocusOut]);
  const closeOnEscape = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.preventDefault();
    setOpen(false);
    trigger.current?.focus();
  };
  /** Props of the trigger button: its ref, `aria-expanded`, toggle on click, Escape to close. */
  const triggerProps = {
    ref: trigger,
    type: 'button' as const,
    'aria-expanded': open,
    onClick: () => setOpen(!open),
    onKeyDown: closeOnEscape,
  };
  return { open, setOpen, ref, trigger, closeOnEscape, triggerProps };
}
