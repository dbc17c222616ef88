import { useLayoutEffect, useState } from 'react';
import {
  applyThemeChoice,
  loadThemeChoice,
  saveThemeChoice,
  THEME_CHOICES,
  type ThemeChoice,
} from '../theme.ts';
import '../theme-dark.css';
import { usePopover } from '../usePopover.ts';

const LABEL: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/**
 * System / Light / Dark as a small popover of radios behind one icon button, so the top bar
 * stays calm. "System" follows prefers-color-scheme; the choice is remembered.
 */
export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>(() => loadThemeChoice());
  // Tabbing out of the radios closes it too.
  const { open, ref, closeOnEscape, triggerProps } = usePopover({ closeOnFocusOut: true });
  // Before paint, so a remembered dark theme never flashes light.
  useLayoutEffect(() => applyThemeChoice(choice), [choice]);
  return (
    <div className="menu" ref={ref}>
      <button
        className="btn ghost hb-icon"
        aria-label={`Theme: ${LABEL[choice]}`}
        title={`Theme: ${LABEL[choice]}`}
        aria-controls={open ? 'hb-theme-menu' : undefined}
        {...triggerProps}
      >
        <span className="hb-theme-icon" aria-hidden="true" />
      </button>
      {open ? (
        <fieldset className="menu-popover hb-menu hb-menu-end" id="hb-theme-menu" onKeyDown={closeOnEscape}>
          <legend className="hb-menu-title">Theme</legend>
          {THEME_CHOICES.map((c) => (
            <label key={c.value}>
              <input
                type="radio"
                name="hb-theme"
                value={c.value}
                checked={choice === c.value}
                onChange={() => {
                  setChoice(c.value);
                  saveThemeChoice(c.value);
                }}
              />
              {c.value === 'system' ? 'System (follow the device)' : c.label}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
