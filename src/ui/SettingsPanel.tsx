import { useEffect, useState } from 'react';
import { DEFAULT_PROFILE, PROFILE_NAMES, type SeverityProfile } from '../state/profiles.ts';
import type { AppState } from '../state/types.ts';
import { useAppState, useCommands } from './useAppState.ts';

const selSettings = (s: AppState) => s.settings;
const selIndexUrl = (s: AppState) => s.indexPublishUrl;

/** Publish URL and cross-submission: they make host-scope rules decidable; changing them revalidates. */
export function SettingsPanel() {
  const settings = useAppState(selSettings);
  const indexUrl = useAppState(selIndexUrl);
  const commands = useCommands();
  const [url, setUrl] = useState(settings.publishUrl);
  useEffect(() => setUrl(settings.publishUrl), [settings.publishUrl]);
  const commit = () => {
    if (url.trim() !== settings.publishUrl) commands.setSettings({ publishUrl: url.trim() });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        commit();
      }}
    >
      <label className="field">
        <span>Publish URL</span>
        <input
          type="url"
          placeholder={indexUrl ?? 'https://www.example.com/sitemap.xml'}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          onBlur={commit}
        />
        <span className="hint">
          {indexUrl !== null && url.trim() === ''
            ? 'The index names this file at that URL, so URLs outside its host and folder are reported. Type another URL to check against it instead.'
            : 'Where this file will live. URLs outside its host and folder are then reported.'}
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.crossSubmission}
          onChange={(e) => commands.setSettings({ crossSubmission: e.target.checked })}
        />
        <span>
          Cross-submission is set up
          <br />
          <span className="hint">
            Other hosts are verified in Search Console or listed in robots.txt; host mismatches become
            warnings.
          </span>
        </span>
      </label>
      <fieldset className="field">
        <legend>Severity profile</legend>
        {(['search', 'strict'] as const).map((p: SeverityProfile) => (
          <label key={p} className="check">
            <input
              type="radio"
              name="severity-profile"
              checked={(settings.profile ?? DEFAULT_PROFILE) === p}
              onChange={() => commands.setSettings({ profile: p })}
            />
            <span>
              {PROFILE_NAMES[p]}
              <br />
              <span className="hint">
                {p === 'search'
                  ? 'What Google and Bing act on. XSD child order and deprecated image tags are one note for the file.'
                  : 'Every finding an XSD validator would report, on its row.'}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>Dates like 05/01/2024</span>
        <select
          className="select"
          value={settings.dateOrder ?? ''}
          onChange={(e) =>
            commands.setSettings({ dateOrder: (e.target.value || undefined) as 'dmy' | 'mdy' | undefined })
          }
        >
          <option value="">Ask me</option>
          <option value="dmy">Day first (5 January)</option>
          <option value="mdy">Month first (May 1)</option>
        </select>
      </label>
    </form>
  );
}
