import { useLayoutEffect, useState } from 'react';
import {
  applyThemeChoice,
  loadThemeChoice,
  saveThemeChoice,
  THEME_CHOICES,
  type ThemeChoice,
} from '../theme.ts';
import '../theme-dark.css';

/** System / Light / Dark. "System" follows prefers-color-scheme; the choice is remembered. */
export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>(() => loadThemeChoice());
  // Before paint, so a remembered dark theme never flashes light.
  useLayoutEffect(() => applyThemeChoice(choice), [choice]);
  return (
    <select
      className="select hb-theme"
      aria-label="Theme"
      title="Theme: follow the system, or always light or dark"
      value={choice}
      onChange={(e) => {
        const next = e.target.value as ThemeChoice;
        setChoice(next);
        saveThemeChoice(next);
      }}
    >
      {THEME_CHOICES.map((c) => (
        <option key={c.value} value={c.value}>
          {c.value === 'system' ? 'Theme: System' : `Theme: ${c.label}`}
        </option>
      ))}
    </select>
  );
}
